// Pebble's state: its validation (the compiled shape check, then what a real game can reach) and its copy.
import type { Parsed } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { initialPebbles } from './generator.ts';
import { PEBBLE_POINTS, type PebbleState, SIZE, START, StateShape, TURNS } from './shapes.ts';

export type { PebbleState } from './shapes.ts';

const StateCheck = TypeCompiler.Compile(StateShape);

export function parseState(value: unknown): Parsed<PebbleState> {
  if (!StateCheck.Check(value)) {
    const e = StateCheck.Errors(value).First();
    return { ok: false, message: e ? `state${e.path.replaceAll('/', '.')}: ${e.message.toLowerCase()}` : 'not a Pebble state' };
  }
  const problem = reachable(value);
  return problem ? { ok: false, message: problem } : { ok: true, value: cloneState(value) };
}

/** What a game from this seed can hold: pebbles ascending and from the seed's own set, the score counting the rest. */
function reachable(s: PebbleState): string | null {
  const start = initialPebbles(s.seed);
  for (let i = 0; i < s.pebbles.length; i++) {
    const p = s.pebbles[i]!;
    if (i > 0 && p <= s.pebbles[i - 1]!) return 'state.pebbles must be ascending without repeats';
    if (!start.includes(p)) return `state.pebbles holds ${p}, which seed ${s.seed} never placed`;
  }
  if (s.pebbles.includes(s.at)) return 'state.at is on a pebble (a pebble is picked up when the pawn arrives)';
  const picked = start.length - s.pebbles.length;
  if (s.score !== picked * PEBBLE_POINTS) return `state.score must be ${picked * PEBBLE_POINTS} for ${picked} pebbles picked up`;
  if (picked > s.turn) return `state.turn ${s.turn} is fewer than the ${picked} pebbles picked up`;
  // The pawn moves one cell a turn, so it is at most `turn` steps from the start, with the parity of `turn`.
  const steps = distance(START, s.at);
  if (steps > s.turn || (s.turn - steps) % 2 !== 0) return `state.at ${s.at} is not ${s.turn} moves from the start`;
  if (s.turn > TURNS) return `state.turn is past ${TURNS}`;
  return null;
}

export const rowOf = (cell: number) => Math.floor(cell / SIZE);
export const colOf = (cell: number) => cell % SIZE;

/** Steps between two cells (orthogonal moves). */
export function distance(a: number, b: number): number {
  return Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b));
}

export function cloneState(s: PebbleState): PebbleState {
  return { ...s, pebbles: [...s.pebbles] };
}
