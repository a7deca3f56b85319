// Untrusted input: parseAction and parseState. Each runs the compiled shape check of its one declaration
// (shapes/), whose failure names the field, then the semantic checks: for a state the geometry, the
// reachability bounds (score, turns, streak, stamina on a ledge...), the gust/rockfall schedule, and the wall
// against the seed: every cell must be reachable from its generated content by the mutations play can make,
// rows not yet in play must be exactly as generated, and the repair's invariant (a hold within a step above
// every hold in play) must hold.
import type { Parsed } from '@hearth/engine';
import { maskOfRow, visibleTop } from './band.ts';
import type { Wall } from './generator.ts';
import { anyMoveLegal, CLEAN_CAP, CLEAN_PAY, DIP_AT, HEIGHT_PAY, PITCH_PAY, STAMINA_PAY } from './rules.ts';
import { ACTION_TYPES, type CragAction, checkActionShape } from './shapes/action.ts';
import { shapeError } from './shapes/common.ts';
import { checkStateShape } from './shapes/state.ts';
import {
  BAND_ROWS,
  bandBottom,
  type Cell,
  type CragState,
  floorRow,
  holdAt,
  isLedgeRow,
  nextBelay,
  pitchLedge,
  type Row,
} from './state.ts';

function isRecord(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * An action fits one of the four branches of the grammar (a move needs integer `row` and `col`). Other keys
 * (such as an informational `cost`) are ignored, as the document's grammar allows, and dropped from the value.
 */
export function parseAction(value: unknown): Parsed<CragAction> {
  if (checkActionShape.Check(value)) {
    const a = value as CragAction;
    return { ok: true, value: a.type === 'move' ? { type: 'move', row: a.row, col: a.col } : ({ type: a.type } as CragAction) };
  }
  // Which part failed, in the grammar's words.
  if (!isRecord(value)) return { ok: false, message: 'an action must be a JSON object with a type' };
  if (!(ACTION_TYPES as readonly unknown[]).includes(value.type))
    return { ok: false, message: `action.type must be one of ${ACTION_TYPES.join(', ')}` };
  return { ok: false, message: Number.isInteger(value.row) ? 'move.col must be an integer' : 'move.row must be an integer' };
}

const ICE_RANK = { dry: 0, frosting: 1, icy: 2 } as const;

export function createParseState(wall: Wall): (value: unknown) => Parsed<CragState> {
  return (value) => {
    const problem = check(wall, value);
    return problem === null ? { ok: true, value: value as CragState } : { ok: false, message: `invalid cragwake state: ${problem}` };
  };
}

function check(wall: Wall, value: unknown): string | null {
  const shape = shapeError(checkStateShape, value, 'state');
  if (shape) return shape;
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
  if (s.row < floor || s.row > s.highPoint) return `row ${s.row} must be between the floor (${floor}) and highPoint (${s.highPoint})`;
  if (s.cleanStreak > s.pitch - 1) return `cleanStreak ${s.cleanStreak} exceeds the ${s.pitch - 1} completed pitches`;
  if (s.spindrift > s.turn) return `spindrift ${s.spindrift} exceeds the ${s.turn} turns played`;
  if (s.stamina <= DIP_AT && !s.pitchDipped) return `stamina ${s.stamina} is ${DIP_AT} or below, so pitchDipped must be true`;
  const atLedge = s.phase === 'atLedge' || s.ending === 'ended';
  if ((s.phase === 'over') !== (s.ending !== null)) return 'ending must be set exactly when phase is over';
  if (atLedge) {
    if (s.pitch < 2) return `${s.phase === 'atLedge' ? 'atLedge' : 'ending ended'} needs a completed pitch`;
    // The row lies between the floor (never under the pitch's ledge) and the high point, checked above: on the ledge
    // exactly when the high point is.
    if (s.highPoint !== ledge) return `at a ledge the climber must be on row ${ledge}, the high point`;
    if (s.stamina !== s.tank || s.pitchDipped)
      return 'at a ledge stamina must be the full tank and the new pitch clean (pitchDipped false)';
  }
  if (s.phase === 'climbing' && s.stamina === 0) return 'stamina 0 while climbing: the run should have ended';
  if (s.ending === 'exhausted' && s.stamina !== 0) return 'ending exhausted needs stamina 0';
  return checkPace(wall, s) ?? checkScore(wall, s);
}

/**
 * Reachability bounds from the turn counter. A pitch takes at least 4 turns (10 rows, at most 2 a move, and
 * the move onto the belay does not advance the turn), and every row gained in this pitch needs a turn per 2.
 * While the high point is still the pitch's ledge you have only moved along the ledge or breathed on it, each
 * a turn costing exactly 1 (ledges pay no breath and take no spindrift), so stamina only fell this pitch: the
 * pitch dipped exactly when stamina is 3 or below, and stamina = tank - (turns spent on this pitch), which on
 * pitch 1 is every turn (and each of those turns moved you at most 2 columns from the start, column 3).
 * Spindrift needs rockfall, which is off until pitch 8 (the difficulty table; once on it stays on).
 */
function checkPace(wall: Wall, s: CragState): string | null {
  const ledge = pitchLedge(s);
  const climbed = Math.ceil((s.highPoint - ledge) / 2);
  const minTurns = 4 * (s.pitch - 1) + climbed;
  if (s.turn < minTurns)
    return `turn ${s.turn} is too early for pitch ${s.pitch} and highPoint ${s.highPoint}: it takes at least ${minTurns} turns`;
  if (s.spindrift > 0 && wall.difficulty(s.pitch).sweepEvery === 0)
    return `spindrift ${s.spindrift} at pitch ${s.pitch}, before any rockfall (it starts at pitch 8)`;
  if (s.highPoint !== ledge) return null;
  if (s.pitchDipped !== s.stamina <= DIP_AT)
    return `pitchDipped ${s.pitchDipped} with stamina ${s.stamina} at highPoint ${s.highPoint}, the pitch's ledge: stamina has only fallen on this pitch, so it dipped exactly when stamina is ${DIP_AT} or below`;
  const spent = s.tank - s.stamina;
  if (s.pitch === 1) {
    if (spent !== s.turn)
      return `stamina ${s.stamina} at turn ${s.turn} on the starting ledge (highPoint 0): every turn there costs exactly 1, so stamina must be tank ${s.tank} - turn ${s.turn} = ${s.tank - s.turn}`;
    if (Math.abs(s.col - 3) > 2 * s.turn) return `col ${s.col} is out of reach of column 3 in ${s.turn} turns on the starting ledge`;
  } else if (s.turn < minTurns + spent)
    return `turn ${s.turn} is too early for stamina ${s.stamina} of tank ${s.tank} at highPoint ${s.highPoint}, the ledge of pitch ${s.pitch}: at least ${minTurns + spent} turns`;
  return null;
}

function checkScore(wall: Wall, s: CragState): string | null {
  // Score: height pays exactly 10 per row of the high point; each completed pitch n pays 100n and 15 per
  // stamina on arrival (at most its tank), plus a clean award of 150 * min(streak, 6). The last cleanStreak
  // pitches were clean (so each arrived with at least 4 stamina and paid its exact award); when the streak is
  // shorter than the completed pitches, the pitch before it dipped and paid no clean award.
  let min = HEIGHT_PAY * s.highPoint;
  let max = min;
  for (let n = 1; n < s.pitch; n++) {
    min += PITCH_PAY * n;
    max += PITCH_PAY * n + STAMINA_PAY * wall.difficulty(n).tank;
  }
  for (let k = 1; k <= s.cleanStreak; k++) {
    const award = CLEAN_PAY * Math.min(k, CLEAN_CAP);
    min += award + STAMINA_PAY * (DIP_AT + 1);
    max += award;
  }
  if (s.cleanStreak < s.pitch - 1) max += CLEAN_PAY * CLEAN_CAP * (s.pitch - 2 - s.cleanStreak);
  if (s.score < min || s.score > max)
    return `score ${s.score} is impossible with highPoint ${s.highPoint}, pitch ${s.pitch} and cleanStreak ${s.cleanStreak} (between ${min} and ${max})`;
  return null;
}

const ascending = (list: number[]) => list.every((c, i) => i === 0 || c > (list[i - 1] as number));

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Gusts and rockfall are the published schedule (under this pitch or the previous one, for the turns straddling a belay). */
function checkSchedules(wall: Wall, s: CragState): string | null {
  if (!ascending(s.gusts.now)) return 'gusts.now must be ascending';
  if (!ascending(s.gusts.next)) return 'gusts.next must be ascending';
  for (const key of ['now', 'next'] as const) {
    const col = s.rockfall[key];
    const turn = s.turn + (key === 'next' ? 1 : 0);
    // On pitch 1 the previous pitch is pitch 0, which the difficulty reads as pitch 1.
    const pitches = [s.pitch, s.pitch - 1];
    if (!pitches.some((p) => sameList(s.gusts[key], wall.gusts(s.seed, turn, p))))
      return `gusts.${key} is not the published gust schedule of seed ${s.seed} at turn ${turn}`;
    if (!pitches.some((p) => col === wall.rockfall(s.seed, turn, p)))
      return `rockfall.${key} is not the published rockfall schedule of seed ${s.seed} at turn ${turn}`;
  }
  return null;
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
  const bottom = bandBottom(s.highPoint);
  const top = visibleTop(wall, s);
  const belay = nextBelay(s);
  const noFrost = wall.difficulty(s.pitch).frostEvery === 0;
  let breathsSpent = 0;
  let cracksSpent = 0;
  for (let i = 0; i < BAND_ROWS; i++) {
    const name = `band[${i}]`;
    const r = s.band[i] as Row;
    if (r.row !== bottom + i) return `${name}.row must be ${bottom + i} (the band starts at max(0, highPoint - 3)), got ${r.row}`;
    if (r.fogged !== r.row > top) return `${name}.fogged must be ${r.row > top} (foresight reaches row ${top})`;
    if (r.fogged) {
      if (r.overhang || r.cells.some((c) => c !== null)) return `${name} is fogged, so it must be blank (overhang false, cells null)`;
      continue;
    }
    const gen = wall.row(s.seed, r.row);
    if (r.overhang !== gen.overhang) return `${name}.overhang does not match the wall of seed ${s.seed}`;
    // Before the first turn nothing on the wall can have changed.
    const pristine = isLedgeRow(r.row) || r.row > belay || s.turn === 0;
    for (let c = 0; c < 6; c++) {
      const cell = r.cells[c] as Cell;
      const g = gen.cells[c] as Cell;
      if (pristine ? !sameCell(cell, g) : !reachable(cell, g))
        return `${name}.cells[${c}] (row ${r.row}) cannot come from the wall of seed ${s.seed}${pristine ? `: ${s.turn === 0 ? 'nothing changes before turn 1' : 'this row is not in play yet, or a ledge'}` : ''}`;
      // A jug or a crimp is always the generated hold itself (sweeps turn jugs to plain and remove crimps; the
      // repair writes plain holds; the checks above hold it to the generated kind), so what it lost was spent on it.
      // (Only a jug holds breaths: the generator gives breaths to jugs alone, and the checks above allow none added.)
      if (cell && g && cell.kind !== 'plain') {
        breathsSpent += g.breaths - cell.breaths;
        cracksSpent += g.cracks - cell.cracks;
      }
      if (noFrost && cell && ICE_RANK[cell.ice] > (g ? ICE_RANK[g.ice] : 0))
        return `${name}.cells[${c}].ice: no ice creep yet at pitch ${s.pitch}, so it cannot be ${cell.ice}`;
    }
  }
  // Each breath spent is a breathe turn; each crack spent is a move off the hold (a turn, or a belay move).
  if (breathsSpent > s.turn) return `band: ${breathsSpent} breaths spent on the jugs in view, more than the ${s.turn} turns played`;
  if (cracksSpent > s.turn + s.pitch - 1)
    return `band: ${cracksSpent} cracks spent on the holds in view, more than the ${s.turn + s.pitch - 1} moves possible by turn ${s.turn}`;
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
