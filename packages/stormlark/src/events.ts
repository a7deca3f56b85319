// What one scrolling turn did, recorded by the rules' own step while it runs (only when a recap is
// asked for), so the recap never re-derives a rule from two states.
import type { Kind } from './state.ts';

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
