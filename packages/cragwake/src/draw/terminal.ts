// Cragwake in the terminal: the ten-row band drawn top-down (highest row first), every legal target
// marked on the wall with the key that takes it, arrows/hjkl + yubn for steps, stamina always in view.
// Legality and costs come from the engine (legalActions, refusals); this file only draws and maps keys.

import type { LookKind, Spec } from '@hearth/engine';
import {
  type Colour,
  type Controller,
  findType,
  hintGrid,
  type Key,
  type KeyResult,
  kinds,
  legendBlock,
  legendItems,
  type Style,
  terminalKinds,
  typeOf,
  type View,
} from '@hearth/engine/terminal';
import type { CragObservation } from '../index.ts';

type Move = CragObservation['moves'][number];
type Cell = CragObservation['wall'][number]['cells'][number];

/**
 * Keys that label move targets: digits, then letters no Cragwake control uses, then capitals (E ends the run).
 * None is a board glyph: breaths are drawn as superscript digits and cracks as subscript digits.
 */
export const TARGET_KEYS = [...'123456789adfgimoprstvwxz', ...'ABCDFGIJKLMNOPQRSTUVWXYZ'];
/** Direction keys: [dRow, dCol] (row counts upward). */
const STEPS: Record<string, [number, number]> = {
  up: [1, 0],
  k: [1, 0],
  down: [-1, 0],
  j: [-1, 0],
  left: [0, -1],
  h: [0, -1],
  right: [0, 1],
  l: [0, 1],
  y: [1, -1],
  u: [1, 1],
  b: [-1, -1],
  n: [-1, 1],
};

const SUPER = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const digits = (n: number, set: string) => [...String(n)].map((d) => set[Number(d)]).join('');

/** The kinds the wall draws: the game's own table (spec.look), glyphs distinct without colour. */
const KIND_IDS = [
  'jug',
  'plain',
  'crimp',
  'frosting',
  'icy',
  'gust',
  'gustNext',
  'rock',
  'rockNext',
  'fog',
  'ledge',
  'you',
  'rock0',
] as const;
type Kinds = Record<(typeof KIND_IDS)[number], LookKind>;
const kindsOfView = (view: View): Kinds => kinds(view.spec, KIND_IDS);

const obs = (view: View): CragObservation => view.response.observation as CragObservation;
const movesOf = (view: View): Move[] => (Array.isArray(obs(view).moves) ? obs(view).moves : []);

function targetKeys(view: View): Map<string, string> {
  const out = new Map<string, string>();
  movesOf(view).forEach((m, i) => {
    if (i < TARGET_KEYS.length) out.set(`${m.row},${m.col}`, TARGET_KEYS[i]!);
  });
  return out;
}

/** Three columns: the hold's glyph, its breaths (superscript), its cracks (subscript) or its ice. */
function cellText(KINDS: Kinds, cell: Cell, style: Style, ledge: boolean): string {
  if (cell === null) return style.dim(` ${KINDS.rock0.glyph} `);
  if (ledge) return style.fg('yellow', KINDS.ledge.glyph.repeat(3));
  const k = KINDS[cell.kind];
  const colour: Colour = cell.ice === 'icy' ? 'cyan' : cell.ice === 'frosting' ? 'blue' : k.colour;
  const g = style.fg(colour, k.glyph, cell.ice === 'icy' || cell.kind === 'jug');
  const breaths = cell.kind === 'jug' && cell.breaths > 0 ? style.fg('green', digits(cell.breaths, SUPER), true) : ' ';
  const cracks =
    cell.cracks > 0
      ? style.fg('red', digits(cell.cracks, SUB), true)
      : cell.ice === 'icy'
        ? style.fg('cyan', KINDS.icy.glyph, true)
        : cell.ice === 'frosting'
          ? style.fg('blue', KINDS.frosting.glyph, true)
          : ' ';
  return `${g}${breaths}${cracks}`;
}

