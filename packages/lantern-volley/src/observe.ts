// The player's view: a plain-text summary with a coarse map, and the full layout of the current wave with every
// shape's kind. The layout view and the map with the entity list depend only on (seed, wave, lit lanterns), so they
// are built once per such triple and kept in a bounded cache (issue 14: the text picture cost ~120 us per action).
import { ARENA_HEIGHT, ARENA_WIDTH, BRAZIER, MAX_ANGLE, MIN_ANGLE, WALL_NAMES, WAVE_COUNT, waveRow } from './constants.ts';
import type { Layout } from './layout.ts';
import type { LayoutView, Observation } from './shapes/observation.ts';
import type { State } from './state.ts';

export type { Observation } from './shapes/observation.ts';

/** Map cell size in arena units: 54 columns x 36 rows (a terminal character is about twice as tall as wide). */
const CELL_W = 20;
const CELL_H = 40;
const COLS = ARENA_WIDTH / CELL_W;
const ROWS = ARENA_HEIGHT / CELL_H;

export const LEGEND: Record<string, string> = {
  B: 'the brazier at (540, 1360): every wisp starts here',
  '#': 'beam (axis-aligned rectangle): reflects by flipping one axis (both on an exact corner)',
  '\\': 'diagonal beam running down-right (45 deg mirror segment)',
  '/': 'diagonal beam running up-right (45 deg mirror segment)',
  '=': 'paper screen: absorbs the wisp (the flight ends)',
  G: 'gong (circle): reflects; the first strike in a shot rings (+25) and refills the distance budget',
  O: 'unlit lantern (radius 34, pass-through): lights on first contact',
  o: 'lit lantern: ignored by wisps',
  '.': 'open air',
  '+': 'arena corner; the border of -, | is the four walls (ids 0 top, 1 right, 2 bottom, 3 left)',
};

const AIM = Object.freeze({ minDeg: MIN_ANGLE, maxDeg: MAX_ANGLE, stepDeg: 0.1, origin: Object.freeze({ x: BRAZIER.x, y: BRAZIER.y }) });

interface StaticView {
  layout: LayoutView;
  /** The map and the entity list: the part of observation.text that only the layout and the lit flags decide. */
  picture: string;
}

const CACHE_LIMIT = 2048;
const cache = new Map<string, StaticView>();

/** Forgets every cached view (benchmarks measure the cold cost). */
export function clearObservationCache(): void {
  cache.clear();
}

export function litMask(lit: readonly boolean[]): number {
  let m = 0;
  for (let i = 0; i < lit.length; i++) if (lit[i]) m |= 1 << i;
  return m;
}

