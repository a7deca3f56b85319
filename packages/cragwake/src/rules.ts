// The rules: refuse, apply and legalActions. `apply` is the single copy of the turn order; `refuse` and
// `legalActions` share `moveCheck`, so the legal list is exactly the accepted set.
import type { RuleRefusal, StepEvent, StepReport } from '@hearth/engine';
import { creep, creepFires, freshBand, repairBand, sweep, syncBand } from './band.ts';
import type { Wall } from './generator.ts';
import type { CragAction } from './shapes/action.ts';
import { type Cell, type CragState, floorRow, holdAt, holdOf, isLedgeRow, nextBelay, PITCH_ROWS, type Row, rowAt } from './state.ts';

export type { CragAction, MoveAction } from './shapes/action.ts';

/** The stable machine reasons of the six refusal cases (plus the engine's unknown_action and invalid_state). */
export const Reason = {
  outOfReach: 'out_of_reach',
  bareRock: 'bare_rock',
  belowFloor: 'below_floor',
  lungeFromIce: 'lunge_from_ice',
  tooCostly: 'too_costly',
  wrongPhase: 'wrong_phase',
} as const;

/** The 8 steps then the 7 lunges, as [rows up, columns across]; legalActions lists moves in this order. */
export const STEPS: ReadonlyArray<readonly [number, number]> = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];
export const LUNGES: ReadonlyArray<readonly [number, number]> = [
  [0, -2],
  [0, 2],
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 0],
  [2, 1],
];

export const HEIGHT_PAY = 10;
export const PITCH_PAY = 100;
export const STAMINA_PAY = 15;
export const CLEAN_PAY = 150;
export const CLEAN_CAP = 6;
export const DIP_AT = 3;
export const SPINDRIFT_COST = 4;
export const BREATH_GAIN = 4;
export const BREATH_GAIN_OVERHANG = 2;
/** What a move onto a hold adds to its base cost (1, or 2 for a crimp): a lunge, ice, an overhang, a gust. */
export const LUNGE_COST = 2;
export const ICY_COST = 2;
export const OVERHANG_COST = 1;
export const GUST_COST = 2;

/** 0 not a move, 1 a step, 2 a lunge. */
export function reachKind(dr: number, dc: number): 0 | 1 | 2 {
  const adc = Math.abs(dc);
  if (dr >= -1 && dr <= 1 && adc <= 1) return dr === 0 && adc === 0 ? 0 : 1;
  if ((dr === 0 || dr === 1) && adc === 2) return 2;
  if (dr === 2 && adc <= 1) return 2;
  return 0;
}

/**
 * The cost of moving onto (row, col): base 1 for a jug or a plain hold and 2 for a crimp, +2 for a lunge,
 * +2 if the target is icy, +1 if the target row overhangs, +2 if the target column gusts this turn.
 * A ledge row costs exactly 1. Assumes the target holds a hold.
 */
export function moveCost(s: CragState, row: number, col: number, lunge: boolean): number {
  if (isLedgeRow(row)) return 1;
  const r = rowAt(s, row) as Row;
  const h = r.cells[col]!;
  let cost = h.kind === 'crimp' ? 2 : 1;
  if (lunge) cost += LUNGE_COST;
  if (h.ice === 'icy') cost += ICY_COST;
  if (r.overhang) cost += OVERHANG_COST;
  if (s.gusts.now.includes(col)) cost += GUST_COST;
  return cost;
}

/** Why a move is refused (in this precedence), or its cost as a number when it is legal. Phase not checked. */
export function moveCheck(s: CragState, row: number, col: number): RuleRefusal | number {
  const kind = col >= 0 && col <= 5 ? reachKind(row - s.row, col - s.col) : 0;
  if (kind === 0) return refusal(Reason.outOfReach, `(${row}, ${col}) is not a step or a lunge away from (${s.row}, ${s.col})`);
  if (row > nextBelay(s))
    return refusal(Reason.outOfReach, `row ${row} is above the next belay (row ${nextBelay(s)}), which is the top of this pitch`);
  const floor = floorRow(s);
  if (row < floor) return refusal(Reason.belowFloor, `row ${row} is under the floor (row ${floor})`);
  if (holdAt(s, row, col) === null) return refusal(Reason.bareRock, `(${row}, ${col}) is bare rock`);
  if (kind === 2 && holdAt(s, s.row, s.col)?.ice === 'icy')
    return refusal(Reason.lungeFromIce, `you stand on an icy hold at (${s.row}, ${s.col}) and cannot lunge`);
  const cost = moveCost(s, row, col, kind === 2);
  if (cost > s.stamina)
    return {
      reason: Reason.tooCostly,
      message: `(${row}, ${col}) costs ${cost} and you hold ${s.stamina} stamina`,
      cost,
      stamina: s.stamina,
    };
  return cost;
}