/** The band top-down; columns widen and rows get a spacer line as the box grows. */
function board(view: View, style: Style, box: { width: number; height: number }): string[] {
  const o = obs(view);
  const KINDS = kindsOfView(view);
  const wall = Array.isArray(o.wall) ? o.wall : [];
  const keys = targetKeys(view);
  // The wall's width is the observation's (its hazards list one entry per column).
  const cols = o.hazards.length;
  const cw = Math.max(5, Math.min(9, Math.floor((box.width - 14) / cols)));
  const spaced = box.height >= 2 + wall.length * 2 + 3;
  const legend = ['', ...legendBlock(terminalKinds(view.spec), style, box.width, box.height - 3 - wall.length * (spaced ? 2 : 1))];
  const pad = (text: string, extra: number) => `${' '.repeat(Math.floor(extra / 2))}${text}${' '.repeat(extra - Math.floor(extra / 2))}`;
  let header = '     ';
  let hazards = '     ';
  for (let c = 0; c < cols; c++) {
    const h = o.hazards[c];
    header += `${style.dim(pad(String(c), cw - 1))} `;
    const g = h?.now.includes('gust')
      ? style.fg('white', KINDS.gust.glyph, true)
      : h?.next.includes('gust')
        ? style.dim(KINDS.gustNext.glyph)
        : ' ';
    const r = h?.now.includes('rockfall')
      ? style.fg('red', KINDS.rock.glyph, true)
      : h?.next.includes('rockfall')
        ? style.fg('red', KINDS.rockNext.glyph)
        : ' ';
    hazards += `${pad(`${g}${r}`, cw - 3)} `;
  }
  const lines = [header, hazards];
  for (const r of [...wall].reverse()) {
    const label = r.ledge ? style.fg('yellow', `${String(r.row).padStart(4)}▐`) : style.dim(`${String(r.row).padStart(4)}│`);
    let line = label;
    for (let c = 0; c < cols; c++) {
      const here = r.row === o.position.row && c === o.position.col;
      const key = keys.get(`${r.row},${c}`);
      const mark = key ? style.bold(style.fg('cyan', key, true)) : ' ';
      const body = here
        ? style.inverse(style.bold(style.fg('magenta', ` ${KINDS.you.glyph} `, true)))
        : r.fogged
          ? style.dim(KINDS.fog.glyph.repeat(3))
          : cellText(KINDS, r.cells[c] ?? null, style, r.ledge);
      line += `${' '.repeat(Math.floor((cw - 5) / 2))}${mark}${body}${' '.repeat(cw - 4 - Math.floor((cw - 5) / 2))}`;
    }
    const note = r.fogged
      ? style.dim(' fog')
      : r.belay
        ? style.fg('yellow', ' belay')
        : r.ledge
          ? style.fg('yellow', ' ledge')
          : r.floor
            ? style.dim(' floor')
            : r.overhang
              ? style.fg('magenta', ' overhang')
              : '';
    lines.push(line + note);
    if (spaced) lines.push(style.dim('    │'));
  }
  if (spaced) lines.pop();
  lines.push(...legend);
  return lines;
}

function bar(value: number, max: number, width: number, style: Style): string {
  const filled = Math.max(0, Math.min(width, Math.round((value / Math.max(1, max)) * width)));
  const colour = value <= 3 ? 'red' : value <= max / 3 ? 'yellow' : 'green';
  return style.fg(colour, '█'.repeat(filled), true) + style.dim('░'.repeat(width - filled));
}

