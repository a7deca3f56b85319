// The compact view for language models (Rules.brief): a 27 x 18 map (one cell = 40 x 80 units) with lanterns
// lettered, the lanterns with exact centres and the direct-aim angle, the other shapes with exact coordinates, the
// last shot in one line, and the action in one compact form. JSON.stringify(game.compact(state, recap)) stays under
// 2,300 bytes on every state (test/brief.test.ts measures the maximum over random and solver play).
import type { Brief, Json } from '@hearth/engine';
import { ANGLE_COUNT, ARENA_HEIGHT, ARENA_WIDTH, BRAZIER, FIRST_TENTH, MAX_ANGLE, MIN_ANGLE, WAVE_COUNT, waveRow } from './constants.ts';
import { SCREEN_THICKNESS } from './generator.ts';
import type { FlightKernel } from './kernel.ts';
import type { Layout } from './layout.ts';
import { angleText } from './recap.ts';
import type { State } from './state.ts';

const CELL_W = 40;
const CELL_H = 80;
const COLS = ARENA_WIDTH / CELL_W;
const ROWS = ARENA_HEIGHT / CELL_H;
const LETTERS = 'ABCDEFGH';

/** The action in compact form: the only action, and its angle range. */
export const BRIEF_ACTIONS: Json = { type: 'SHOOT', angleDeg: { min: MIN_ANGLE, max: MAX_ANGLE, step: 0.1 } };

export const BRIEF_LEGEND = 'Map: ^ brazier # beam /\\ mirror = screen (absorbs) @ gong A-H unlit lantern a-h lit';

/**
 * The legal angle whose ray from the brazier passes closest to (x, y), from the engine's own direction table
 * (no trigonometry): the cross product with the target is monotone in the angle, so a binary search finds it.
 */
export function directAim(kernel: FlightKernel, x: number, y: number): number {
  const vx = x - BRAZIER.x;
  const vy = y - BRAZIER.y;
  const cross = (i: number) => kernel.directionX(i) * vy - kernel.directionY(i) * vx;
  let lo = 0;
  let hi = ANGLE_COUNT - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cross(mid) < 0) lo = mid;
    else hi = mid;
  }
  const best = Math.abs(cross(lo)) <= Math.abs(cross(hi)) ? lo : hi;
  return (FIRST_TENTH + best) / 10;
}

/**
 * What a brief draws from the layout alone (the map of screens, beams and gongs, the beam, gong and screen lines,
 * each lantern's direct aim), made once per layout: a step's brief then only marks the lanterns and the brazier.
 * Held weakly by the layout object, so it goes when the layout cache drops the layout.
 */
interface LayoutBrief {
  /** The map's rows as text. */
  rows: string[];
  beams: string;
  gongs: string | null;
  screens: string;
  aims: number[];
  /** The brief's lines after the first and before the last shot, per 4 x lit-lantern mask + status (0 on, 1 over, 2 won). */
  byLit: Map<number, string>;
}
const byLayout = new WeakMap<Layout, LayoutBrief>();

function layoutBrief(layout: Layout, kernel: FlightKernel): LayoutBrief {
  let made = byLayout.get(layout);
  if (made) return made;
  made = {
    rows: layoutMap(layout).map((r) => r.join('')),
    beams: `Beams: ${layout.beams.map((b) => (b.shape === 'rect' ? `${b.id} box ${b.x0}-${b.x1},${b.y0}-${b.y1}` : `${b.id} mirror (${b.x0},${b.y0})-(${b.x1},${b.y1})`)).join('; ')}`,
    gongs: layout.gongs.length ? `Gongs r26 (+25, refill): ${layout.gongs.map((g) => `${g.id} (${g.x},${g.y})`).join('; ')}` : null,
    // Screens are 14 thick: h<y0>:<x0>-<x1> runs along x, v<x0>:<y0>-<y1> along y.
    screens: `Screens (${SCREEN_THICKNESS} thick): ${layout.screens.map((s) => (s.x1 - s.x0 >= s.y1 - s.y0 ? `h${s.y0}:${s.x0}-${s.x1}` : `v${s.x0}:${s.y0}-${s.y1}`)).join(' ')}`,
    aims: layout.lanterns.map((l) => directAim(kernel, l.x, l.y)),
    byLit: new Map(),
  };
  byLayout.set(layout, made);
  return made;
}