function refusal(reason: string, message: string): RuleRefusal {
  return { reason, message };
}

const PHASE_OF: Record<CragAction['type'], CragState['phase']> = {
  move: 'climbing',
  breathe: 'climbing',
  climbOn: 'atLedge',
  endRun: 'atLedge',
};

export function refuse(s: CragState, a: CragAction): RuleRefusal | null {
  if (s.phase !== PHASE_OF[a.type]) {
    const offered =
      s.phase === 'climbing' ? 'move and breathe' : s.phase === 'atLedge' ? 'climbOn and endRun' : 'nothing (the run is over)';
    return refusal(Reason.wrongPhase, `${a.type} is not offered while ${s.phase}: this phase offers ${offered}`);
  }
  if (a.type !== 'move') return null;
  const r = moveCheck(s, a.row, a.col);
  return typeof r === 'number' ? null : r;
}

/** The legal moves with their cost and whether each is a lunge, in legalActions order (for the observation and bots). */
export function legalMoves(s: CragState): Array<{ row: number; col: number; cost: number; lunge: boolean }> {
  const out: Array<{ row: number; col: number; cost: number; lunge: boolean }> = [];
  if (s.phase !== 'climbing') return out;
  for (let k = 0; k < 15; k++) {
    const lunge = k >= 8;
    const d = (lunge ? LUNGES[k - 8] : STEPS[k]) as readonly [number, number];
    const r = moveCheck(s, s.row + d[0], s.col + d[1]);
    if (typeof r === 'number') out.push({ row: s.row + d[0], col: s.col + d[1], cost: r, lunge });
  }
  return out;
}

// The 15 offsets flattened (steps first), for the hot loop of legalActions.
const DR = Int8Array.from([...STEPS, ...LUNGES].map((d) => d[0]));
const DC = Int8Array.from([...STEPS, ...LUNGES].map((d) => d[1]));

const BREATHE_ONLY: readonly CragAction[] = Object.freeze([Object.freeze({ type: 'breathe' as const })]);
const AT_LEDGE: readonly CragAction[] = Object.freeze([
  Object.freeze({ type: 'climbOn' as const }),
  Object.freeze({ type: 'endRun' as const }),
]);
const NONE: readonly CragAction[] = Object.freeze([]);

/** legalActions without the moves (shared, frozen): what a fixed-size driver marks beside the tensor's move costs. */
export const otherActions = (s: CragState): readonly CragAction[] =>
  s.phase === 'climbing' ? BREATHE_ONLY : s.phase === 'atLedge' ? AT_LEDGE : NONE;

export function legalActions(s: CragState): CragAction[] {
  if (s.phase === 'atLedge') return [{ type: 'climbOn' }, { type: 'endRun' }];
  if (s.phase !== 'climbing') return [];
  const out: CragAction[] = [];
  scanMoves(s, out);
  out.push({ type: 'breathe' });
  return out;
}

/**
 * The hot loop behind legalActions, the observation tensor's move costs and the third ending's test (the same
 * checks as moveCheck, without building refusal messages): pushes every legal move onto `out` and hands it with its
 * cost to `visit`, or, with neither, stops at the first and returns whether there is one. Ignores the phase.
 */
