// What one scrolling turn did, recorded by the rules' own step while it runs (only when the step is asked for a
// report), so the recap never re-derives a rule from two states and nothing is replayed.
import type { StepEvent } from '@hearth/engine';
import type { Kind, StormlarkAction, StormlarkState } from './state.ts';

export interface PulseEvent {
  /** What stopped the pulse (null when it met nothing). */
  kind: Kind | null;
  col: number;
  result: 'cleared' | 'hit' | 'absorbed' | 'missed';
  /** Hits left after a hit that did not clear. */
  hpLeft: number;
  points: number;
  /** The chain the clear was paid with (before it incremented). */
  chain: number;
}

export interface TurnEvents {
  pulse: PulseEvent | null;
  /** A sparker in column 1 discharged along the craft's lane. */
  discharged: boolean;
  /** Points of a mote collected this turn (0: none). */
  mote: number;
  squall: boolean;
  /** The solid the craft collided with. */
  collided: Kind | null;
  column: number;
  gate: number;
  flawless: number;
  /** Solids the survivability repair deleted. */
  repaired: number;
  /** The score reached the plausibility guard: the run ended there. */
  guard: boolean;
}

export const noEvents = (): TurnEvents => ({
  pulse: null,
  discharged: false,
  mote: 0,
  squall: false,
  collided: null,
  column: 0,
  gate: 0,
  flawless: 0,
  repaired: 0,
  guard: false,
});

/**
 * The turn as the step report's events (engine contract StepEvent), in the order the twelve steps make them happen:
 * the player's move or vent and the pulse, the sparker's discharge, what shared the craft's cell (collision, mote,
 * squall), the canyon scrolling a column (its points), the survivability repair, the Gate and the flawless bonus,
 * the guard. Kinds and fields are listed in the README; `lane` and `col` are the board's.
 */
export function turnStepEvents(
  before: { lane: number; score: number },
  a: StormlarkAction,
  s: StormlarkState,
  ev: TurnEvents,
): StepEvent[] {
  const out: StepEvent[] = [];
  if (a.type === 'UP' || a.type === 'DOWN') out.push({ kind: 'move', from: before.lane, to: s.shipLane });
  if (a.type === 'VENT') out.push({ kind: 'vent' });
  const p = ev.pulse;
  if (p) {
    const pulse: StepEvent = {
      kind: 'pulse',
      lane: before.lane,
      col: p.col,
      result: p.result,
      target: p.kind,
      hpLeft: p.hpLeft,
      chain: p.chain,
    };
    if (p.result === 'cleared') pulse.points = p.points;
    out.push(pulse);
  }
  if (ev.discharged) out.push({ kind: 'discharge', lane: s.shipLane });
  if (ev.collided) out.push({ kind: 'collision', lane: s.shipLane, target: ev.collided });
  if (ev.mote > 0) out.push({ kind: 'mote', lane: s.shipLane, points: ev.mote });
  if (ev.squall) out.push({ kind: 'squall', lane: s.shipLane });
  out.push({ kind: 'scroll', column: s.column, points: ev.column });
  if (ev.repaired > 0) out.push({ kind: 'repair', solids: ev.repaired });
  if (ev.gate > 0) out.push({ kind: 'gate', points: ev.gate });
  if (ev.flawless > 0) out.push({ kind: 'flawless', points: ev.flawless });
  if (ev.guard) {
    const paid = out.reduce((sum, e) => sum + (e.points ?? 0), 0);
    out.push({ kind: 'guard', points: s.score - before.score - paid });
  }
  return out;
}
