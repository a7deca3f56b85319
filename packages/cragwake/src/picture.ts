// The plain-text picture of the band (observation.text) and its legend (spec.legend). Renderers never parse
// it: every datum it shows is also in the observation as data.
import type { Cell, CragState, Row } from './state.ts';
import { COLUMNS, floorRow, isLedgeRow, nextBelay } from './state.ts';

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

/** One cell as a short token: J2, P, Cx1*, =, . (and @ in front of your own cell). */
export function token(cell: Cell, row: number, here: boolean): string {
  let t = here ? '@' : '';
  if (cell === null) return `${t}.`;
  if (isLedgeRow(row)) return `${t}=`;
  t += cell.kind === 'jug' ? `J${cell.breaths}` : cell.kind === 'plain' ? 'P' : 'C';
  if (cell.cracks > 0) t += `x${cell.cracks}`;
  if (cell.ice === 'icy') t += '*';
  else if (cell.ice === 'frosting') t += '~';
  return t;
}

const cols = (list: number[]) => (list.length === 0 ? 'none' : list.map((c) => `col ${c}`).join(', '));
const col = (c: number | null) => (c === null ? 'none' : `col ${c}`);
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

export interface PictureInput {
  status: string;
  foresight: number;
  creeps: boolean;
  breath: number | null;
  moves: Array<{ row: number; col: number; cost: number; lunge: boolean }>;
}

export function picture(s: CragState, p: PictureInput): string {
  const floor = floorRow(s);
  const belay = nextBelay(s);
  const lines: string[] = [];
  lines.push(`Cragwake | ${p.status} | turn ${s.turn} | stamina ${s.stamina}/${s.tank} | score ${s.score}`);
  lines.push(
    `clean streak ${s.cleanStreak}, this pitch ${s.pitchDipped ? 'dipped' : 'clean so far'} | spindrift ${s.spindrift} | high point ${s.highPoint} | floor ${floor} | foresight ${p.foresight}`,
  );
  lines.push(
    `gust now: ${cols(s.gusts.now)}; next: ${cols(s.gusts.next)} | rockfall now: ${col(s.rockfall.now)}; next: ${col(s.rockfall.next)} | ice creeps this turn: ${p.creeps ? 'yes' : 'no'}`,
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
  if (s.phase === 'climbing')
    lines.push(
      `moves (row,col:cost, L = lunge): ${p.moves.map((m) => `${m.row},${m.col}:${m.cost}${m.lunge ? 'L' : ''}`).join('  ') || 'none'} | breathe: ${signed(p.breath ?? 0)}`,
    );
  return lines.join('\n');
}
