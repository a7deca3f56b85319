// Cragwake in the terminal: the ten-row band drawn top-down (highest row first), every legal target
// marked on the wall with the key that takes it, arrows/hjkl + yubn for steps, stamina always in view.
// Legality and costs come from the engine (legalActions, refusals); this file only draws and maps keys.
import type { Spec } from '@hearth/engine';
import type { Style } from '../tui/style.ts';
import { findType, num, typeOf } from './actions.ts';
import { hintGrid } from './generic.ts';
import type { Controller, Key, KeyResult, View } from './types.ts';

interface Hold {
  kind: string;
  breaths: number;
  cracks: number;
  ice: string;
}
interface Row {
  row: number;
  overhang: boolean;
  fogged: boolean;
  cells: (Hold | null)[];
}
interface Move {
  type: 'move';
  row: number;
  col: number;
}

/** Keys that label move targets: digits, then letters no Cragwake control uses. */
const TARGET_KEYS = '123456789adfgimoprstvwxz'.split('');
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

const state = (view: View): any => view.response.state ?? {};
const moves = (view: View): Move[] => view.response.legalActions.filter((a): a is Move => typeOf(a) === 'move');

function targetKeys(view: View): Map<string, string> {
  const out = new Map<string, string>();
  moves(view).forEach((m, i) => {
    if (i < TARGET_KEYS.length) out.set(`${m.row},${m.col}`, TARGET_KEYS[i]!);
  });
  return out;
}

function cellText(cell: Hold | null, style: Style, ledge: boolean): string {
  if (cell === null) return style.dim(' · ');
  if (ledge) return style.fg('yellow', '▬▬▬');
  const glyph = cell.kind === 'jug' ? '◎' : cell.kind === 'crimp' ? '▴' : '●';
  const colour =
    cell.ice === 'icy'
      ? 'cyan'
      : cell.ice === 'frosting'
        ? 'blue'
        : cell.kind === 'jug'
          ? 'green'
          : cell.kind === 'crimp'
            ? 'yellow'
            : 'white';
  const g = style.fg(colour, glyph, cell.ice === 'icy' || cell.kind === 'jug');
  const breaths = cell.kind === 'jug' && cell.breaths > 0 ? style.fg('green', String(cell.breaths), true) : ' ';
  const cracks =
    cell.cracks > 0
      ? style.fg('red', String(cell.cracks), true)
      : cell.ice === 'icy'
        ? style.fg('cyan', '*', true)
        : cell.ice === 'frosting'
          ? style.fg('blue', '°', true)
          : ' ';
  return `${g}${breaths}${cracks}`;
}

function board(view: View, style: Style): string[] {
  const s = state(view);
  const band: Row[] = Array.isArray(s.band) ? s.band : [];
  const keys = targetKeys(view);
  const gustNow: number[] = s.gusts?.now ?? [];
  const gustNext: number[] = s.gusts?.next ?? [];
  const rockNow: number | null = s.rockfall?.now ?? null;
  const rockNext: number | null = s.rockfall?.next ?? null;
  const belay = 10 * (num(s, 'pitch') ?? 1);
  const lines: string[] = [];
  let header = '     ';
  let hazards = '     ';
  for (let c = 0; c < 6; c++) {
    header += style.dim(` ${c}   `);
    const g = gustNow.includes(c) ? style.fg('white', '≈', true) : gustNext.includes(c) ? style.dim('~') : ' ';
    const r = rockNow === c ? style.fg('red', '▼', true) : rockNext === c ? style.fg('red', '▽') : ' ';
    hazards += ` ${g}${r}  `;
  }
  lines.push(header, hazards);
  for (const r of [...band].reverse()) {
    const ledge = r.row % 10 === 0;
    const label = ledge ? style.fg('yellow', `${String(r.row).padStart(4)}▐`) : style.dim(`${String(r.row).padStart(4)}│`);
    let line = label;
    for (let c = 0; c < 6; c++) {
      const here = r.row === s.row && c === s.col;
      const key = keys.get(`${r.row},${c}`);
      const mark = key ? style.bold(style.fg('cyan', key, true)) : ' ';
      const body = here
        ? style.inverse(style.bold(style.fg('magenta', ' @ ', true)))
        : r.fogged
          ? style.dim('░░░')
          : cellText(r.cells[c] ?? null, style, ledge);
      line += `${mark}${body} `;
    }
    const note = r.fogged
      ? style.dim(' fog')
      : ledge
        ? style.fg('yellow', r.row === belay ? ' belay' : ' ledge')
        : r.overhang
          ? style.fg('magenta', ' overhang')
          : '';
    lines.push(line + note);
  }
  lines.push(
    '',
    `${style.fg('green', '◎', true)}jug+breaths ${style.fg('white', '●')}plain ${style.fg('yellow', '▴')}crimp ${style.fg('red', '2', true)}cracks ${style.fg('blue', '°', true)}frost ${style.fg('cyan', '*', true)}icy`,
    `${style.fg('white', '≈', true)}gust now ${style.dim('~')}next ${style.fg('red', '▼', true)}rockfall now ${style.fg('red', '▽')}next ${style.dim('░')}fog`,
  );
  return lines;
}

