// Untrusted input: parseAction (the shape of an action) and parseState (a forged or corrupted state is
// refused with a message naming what is wrong). parseState checks every field, the geometry, the score's
// possible range, and the wall against the seed: every cell must be reachable from its generated content
// by the mutations play can make, rows not yet in play must be exactly as generated, and the repair's
// invariant (a hold within a step above every hold in play) must hold.
import { type Parsed, v } from '@hearth/engine';
import { maskOfRow, visibleTop } from './band.ts';
import type { Wall } from './generator.ts';
import { anyMoveLegal, CLEAN_CAP, CLEAN_PAY, type CragAction, DIP_AT, HEIGHT_PAY, PITCH_PAY, STAMINA_PAY } from './rules.ts';
import {
  BAND_ROWS,
  bandBottom,
  type Cell,
  COLUMNS,
  type CragState,
  floorRow,
  holdAt,
  isLedgeRow,
  nextBelay,
  pitchLedge,
  type Row,
  STATE_KEYS,
} from './state.ts';

const ACTION_TYPES = ['move', 'breathe', 'climbOn', 'endRun'] as const;

/**
 * An action is an object whose `type` is one of the four; a move needs integer `row` and `col`. Other keys
 * (such as the informational `cost` on listed moves) are ignored, as the document's grammar allows.
 */
export function parseAction(value: unknown): Parsed<CragAction> {
  if (!v.isRecord(value)) return { ok: false, message: 'an action must be a JSON object with a type' };
  const type = value.type;
  if (typeof type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(type))
    return { ok: false, message: `action.type must be one of ${ACTION_TYPES.join(', ')}` };
  if (type !== 'move') return { ok: true, value: { type } as CragAction };
  const { row, col } = value;
  if (typeof row !== 'number' || !Number.isInteger(row)) return { ok: false, message: 'move.row must be an integer' };
  if (typeof col !== 'number' || !Number.isInteger(col)) return { ok: false, message: 'move.col must be an integer' };
  return { ok: true, value: { type: 'move', row, col } };
}

const KINDS = ['jug', 'plain', 'crimp'] as const;
const ICES = ['dry', 'frosting', 'icy'] as const;
const ICE_RANK = { dry: 0, frosting: 1, icy: 2 } as const;
const MAX_PITCH = 100_000;
const U32 = 0xffffffff;

export function createParseState(wall: Wall): (value: unknown) => Parsed<CragState> {
  return (value) => {
    const problem = check(wall, value);
    return problem === null ? { ok: true, value: value as CragState } : { ok: false, message: `invalid cragwake state: ${problem}` };
  };
}

function check(wall: Wall, value: unknown): string | null {
  const keys = v.exactKeys(value, 'state', STATE_KEYS);
  if (keys) return keys;
  const s = value as Record<string, unknown>;
  const scalar = v.firstError(
    v.int(s.seed, 'seed', 0, U32),
    v.int(s.turn, 'turn', 0, 0x7fffffff),
    v.oneOf(s.phase, 'phase', ['climbing', 'atLedge', 'over']),
    s.ending === null ? null : v.oneOf(s.ending, 'ending', ['exhausted', 'noMove', 'ended']),
    v.int(s.pitch, 'pitch', 1, MAX_PITCH),
    v.int(s.highPoint, 'highPoint', 0, MAX_PITCH * 10),
    v.int(s.row, 'row', 0, MAX_PITCH * 10),
    v.int(s.col, 'col', 0, COLUMNS - 1),
    v.int(s.tank, 'tank', 1, 100),
    v.int(s.stamina, 'stamina', 0, 100),
    v.int(s.score, 'score', 0, Number.MAX_SAFE_INTEGER),
    v.int(s.cleanStreak, 'cleanStreak', 0, MAX_PITCH),
    v.bool(s.pitchDipped, 'pitchDipped'),
    v.int(s.spindrift, 'spindrift', 0, 0x7fffffff),
  );
  if (scalar) return scalar;
  const st = value as CragState;
  return checkProgress(wall, st) ?? checkSchedules(wall, st) ?? checkBand(wall, st);
}

