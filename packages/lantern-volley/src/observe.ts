// The player's view: a plain-text summary with a coarse map, and the full layout of the current wave.
import { ARENA_HEIGHT, ARENA_WIDTH, BRAZIER, MAX_ANGLE, MIN_ANGLE, WAVE_COUNT, waveRow } from './constants.ts';
import type { Beam, Box, Circle, Layout } from './layout.ts';
import type { State } from './state.ts';

export interface Observation {
  [key: string]: unknown;
  text: string;
  wave: number;
  waves: number;
  wispsLeft: number;
  wisps: number;
  bounceCap: number;
  lanternsLit: number;
  lanternsTotal: number;
  score: number;
  gameOver: boolean;
  won: boolean;
  aim: { minDeg: number; maxDeg: number; stepDeg: number; origin: { x: number; y: number } };
  layout: {
    arena: { width: number; height: number };
    walls: Array<{ id: number; side: 'top' | 'right' | 'bottom' | 'left' }>;
    beams: Beam[];
    screens: Box[];
    gongs: Circle[];
    lanterns: Array<Circle & { lit: boolean }>;
  };
}

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

export function observe(state: State, layout: Layout): Observation {
  const row = waveRow(state.wave);
  const lanterns = layout.lanterns.map((l, i) => ({ ...l, lit: state.lit[i] === true }));
  const lanternsLit = lanterns.filter((l) => l.lit).length;
  const obs: Observation = {
    text: '',
    wave: state.wave,
    waves: WAVE_COUNT,
    wispsLeft: state.wispsLeft,
    wisps: row.wisps,
    bounceCap: row.bounceCap,
    lanternsLit,
    lanternsTotal: lanterns.length,
    score: state.score,
    gameOver: state.gameOver,
    won: state.won,
    aim: { minDeg: MIN_ANGLE, maxDeg: MAX_ANGLE, stepDeg: 0.1, origin: { x: BRAZIER.x, y: BRAZIER.y } },
    layout: {
      arena: { width: ARENA_WIDTH, height: ARENA_HEIGHT },
      walls: [
        { id: 0, side: 'top' },
        { id: 1, side: 'right' },
        { id: 2, side: 'bottom' },
        { id: 3, side: 'left' },
      ],
      beams: layout.beams.map((b) => ({ ...b })),
      screens: layout.screens.map((s) => ({ ...s })),
      gongs: layout.gongs.map((g) => ({ ...g })),
      lanterns,
    },
  };
  obs.text = describe(state, obs);
  return obs;
}

function describe(state: State, o: Observation): string {
  const status = state.won
    ? 'ROUND WON: all 8 waves cleared.'
    : state.gameOver
      ? 'ROUND OVER: out of wisps with lanterns unlit.'
      : `Aim: { "type": "SHOOT", "angleDeg": a } with a in [15.0, 165.0] after rounding to 0.1 deg (90 = straight up, 15 = right, 165 = left).`;
  const lines = [
    `Lantern Volley - wave ${o.wave} of ${o.waves} - wisps left ${o.wispsLeft} of ${o.wisps} - bounce cap ${o.bounceCap} - score ${o.score}`,
    `Lanterns lit ${o.lanternsLit} of ${o.lanternsTotal}. ${status}`,
    ...picture(o),
    'Entities (walls 0 top y=0, 1 right x=1080, 2 bottom y=1440, 3 left x=0):',
  ];
  for (const b of o.layout.beams)
    lines.push(
      b.shape === 'rect'
        ? `  ${b.id} beam rect x ${b.x0}..${b.x1} y ${b.y0}..${b.y1}`
        : `  ${b.id} beam diagonal (${b.x0}, ${b.y0}) to (${b.x1}, ${b.y1})`,
    );
  for (const s of o.layout.screens) lines.push(`  ${s.id} screen x ${s.x0}..${s.x1} y ${s.y0}..${s.y1}`);
  for (const g of o.layout.gongs) lines.push(`  ${g.id} gong at (${g.x}, ${g.y}) r ${g.r}`);
  for (const l of o.layout.lanterns) lines.push(`  ${l.id} lantern at (${l.x}, ${l.y}) r ${l.r} ${l.lit ? 'lit' : 'UNLIT'}`);
  const shot = state.lastShot;
  if (shot) {
    const lit = shot.events.filter((e) => e.type === 'light').length;
    const end = shot.events[shot.events.length - 1]!;
    lines.push(
      `Last shot: ${shot.angleDeg} deg in wave ${shot.wave}: lit ${lit}, ${shot.events.filter((e) => e.type === 'bounce').length} bounces, ended by ${end.type}${end.cause ? ` (${end.cause})` : ''}, +${shot.points} points${shot.waveCleared ? ', wave cleared' : ''}.`,
    );
  }
  return lines.join('\n');
}

function picture(o: Observation): string[] {
  const grid: string[][] = Array.from({ length: ROWS }, () => new Array<string>(COLS).fill('.'));
  const put = (x: number, y: number, ch: string) => {
    const c = Math.floor(x / CELL_W);
    const r = Math.floor(y / CELL_H);
    if (c >= 0 && c < COLS && r >= 0 && r < ROWS) grid[r]![c] = ch;
  };
  const fillBox = (b: Box, ch: string) => {
    for (let r = Math.floor(b.y0 / CELL_H); r <= Math.min(ROWS - 1, Math.floor(b.y1 / CELL_H)); r++)
      for (let c = Math.floor(b.x0 / CELL_W); c <= Math.min(COLS - 1, Math.floor(b.x1 / CELL_W)); c++) grid[r]![c] = ch;
  };
  for (const b of o.layout.beams) {
    if (b.shape === 'rect') fillBox(b, '#');
    else {
      const steps = Math.abs(b.x1 - b.x0);
      const ch = (b.x1 - b.x0) * (b.y1 - b.y0) > 0 ? '\\' : '/';
      for (let k = 0; k <= steps; k += 4) put(b.x0 + Math.sign(b.x1 - b.x0) * k, b.y0 + Math.sign(b.y1 - b.y0) * k, ch);
    }
  }
  for (const s of o.layout.screens) fillBox(s, '=');
  for (const g of o.layout.gongs) put(g.x, g.y, 'G');
  for (const l of o.layout.lanterns) put(l.x, l.y, l.lit ? 'o' : 'O');
  put(BRAZIER.x, BRAZIER.y, 'B');
  const border = `+${'-'.repeat(COLS)}+`;
  return [border, ...grid.map((r) => `|${r.join('')}|`), border];
}