function bar(value: number, max: number, width: number, style: Style): string {
  const filled = Math.max(0, Math.min(width, Math.round((value / Math.max(1, max)) * width)));
  const colour = value <= 3 ? 'red' : value <= max / 3 ? 'yellow' : 'green';
  return style.fg(colour, '█'.repeat(filled), true) + style.dim('░'.repeat(width - filled));
}

function panel(view: View, style: Style): string[] {
  const s = state(view);
  const stamina = num(s, 'stamina') ?? 0;
  const tank = num(s, 'tank') ?? 0;
  const pitch = num(s, 'pitch') ?? 1;
  const phase = String(s.phase ?? '?');
  const staminaText = style.bold(style.fg(stamina <= 3 ? 'red' : 'white', `${stamina}/${tank}`, true));
  const lines = [
    `${style.bold('Score')}    ${style.fg('yellow', String(view.response.score), true)}`,
    `${style.bold('Stamina')}  ${staminaText}`,
    ` ${bar(stamina, tank, 24, style)}`,
    `Pitch    ${pitch}  (belay row ${10 * pitch})`,
    `Position row ${s.row} col ${s.col}`,
    `High     row ${s.highPoint}`,
    `Clean    streak ${s.cleanStreak}${s.pitchDipped ? style.fg('red', ' (dipped)') : style.fg('green', ' (clean)')}`,
    `Spindrift ${s.spindrift}   Turn ${s.turn}`,
    `Gusts    now ${list(s.gusts?.now)} next ${list(s.gusts?.next)}`,
    `Rockfall now ${s.rockfall?.now ?? '-'} next ${s.rockfall?.next ?? '-'}`,
    ...costLines(view),
    '',
    phase === 'atLedge'
      ? style.fg('yellow', 'At the belay: climb on or end', true)
      : phase === 'over'
        ? style.fg('red', `Run over (${s.ending ?? 'ended'})`, true)
        : style.fg('green', 'Climbing'),
  ];
  const last = lastEvent(view);
  if (last) lines.push(style.dim(last));
  return lines;
}

/** The engine publishes each legal move's cost in observation.moves; shown beside the move's key. */
function costLines(view: View): string[] {
  const keys = targetKeys(view);
  const published = (view.response.observation as { moves?: unknown }).moves;
  if (!Array.isArray(published)) return [];
  const items = published
    .filter((m): m is { row: number; col: number; cost: number } => typeof m?.cost === 'number')
    .map((m) => `${keys.get(`${m.row},${m.col}`) ?? '?'}:${m.cost}`);
  if (items.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < items.length; i += 5) out.push(`${i === 0 ? 'Costs' : '     '}    ${items.slice(i, i + 5).join(' ')}`);
  return out.slice(0, 3);
}

function list(v: unknown): string {
  return Array.isArray(v) && v.length > 0 ? v.join(',') : '-';
}

function lastEvent(view: View): string | undefined {
  const before = view.previous?.state as any;
  const now = state(view);
  if (!before) return undefined;
  const parts: string[] = [];
  const d = (now.stamina ?? 0) - (before.stamina ?? 0);
  if (d !== 0) parts.push(`stamina ${d > 0 ? '+' : ''}${d}`);
  if ((now.spindrift ?? 0) > (before.spindrift ?? 0)) parts.push('spindrift!');
  if ((now.pitch ?? 0) > (before.pitch ?? 0)) parts.push(`pitch ${before.pitch} done`);
  return parts.length ? `Last: ${parts.join(', ')}` : undefined;
}

function hints(view: View, style: Style): string[] {
  const legal = view.response.legalActions;
  const items: string[] = [];
  const n = Math.min(moves(view).length, TARGET_KEYS.length);
  if (n > 0) items.push('arrows/hjkl step', 'y/u/b/n diagonal', `${TARGET_KEYS[0]}-${TARGET_KEYS[n - 1]} key on the wall`);
  if (findType(legal, 'breathe')) items.push('. breathe');
  if (findType(legal, 'climbOn')) items.push('c climb on');
  if (findType(legal, 'endRun')) items.push('E end run');
  return hintGrid(items, style);
}

function key(k: Key, view: View): KeyResult {
  const s = state(view);
  const legal = view.response.legalActions;
  const step = STEPS[k.name];
  if (step) {
    // Arrow keys name a neighbour; the engine decides if it is legal (a refusal says why).
    return { kind: 'act', action: { type: 'move', row: (s.row ?? 0) + step[0], col: (s.col ?? 0) + step[1] } };
  }
  const i = TARGET_KEYS.indexOf(k.name);
  const ms = moves(view);
  if (i >= 0 && i < ms.length) return { kind: 'act', action: ms[i] };
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
    keyHelp: (_spec: Spec) => [
      'arrows or h j k l   step up/down/left/right (row counts upward, so up climbs)',
      'y u b n             step diagonally: up-left, up-right, down-left, down-right',
      '1-9 a d f g …       take the move whose key is drawn beside its target on the wall',
      '. or space          breathe (on a jug with breaths: gain stamina; anywhere else it costs 1)',
      'c or Enter          climb on from a belay ledge',
      'E (shift-e)         end the run (only at a ledge)',
    ],
  };
}