/** Pitch, height, position, phase, stamina and score agree with each other. */
function checkProgress(wall: Wall, s: CragState): string | null {
  const d = wall.difficulty(s.pitch);
  if (s.tank !== d.tank) return `tank must be ${d.tank} (the tank of pitch ${s.pitch}), got ${s.tank}`;
  if (s.stamina > s.tank) return `stamina ${s.stamina} is above the tank ${s.tank}`;
  const ledge = pitchLedge(s);
  const belay = nextBelay(s);
  if (s.highPoint < ledge || s.highPoint >= belay)
    return `highPoint ${s.highPoint} must be within pitch ${s.pitch} (rows ${ledge} to ${belay - 1})`;
  const floor = floorRow(s);
  if (s.row < floor || s.row > s.highPoint) return `row ${s.row} must be between the floor (${floor}) and the high point (${s.highPoint})`;
  if (s.cleanStreak > s.pitch - 1) return `cleanStreak ${s.cleanStreak} exceeds the ${s.pitch - 1} completed pitches`;
  if (s.spindrift > s.turn) return `spindrift ${s.spindrift} exceeds the ${s.turn} turns played`;
  if (s.stamina <= DIP_AT && !s.pitchDipped) return `stamina ${s.stamina} is ${DIP_AT} or below, so pitchDipped must be true`;
  const atLedge = s.phase === 'atLedge' || s.ending === 'ended';
  if ((s.phase === 'over') !== (s.ending !== null)) return 'ending must be set exactly when phase is over';
  if (atLedge) {
    if (s.pitch < 2) return `${s.phase === 'atLedge' ? 'atLedge' : 'ending ended'} needs a completed pitch`;
    if (s.row !== ledge || s.highPoint !== ledge) return `at a ledge the climber must be on row ${ledge}, the high point`;
    if (s.stamina !== s.tank || s.pitchDipped) return 'at a ledge stamina must be the full tank and the new pitch clean';
  }
  if (s.phase === 'climbing' && s.stamina === 0) return 'stamina 0 while climbing: the run should have ended';
  if (s.ending === 'exhausted' && s.stamina !== 0) return 'ending exhausted needs stamina 0';
  // Score: height pays exactly 10 per row of the high point; each completed pitch n pays 100n, up to 15 per
  // tank stamina, and a clean award; the last cleanStreak pitches were clean.
  let min = HEIGHT_PAY * s.highPoint;
  let max = min;
  for (let n = 1; n < s.pitch; n++) {
    min += PITCH_PAY * n;
    max += PITCH_PAY * n + STAMINA_PAY * wall.difficulty(n).tank + CLEAN_PAY * CLEAN_CAP;
  }
  for (let k = 1; k <= s.cleanStreak; k++) min += CLEAN_PAY * Math.min(k, CLEAN_CAP);
  if (s.score < min || s.score > max) return `score ${s.score} is impossible here (between ${min} and ${max})`;
  return null;
}