export function scanMoves(s: CragState, out: CragAction[] | null, visit?: (row: number, col: number, cost: number) => void): boolean {
  const belay = nextBelay(s);
  const floor = floorRow(s);
  const band = s.band;
  const base = (band[0] as Row).row;
  const icy = (band[s.row - base] as Row).cells[s.col]?.ice === 'icy';
  const gusts = s.gusts.now;
  const stamina = s.stamina;
  let found = false;
  for (let k = 0; k < 15; k++) {
    const lunge = k >= 8;
    if (lunge && icy) break;
    const row = s.row + (DR[k] as number);
    const col = s.col + (DC[k] as number);
    if (col < 0 || col > 5 || row > belay || row < floor) continue;
    const r = band[row - base] as Row;
    const h = r.cells[col] as Cell;
    if (h === null) continue;
    let cost = 1;
    if (row % PITCH_ROWS !== 0) {
      if (h.kind === 'crimp') cost = 2;
      if (lunge) cost += LUNGE_COST;
      if (h.ice === 'icy') cost += ICY_COST;
      if (r.overhang) cost += OVERHANG_COST;
      for (const g of gusts) if (g === col) cost += GUST_COST;
    }
    if (cost <= stamina) {
      if (out === null && visit === undefined) return true;
      out?.push({ type: 'move', row, col });
      visit?.(row, col, cost);
      found = true;
    }
  }
  return found;
}

/** Whether any move (step or lunge) is legal from s, ignoring the phase: the test of the third ending. */
export const anyMoveLegal = (s: CragState): boolean => scanMoves(s, null);

/** A fresh game: pitch 1, full tank, at row 0 column 3, the band around row 0. */
export function initState(wall: Wall, seed: number): CragState {
  const d = wall.difficulty(1);
  // Keys in canonical (sorted) order (see cloneState); the kernel calls keep their order (band, gusts, rockfall).
  const band = freshBand(wall, seed, 0, d.foresight);
  const gusts = { now: wall.gusts(seed, 0, 1), next: wall.gusts(seed, 1, 1) };
  const rockfall = { now: wall.rockfall(seed, 0, 1), next: wall.rockfall(seed, 1, 1) };
  return {
    band,
    cleanStreak: 0,
    col: 3,
    ending: null,
    gusts: { next: gusts.next, now: gusts.now },
    highPoint: 0,
    phase: 'climbing',
    pitch: 1,
    pitchDipped: false,
    rockfall: { next: rockfall.next, now: rockfall.now },
    row: 0,
    score: 0,
    seed,
    spindrift: 0,
    stamina: d.tank,
    tank: d.tank,
    turn: 0,
  };
}

/**
 * The single copy of the turn order, applied in place to a legal action:
 * pay or gain stamina; spend a crack on the hold you left; move; award height; note whether you dipped;
 * if you landed on the next unclimbed belay, complete the pitch and stop there; otherwise sweep any
 * rockfall, spread any frost, advance the turn, and end the run if stamina reached 0 or no move (step or
 * lunge) is legal: breathing does not count as a move.
 */
export function apply(wall: Wall, s: CragState, a: CragAction, report?: StepReport): void {
  const events = report?.events;
  switch (a.type) {
    case 'climbOn':
      s.phase = 'climbing';
      events?.push({ kind: 'climb_on', pitch: s.pitch });
      return;
    case 'endRun':
      s.phase = 'over';
      s.ending = 'ended';
      events?.push({ kind: 'run_ended', ending: 'ended' });
      return;
    case 'breathe': {
      const from = s.stamina;
      const h = holdAt(s, s.row, s.col)!;
      if (!isLedgeRow(s.row) && h.kind === 'jug' && h.breaths > 0) {
        const row = rowAt(s, s.row) as Row;
        s.stamina = Math.min(s.tank, s.stamina + (row.overhang ? BREATH_GAIN_OVERHANG : BREATH_GAIN));
        row.cells[s.col] = holdOf(h.kind, h.breaths - 1, h.cracks, h.ice);
      } else {
        s.stamina -= 1;
      }
      events?.push({ kind: 'breath', row: s.row, col: s.col, stamina: s.stamina - from });
      noteDip(s, events);
      endTurn(wall, s, events);
      return;
    }
    case 'move': {
      const kind = reachKind(a.row - s.row, a.col - s.col);
      const cost = moveCost(s, a.row, a.col, kind === 2);
      if (events) {
        events.push({ kind: kind === 2 ? 'lunge' : 'climb', from: [s.row, s.col], row: a.row, col: a.col, cost });
        if (!isLedgeRow(a.row) && s.gusts.now.includes(a.col)) events.push({ kind: 'gust', col: a.col });
      }
      s.stamina -= cost;
      // Spend a crack on the hold you left; lunging off a cracked hold destroys it whatever its cracks say.
      const left = holdAt(s, s.row, s.col)!;
      if (left.cracks > 0) {
        const cracks = kind === 2 ? 0 : left.cracks - 1;
        events?.push(
          cracks === 0 ? { kind: 'hold_broken', row: s.row, col: s.col } : { kind: 'hold_cracked', row: s.row, col: s.col, left: cracks },
        );
        (rowAt(s, s.row) as Row).cells[s.col] = cracks === 0 ? null : holdOf(left.kind, left.breaths, cracks, left.ice);
        if (cracks === 0) repairBand(wall, s, s.row - 1);
      }
      s.row = a.row;
      s.col = a.col;
      if (a.row > s.highPoint) {
        const points = HEIGHT_PAY * (a.row - s.highPoint);
        s.score += points;
        events?.push({ kind: 'height', row: a.row, points });
        s.highPoint = a.row;
        const revealed = syncBand(wall, s);
        if (revealed >= 0) repairBand(wall, s, revealed - 1);
      }
      noteDip(s, events);
      if (a.row === nextBelay(s)) {
        completePitch(wall, s, events);
        return;
      }
      endTurn(wall, s, events);
      return;
    }
  }
}