export function briefOf(state: State, layout: Layout, kernel: FlightKernel): Brief {
  const row = waveRow(state.wave);
  const fixed = layoutBrief(layout, kernel);
  let litCount = 0;
  let mask = 0;
  for (let i = 0; i < state.lit.length; i++)
    if (state.lit[i]) {
      mask |= 1 << i;
      litCount++;
    }
  const status = state.won ? 2 : state.gameOver ? 1 : 0;
  // Everything between the first line and the last shot is decided by the layout, the lit lanterns and whether the
  // round goes on: drawn once per (layout, lit lanterns, status), so a step's brief costs less than the observation.
  const key = mask * 4 + status;
  let middle = fixed.byLit.get(key);
  if (middle === undefined) {
    const lines = [
      status === 2
        ? `ROUND WON: all ${WAVE_COUNT} waves cleared.`
        : status === 1
          ? 'ROUND OVER: out of wisps.'
          : `Aim 15-165 deg in 0.1 steps from ^ (${BRAZIER.x},${BRAZIER.y}): 90 up, 15 right; aim = straight at a lantern.`,
      ...grid(state, layout, fixed.rows),
      BRIEF_LEGEND,
      `Lanterns r34: ${layout.lanterns
        .map((l, i) => {
          const on = state.lit[i] === true;
          return `${on ? LETTERS[i]!.toLowerCase() : LETTERS[i]}${l.id} (${l.x},${l.y})${on ? ' lit' : ` aim ${fixed.aims[i]}`}`;
        })
        .join('; ')}`,
      fixed.beams,
    ];
    if (fixed.gongs !== null) lines.push(fixed.gongs);
    lines.push(fixed.screens);
    middle = lines.join('\n');
    fixed.byLit.set(key, middle);
  }
  let text = `Wave ${state.wave}/${WAVE_COUNT}, wisps ${state.wispsLeft}/${row.wisps}, bounce cap ${row.bounceCap}, lit ${litCount}/${row.lanterns}, score ${state.score}\n${middle}`;
  const shot = state.lastShot;
  if (shot) {
    const end = shot.events[shot.events.length - 1]!;
    text += `\nLast: ${angleText(shot.angleDeg)} in wave ${shot.wave}, +${shot.points}, ${end.type === 'absorb' ? `absorbed by ${end.id}` : `faded (${end.cause})`} at (${Math.round(end.x)},${Math.round(end.y)}) after ${shot.path.length - 2} bounce${shot.path.length === 3 ? '' : 's'}`;
  }
  return { text, actions: state.gameOver ? [] : BRIEF_ACTIONS };
}

const put = (g: string[][], x: number, y: number, ch: string) => {
  const c = Math.floor(x / CELL_W);
  const r = Math.floor(y / CELL_H);
  if (c >= 0 && c < COLS && r >= 0 && r < ROWS) g[r]![c] = ch;
};

/** The map of what never changes within a wave: screens, then beams over them, then gongs. */
function layoutMap(layout: Layout): string[][] {
  const g: string[][] = Array.from({ length: ROWS }, () => new Array<string>(COLS).fill('.'));
  const fill = (b: { x0: number; y0: number; x1: number; y1: number }, ch: string) => {
    for (let r = Math.floor(b.y0 / CELL_H); r <= Math.min(ROWS - 1, Math.floor(b.y1 / CELL_H)); r++)
      for (let c = Math.floor(b.x0 / CELL_W); c <= Math.min(COLS - 1, Math.floor(b.x1 / CELL_W)); c++) g[r]![c] = ch;
  };
  for (const s of layout.screens) fill(s, '=');
  for (const b of layout.beams) {
    if (b.shape === 'rect') fill(b, '#');
    else {
      const ch = (b.x1 - b.x0) * (b.y1 - b.y0) > 0 ? '\\' : '/';
      const steps = Math.abs(b.x1 - b.x0);
      for (let k = 0; k <= steps; k += 10) put(g, b.x0 + Math.sign(b.x1 - b.x0) * k, b.y0 + Math.sign(b.y1 - b.y0) * k, ch);
    }
  }
  for (const gong of layout.gongs) put(g, gong.x, gong.y, '@');
  return g;
}

/** The layout's map with this state's lanterns (lettered, lower case when lit) and the brazier on top. */
function grid(state: State, layout: Layout, rows: readonly string[]): string[] {
  const out = rows.slice();
  const mark = (x: number, y: number, ch: string) => {
    const c = Math.floor(x / CELL_W);
    const r = Math.floor(y / CELL_H);
    if (c >= 0 && c < COLS && r >= 0 && r < ROWS) out[r] = `${out[r]!.slice(0, c)}${ch}${out[r]!.slice(c + 1)}`;
  };
  layout.lanterns.forEach((l, i) => {
    mark(l.x, l.y, state.lit[i] ? LETTERS[i]!.toLowerCase() : LETTERS[i]!);
  });
  mark(BRAZIER.x, BRAZIER.y, '^');
  return out;
}