function columnList(value: unknown, name: string): string | null {
  const a = v.array(value, name, 0, COLUMNS);
  if (a) return a;
  const list = value as unknown[];
  for (let i = 0; i < list.length; i++) {
    const e = v.int(list[i], `${name}[${i}]`, 0, COLUMNS - 1);
    if (e) return e;
    if (i > 0 && (list[i] as number) <= (list[i - 1] as number)) return `${name} must be ascending without repeats`;
  }
  return null;
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Gusts and rockfall are the published schedule (under this pitch or the previous one, for the turns straddling a belay). */
function checkSchedules(wall: Wall, s: CragState): string | null {
  const g =
    v.exactKeys(s.gusts, 'gusts', ['now', 'next']) ?? columnList(s.gusts.now, 'gusts.now') ?? columnList(s.gusts.next, 'gusts.next');
  if (g) return g;
  const r = v.exactKeys(s.rockfall, 'rockfall', ['now', 'next']);
  if (r) return r;
  for (const key of ['now', 'next'] as const) {
    const col = s.rockfall[key];
    if (col !== null) {
      const e = v.int(col, `rockfall.${key}`, 0, COLUMNS - 1);
      if (e) return `${e} (or null)`;
    }
    const turn = s.turn + (key === 'next' ? 1 : 0);
    const pitches = s.pitch > 1 ? [s.pitch, s.pitch - 1] : [s.pitch];
    if (!pitches.some((p) => sameList(s.gusts[key], wall.gusts(s.seed, turn, p))))
      return `gusts.${key} is not the published gust schedule of seed ${s.seed} at turn ${turn}`;
    if (!pitches.some((p) => col === wall.rockfall(s.seed, turn, p)))
      return `rockfall.${key} is not the published rockfall schedule of seed ${s.seed} at turn ${turn}`;
  }
  return null;
}

function checkCell(value: unknown, name: string): string | null {
  if (value === null) return null;
  const k = v.exactKeys(value, name, ['kind', 'breaths', 'cracks', 'ice']);
  if (k) return k;
  const h = value as Record<string, unknown>;
  return v.firstError(
    v.oneOf(h.kind, `${name}.kind`, KINDS),
    v.int(h.breaths, `${name}.breaths`, 0, 3),
    v.int(h.cracks, `${name}.cracks`, 0, 3),
    v.oneOf(h.ice, `${name}.ice`, ICES),
  );
}

/** A cell can have become `cell` from its generated content `gen` through play (breaths spent, cracks spent, sweeps, ice, repair). */
function reachable(cell: Cell, gen: Cell): boolean {
  if (cell === null) return true;
  if (cell.kind === 'plain') return cell.breaths === 0 && cell.cracks <= Math.max(1, gen?.cracks ?? 0);
  if (gen === null || gen.kind !== cell.kind) return false;
  return cell.breaths <= gen.breaths && cell.cracks <= gen.cracks && ICE_RANK[cell.ice] >= ICE_RANK[gen.ice];
}

const sameCell = (a: Cell, b: Cell) =>
  a === null || b === null ? a === b : a.kind === b.kind && a.breaths === b.breaths && a.cracks === b.cracks && a.ice === b.ice;

function checkBand(wall: Wall, s: CragState): string | null {
  const a = v.array(s.band, 'band', BAND_ROWS, BAND_ROWS);
  if (a) return a;
  const bottom = bandBottom(s.highPoint);
  const top = visibleTop(wall, s);
  const belay = nextBelay(s);
  for (let i = 0; i < BAND_ROWS; i++) {
    const name = `band[${i}]`;
    const k = v.exactKeys(s.band[i], name, ['row', 'overhang', 'fogged', 'cells']);
    if (k) return k;
    const r = s.band[i] as Row;
    const e = v.firstError(
      v.int(r.row, `${name}.row`, bottom + i, bottom + i),
      v.bool(r.overhang, `${name}.overhang`),
      v.bool(r.fogged, `${name}.fogged`),
      v.array(r.cells, `${name}.cells`, COLUMNS, COLUMNS),
    );
    if (e) return e;
    for (let c = 0; c < COLUMNS; c++) {
      const ce = checkCell(r.cells[c], `${name}.cells[${c}]`);
      if (ce) return ce;
    }
    if (r.fogged !== r.row > top) return `${name}.fogged must be ${r.row > top} (foresight reaches row ${top})`;
    if (r.fogged) {
      if (r.overhang || r.cells.some((c) => c !== null)) return `${name} is fogged, so it must be blank`;
      continue;
    }
    const gen = wall.row(s.seed, r.row);
    if (r.overhang !== gen.overhang) return `${name}.overhang does not match the wall of seed ${s.seed}`;
    const pristine = isLedgeRow(r.row) || r.row > belay;
    for (let c = 0; c < COLUMNS; c++) {
      const cell = r.cells[c] as Cell;
      const g = gen.cells[c] as Cell;
      if (pristine ? !sameCell(cell, g) : !reachable(cell, g))
        return `${name}.cells[${c}] (row ${r.row}) cannot come from the wall of seed ${s.seed}${pristine ? ': this row is not in play yet, or a ledge' : ''}`;
      if (cell && cell.breaths > 0 && cell.kind !== 'jug') return `${name}.cells[${c}]: only a jug holds breaths`;
    }
  }
  if (holdAt(s, s.row, s.col) === null) return `the climber's cell (${s.row}, ${s.col}) is bare rock`;
  // The third ending: a climbing state always has a move; a noMove ending has none (and stamina left).
  if (s.phase === 'climbing' && !anyMoveLegal(s)) return 'phase climbing with no legal move: the run should have ended (ending noMove)';
  if (s.ending === 'noMove') {
    if (s.stamina === 0) return 'ending noMove needs stamina above 0 (at 0 the ending is exhausted)';
    if (anyMoveLegal(s)) return 'ending noMove, but a move is legal in this state';
  }
  // The repair's invariant over the rows in play.
  const base = bottom;
  for (let row = floorRow(s); row < Math.min(belay, top); row++) {
    const below = s.band[row - base] as Row;
    const above = s.band[row + 1 - base] as Row;
    if (wall.repairColumns(maskOfRow(below), maskOfRow(above)) !== 0)
      return `row ${row} has a hold with nothing within a step above it: the repair was not applied`;
  }
  return null;
}