function staticView(seed: number, layout: Layout, lit: readonly boolean[]): StaticView {
  const key = `${seed}:${layout.wave}:${litMask(lit)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const view: LayoutView = {
    arena: { width: ARENA_WIDTH, height: ARENA_HEIGHT },
    walls: WALL_NAMES.map((side, id) => ({ id, kind: 'wall' as const, side })),
    beams: layout.beams.map((b) => ({
      id: b.id,
      kind: b.shape === 'rect' ? 'beam' : 'diagonal',
      shape: b.shape,
      x0: b.x0,
      y0: b.y0,
      x1: b.x1,
      y1: b.y1,
    })),
    screens: layout.screens.map((s) => ({ id: s.id, kind: 'screen' as const, x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1 })),
    gongs: layout.gongs.map((g) => ({ id: g.id, kind: 'gong' as const, x: g.x, y: g.y, r: g.r })),
    lanterns: layout.lanterns.map((l, i) => ({ id: l.id, kind: 'lantern' as const, x: l.x, y: l.y, r: l.r, lit: lit[i] === true })),
  };
  const entry = { layout: deepFreeze(view), picture: [...picture(view), ...entityLines(view)].join('\n') };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
  return entry;
}

export function observe(state: State, layout: Layout): Observation {
  const row = waveRow(state.wave);
  const { layout: view, picture: pictureText } = staticView(state.seed, layout, state.lit);
  let lanternsLit = 0;
  for (const l of state.lit) if (l) lanternsLit++;
  const obs: Observation = {
    text: '',
    wave: state.wave,
    waves: WAVE_COUNT,
    wispsLeft: state.wispsLeft,
    wisps: row.wisps,
    bounceCap: row.bounceCap,
    lanternsLit,
    lanternsTotal: view.lanterns.length,
    score: state.score,
    gameOver: state.gameOver,
    won: state.won,
    aim: AIM,
    layout: view,
  };
  obs.text = describe(state, obs, pictureText);
  return obs;
}

function describe(state: State, o: Observation, pictureText: string): string {
  const status = state.won
    ? 'ROUND WON: all 8 waves cleared.'
    : state.gameOver
      ? 'ROUND OVER: out of wisps with lanterns unlit.'
      : `Aim: { "type": "SHOOT", "angleDeg": a } with a in [15.0, 165.0] after rounding to 0.1 deg (90 = straight up, 15 = right, 165 = left).`;
  const lines = [
    `Lantern Volley - wave ${o.wave} of ${o.waves} - wisps left ${o.wispsLeft} of ${o.wisps} - bounce cap ${o.bounceCap} - score ${o.score}`,
    `Lanterns lit ${o.lanternsLit} of ${o.lanternsTotal}. ${status}`,
    pictureText,
  ];
  const shot = state.lastShot;
  if (shot) {
    let lit = 0;
    let bounces = 0;
    for (const e of shot.events) {
      if (e.type === 'light') lit++;
      else if (e.type === 'bounce') bounces++;
    }
    const end = shot.events[shot.events.length - 1]!;
    lines.push(
      `Last shot: ${shot.angleDeg} deg in wave ${shot.wave}: lit ${lit}, ${bounces} bounces, ended by ${end.type}${end.cause ? ` (${end.cause})` : ''}, +${shot.points} points${shot.waveCleared ? ', wave cleared' : ''}.`,
    );
  }
  return lines.join('\n');
}

function entityLines(o: LayoutView): string[] {
  const lines = ['Entities (walls 0 top y=0, 1 right x=1080, 2 bottom y=1440, 3 left x=0):'];
  for (const b of o.beams)
    lines.push(
      b.shape === 'rect'
        ? `  ${b.id} beam rect x ${b.x0}..${b.x1} y ${b.y0}..${b.y1}`
        : `  ${b.id} beam diagonal (${b.x0}, ${b.y0}) to (${b.x1}, ${b.y1})`,
    );
  for (const s of o.screens) lines.push(`  ${s.id} screen x ${s.x0}..${s.x1} y ${s.y0}..${s.y1}`);
  for (const g of o.gongs) lines.push(`  ${g.id} gong at (${g.x}, ${g.y}) r ${g.r}`);
  for (const l of o.lanterns) lines.push(`  ${l.id} lantern at (${l.x}, ${l.y}) r ${l.r} ${l.lit ? 'lit' : 'UNLIT'}`);
  return lines;
}

type Edges = { x0: number; y0: number; x1: number; y1: number };

function picture(o: LayoutView): string[] {
  const grid: string[][] = Array.from({ length: ROWS }, () => new Array<string>(COLS).fill('.'));
  const put = (x: number, y: number, ch: string) => {
    const c = Math.floor(x / CELL_W);
    const r = Math.floor(y / CELL_H);
    if (c >= 0 && c < COLS && r >= 0 && r < ROWS) grid[r]![c] = ch;
  };
  const fillBox = (b: Edges, ch: string) => {
    for (let r = Math.floor(b.y0 / CELL_H); r <= Math.min(ROWS - 1, Math.floor(b.y1 / CELL_H)); r++)
      for (let c = Math.floor(b.x0 / CELL_W); c <= Math.min(COLS - 1, Math.floor(b.x1 / CELL_W)); c++) grid[r]![c] = ch;
  };
  for (const b of o.beams) {
    if (b.shape === 'rect') fillBox(b, '#');
    else {
      const steps = Math.abs(b.x1 - b.x0);
      const ch = (b.x1 - b.x0) * (b.y1 - b.y0) > 0 ? '\\' : '/';
      for (let k = 0; k <= steps; k += 4) put(b.x0 + Math.sign(b.x1 - b.x0) * k, b.y0 + Math.sign(b.y1 - b.y0) * k, ch);
    }
  }
  for (const s of o.screens) fillBox(s, '=');
  for (const g of o.gongs) put(g.x, g.y, 'G');
  for (const l of o.lanterns) put(l.x, l.y, l.lit ? 'o' : 'O');
  put(BRAZIER.x, BRAZIER.y, 'B');
  const border = `+${'-'.repeat(COLS)}+`;
  return [border, ...grid.map((r) => `|${r.join('')}|`), border];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
