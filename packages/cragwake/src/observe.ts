// The player's view: the numbers that matter at a glance and a plain-text picture of the band.
import type { Observation } from '@hearth/engine';
import { creepFires, visibleTop } from './band.ts';
import type { Wall } from './generator.ts';
import { legalMoves } from './rules.ts';
import { type Cell, COLUMNS, type CragState, type Ending, floorRow, isLedgeRow, nextBelay, type Phase, type Row } from './state.ts';

export interface CragObservation extends Observation {
  phase: Phase;
  ending: Ending | null;
  pitch: number;
  turn: number;
  stamina: number;
  tank: number;
  score: number;
  position: { row: number; col: number };
  highPoint: number;
  floor: number;
  nextBelay: number;
  foresight: number;
  /** The highest row that is not fog. */
  visibleTop: number;
  cleanStreak: number;
  /** Whether the pitch being climbed is still clean (stamina never 3 or below). */
  pitchClean: boolean;
  spindrift: number;
  gusts: { now: number[]; next: number[] };
  rockfall: { now: number | null; next: number | null };
  /** Whether the ice creep fires at the end of this turn. */
  creepFiresThisTurn: boolean;
  /** The legal moves in legalActions order, with their cost now. */
  moves: Array<{ row: number; col: number; cost: number; lunge: boolean }>;
}

/** Legend of the text picture (served as spec.legend). */
export const LEGEND: Record<string, string> = {
  '@': 'prefix: you are on this cell',
  J2: 'jug with 2 breaths left (J1: one left, J0: a spent jug)',
  P: 'plain hold',
  C: 'crimp (base cost 2)',
  '=': 'belay ledge hold: a jug with no breaths, immune to ice, gusts, rockfall and overhang, always costs exactly 1',
  x2: 'suffix: cracked, takes your weight 2 more times (lunging off it destroys it)',
  '~': 'suffix: frosting (turns icy at the next ice creep; costs nothing yet)',
  '*': 'suffix: icy (+2 to move onto; you cannot lunge from it)',
  '.': 'bare rock',
  '?': 'fog: a row above your foresight, not shown',
  overhang: 'row note: the row overhangs (+1 to move onto; breathing gains 2 instead of 4)',
  belay: 'row note: the belay that completes the pitch you are climbing',
  ledge: 'row note: a belay ledge already completed (the floor of this pitch when marked floor)',
  floor: 'row note: the lowest row you may move onto',
  'under floor': 'row note: shown for reference, never a target',
  'gust now/next': 'header: columns costing +2 this turn / next turn',
  'rockfall now/next': 'header: the column swept at the end of this turn / the next (your own cell costs 4 stamina instead)',
};

function token(cell: Cell, row: number, here: boolean): string {
  let t = here ? '@' : '';
  if (cell === null) return `${t}.`;
  if (isLedgeRow(row)) return `${t}=`;
  t += cell.kind === 'jug' ? `J${cell.breaths}` : cell.kind === 'plain' ? 'P' : 'C';
  if (cell.cracks > 0) t += `x${cell.cracks}`;
  if (cell.ice === 'icy') t += '*';
  else if (cell.ice === 'frosting') t += '~';
  return t;
}

function breathText(s: CragState): string {
  const h = s.band[s.row - (s.band[0] as Row).row]?.cells[s.col];
  const row = s.band[s.row - (s.band[0] as Row).row];
  if (h && h.kind === 'jug' && h.breaths > 0 && !isLedgeRow(s.row)) return `+${Math.min(row?.overhang ? 2 : 4, s.tank - s.stamina)}`;
  return '-1';
}

const cols = (list: number[]) => (list.length === 0 ? 'none' : list.map((c) => `col ${c}`).join(', '));
const col = (c: number | null) => (c === null ? 'none' : `col ${c}`);

export function observe(wall: Wall, s: CragState): CragObservation {
  const floor = floorRow(s);
  const belay = nextBelay(s);
  const d = wall.difficulty(s.pitch);
  const top = visibleTop(wall, s);
  const creeps = s.phase === 'climbing' && creepFires(wall, s);
  const lines: string[] = [];
  const status =
    s.phase === 'over'
      ? `RUN OVER (${s.ending === 'ended' ? 'ended at a ledge' : 'out of stamina'})`
      : s.phase === 'atLedge'
        ? `AT THE LEDGE of row ${s.row}: climbOn or endRun`
        : `climbing pitch ${s.pitch}, belay at row ${belay}`;
  lines.push(`Cragwake | ${status} | turn ${s.turn} | stamina ${s.stamina}/${s.tank} | score ${s.score}`);
  lines.push(
    `clean streak ${s.cleanStreak}, this pitch ${s.pitchDipped ? 'dipped' : 'clean so far'} | spindrift ${s.spindrift} | high point ${s.highPoint} | floor ${floor} | foresight ${d.foresight}`,
  );
  lines.push(
    `gust now: ${cols(s.gusts.now)}; next: ${cols(s.gusts.next)} | rockfall now: ${col(s.rockfall.now)}; next: ${col(s.rockfall.next)} | ice creeps this turn: ${creeps ? 'yes' : 'no'}`,
  );
  let header = ' row |';
  for (let c = 0; c < COLUMNS; c++) header += ` ${`c${c}`.padEnd(6)}`;
  lines.push(`${header}|`);
  for (let i = s.band.length - 1; i >= 0; i--) {
    const r = s.band[i] as Row;
    let line = `${String(r.row).padStart(4)} |`;
    const notes: string[] = [];
    if (r.fogged) {
      for (let c = 0; c < COLUMNS; c++) line += ` ${'?'.padEnd(6)}`;
      notes.push('fog');
    } else {
      for (let c = 0; c < COLUMNS; c++) line += ` ${token(r.cells[c] ?? null, r.row, r.row === s.row && c === s.col).padEnd(6)}`;
      if (r.row === belay) notes.push('belay');
      else if (isLedgeRow(r.row)) notes.push('ledge');
      if (r.overhang) notes.push('overhang');
      if (r.row === floor) notes.push('floor');
      else if (r.row < floor) notes.push('under floor');
    }
    lines.push(`${line}| ${notes.join(', ')}`.trimEnd());
  }
  const moves = legalMoves(s);
  if (s.phase === 'climbing')
    lines.push(
      `moves (row,col:cost, L = lunge): ${moves.map((m) => `${m.row},${m.col}:${m.cost}${m.lunge ? 'L' : ''}`).join('  ') || 'none'} | breathe: ${breathText(s)}`,
    );
  return {
    text: lines.join('\n'),
    phase: s.phase,
    ending: s.ending,
    pitch: s.pitch,
    turn: s.turn,
    stamina: s.stamina,
    tank: s.tank,
    score: s.score,
    position: { row: s.row, col: s.col },
    highPoint: s.highPoint,
    floor,
    nextBelay: belay,
    foresight: d.foresight,
    visibleTop: top,
    cleanStreak: s.cleanStreak,
    pitchClean: !s.pitchDipped,
    spindrift: s.spindrift,
    gusts: { now: s.gusts.now.slice(), next: s.gusts.next.slice() },
    rockfall: { now: s.rockfall.now, next: s.rockfall.next },
    creepFiresThisTurn: creeps,
    moves,
  };
}