function panel(view: View, style: Style, width: number): string[] {
  const o = obs(view);
  const staminaText = style.bold(style.fg(o.stamina <= 3 ? 'red' : 'white', `${o.stamina}/${o.tank}`, true));
  const list = (v: readonly number[]) => (v.length > 0 ? v.join(',') : '-');
  const lines = [
    `${style.bold('Score')}    ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Stamina')}  ${staminaText}`,
    ` ${bar(o.stamina, o.tank, Math.max(10, width - 4), style)}`,
    `Pitch    ${o.pitch}  (belay row ${o.nextBelay})`,
    `Position row ${o.position.row} col ${o.position.col}`,
    `High     row ${o.highPoint}  floor ${o.floor}`,
    `Clean    streak ${o.cleanStreak}${o.pitchClean ? style.fg('green', ' (clean)') : style.fg('red', ' (dipped)')}`,
    `Spindrift ${o.spindrift}   Turn ${o.turn}`,
    `Gusts    now ${list(o.gusts.now)} next ${list(o.gusts.next)}`,
    `Rockfall now ${o.rockfall.now ?? '-'} next ${o.rockfall.next ?? '-'}`,
  ];
  if (o.breath !== null) lines.push(`Breathe  ${o.breath > 0 ? `+${o.breath}` : o.breath} stamina`);
  const keys = targetKeys(view);
  const costs = movesOf(view).map((m) => `${keys.get(`${m.row},${m.col}`) ?? '?'}:${m.cost}${m.lunge ? 'L' : ''}`);
  if (costs.length > 0) lines.push(`Costs    ${costs.join(' ')}`);
  lines.push(
    o.phase === 'atLedge'
      ? style.fg('yellow', 'At the belay: climb on (c) or end the run (E)', true)
      : o.phase === 'over'
        ? style.fg('red', `Run over: ${o.endedBecause ?? 'ended'}`, true)
        : style.fg('green', 'Climbing'),
  );
  return lines;
}

function hints(view: View, style: Style, width: number): string[] {
  const legal = view.response.legalActions;
  const items: string[] = [];
  const n = Math.min(movesOf(view).length, TARGET_KEYS.length);
  if (n > 0) items.push('arrows/hjkl step', 'y/u/b/n diagonal', `${TARGET_KEYS[0]}-${TARGET_KEYS[n - 1]} key on the wall`);
  if (findType(legal, 'breathe')) items.push('. breathe');
  if (findType(legal, 'climbOn')) items.push('c climb on');
  if (findType(legal, 'endRun')) items.push('E end run');
  return hintGrid(items, style, width);
}

function key(k: Key, view: View): KeyResult {
  const pos = obs(view).position;
  const legal = view.response.legalActions;
  const step = STEPS[k.name];
  if (step) {
    // Arrow keys name a neighbour; the engine decides if it is legal (a refusal says why).
    return { kind: 'act', action: { type: 'move', row: pos.row + step[0], col: pos.col + step[1] } };
  }
  const i = TARGET_KEYS.indexOf(k.name);
  const ms = movesOf(view);
  if (i >= 0 && i < ms.length) {
    // The engine's own action object for that target (legalActions and observation.moves share their order).
    const m = ms[i]!;
    const own = legal.find((a) => typeOf(a) === 'move' && (a as Move).row === m.row && (a as Move).col === m.col);
    return { kind: 'act', action: own ?? { type: 'move', row: m.row, col: m.col } };
  }
  if (k.name === '.' || k.name === 'space') return { kind: 'act', action: findType(legal, 'breathe') ?? { type: 'breathe' } };
  if (k.name === 'c' || k.name === 'enter') return { kind: 'act', action: findType(legal, 'climbOn') ?? { type: 'climbOn' } };
  if (k.name === 'E') return { kind: 'act', action: { type: 'endRun' } };
  return { kind: 'unhandled' };
}

export function cragwakeController(): Controller {
  return {
    board,
    panel,
    hints,
    key,
    legend: legendItems,
    keyHelp: (_spec: Spec) => [
      'arrows or h j k l   step up/down/left/right (row counts upward, so up climbs)',
      'y u b n             step diagonally: up-left, up-right, down-left, down-right',
      '1-9 a d f g … A B…  take the move whose key is drawn beside its target on the wall',
      '. or space          breathe (on a jug with breaths: gain stamina; anywhere else it costs 1)',
      'c or Enter          climb on from a belay ledge',
      'E (shift-e)         end the run (only at a ledge)',
    ],
  };
}