function noteDip(s: CragState, events?: StepEvent[]): void {
  if (s.stamina <= DIP_AT) {
    if (events && !s.pitchDipped) events.push({ kind: 'pitch_dipped', stamina: s.stamina });
    s.pitchDipped = true;
  }
}

/** Pays pitch n: 100n + 15 per stamina left (before the refill) + the clean streak; refills to the next pitch's tank. */
function completePitch(wall: Wall, s: CragState, events?: StepEvent[]): void {
  const n = s.pitch;
  const paid = PITCH_PAY * n + STAMINA_PAY * s.stamina;
  s.score += paid;
  events?.push({ kind: 'pitch_complete', pitch: n, stamina: s.stamina, points: paid });
  if (s.pitchDipped) {
    if (events && s.cleanStreak > 0) events.push({ kind: 'streak_reset', from: s.cleanStreak });
    s.cleanStreak = 0;
  } else {
    s.cleanStreak++;
    const clean = CLEAN_PAY * Math.min(s.cleanStreak, CLEAN_CAP);
    s.score += clean;
    events?.push({ kind: 'clean_streak', streak: s.cleanStreak, points: clean });
  }
  s.pitch = n + 1;
  s.tank = wall.difficulty(s.pitch).tank;
  s.stamina = s.tank;
  s.pitchDipped = false;
  s.phase = 'atLedge';
  events?.push({ kind: 'stamina_refilled', stamina: s.stamina });
  // The new pitch's foresight may be shorter: rows above it fog again (they are untouched rows of the new pitch).
  syncBand(wall, s);
}

/** The rest of a wall turn: rockfall (then the repair), ice creep, the turn advances, the run may end. */
function endTurn(wall: Wall, s: CragState, events?: StepEvent[]): void {
  const rock = s.rockfall.now;
  if (rock !== null) {
    const spindrift = sweep(wall, s, rock);
    events?.push({ kind: 'sweep', col: rock });
    if (spindrift) {
      s.spindrift++;
      const from = s.stamina;
      s.stamina = Math.max(0, s.stamina - SPINDRIFT_COST);
      events?.push({ kind: 'spindrift', row: s.row, col: s.col, stamina: s.stamina - from });
      noteDip(s, events);
    }
    // A hold may have gone: the repair keeps a line (it writes nothing where none went).
    repairBand(wall, s);
  }
  if (creepFires(wall, s)) {
    const cells = events ? ([] as [number, number][]) : undefined;
    creep(wall, s, cells);
    events?.push({ kind: 'frost', cells: cells! });
  }
  s.turn++;
  s.gusts.now = s.gusts.next;
  s.gusts.next = wall.gusts(s.seed, s.turn + 1, s.pitch);
  s.rockfall.now = s.rockfall.next;
  s.rockfall.next = wall.rockfall(s.seed, s.turn + 1, s.pitch);
  if (s.stamina === 0) {
    s.phase = 'over';
    s.ending = 'exhausted';
    events?.push({ kind: 'run_ended', ending: 'exhausted' });
  } else if (!anyMoveLegal(s)) {
    // "end the run if your stamina reached 0 or no legal move remains": a move is a step or a lunge, so
    // breathing (always legal while climbing) does not keep the run alive.
    s.phase = 'over';
    s.ending = 'noMove';
    events?.push({ kind: 'run_ended', ending: 'noMove' });
  }
}
