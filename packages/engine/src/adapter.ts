// What every adapter (CLI, web, server, MCP) needs besides the Game itself, written once here.
import type { Spec } from './contract.ts';
import type { ReplayResult } from './replay.ts';

/** The part of a wire response the next call carries: the plain (or sealed) `state`, or the `stateToken`. */
export interface Carried {
  state?: unknown;
  stateToken?: unknown;
}

/**
 * The body of the next /action call after `at` (a wire response): `{ stateToken, action }` for a game whose spec
 * says `carry: 'stateToken'`, else `{ state, action }`. Without `action`, only the carried part.
 */
export function nextBody(spec: Pick<Spec, 'carry'>, at: Carried): Carried;
export function nextBody<A>(spec: Pick<Spec, 'carry'>, at: Carried, action: A): Carried & { action: A };
export function nextBody(spec: Pick<Spec, 'carry'>, at: Carried, ...action: unknown[]): Carried & { action?: unknown } {
  const body: Carried & { action?: unknown } = spec.carry === 'stateToken' ? { stateToken: at.stateToken } : { state: at.state };
  if (action.length > 0) body.action = action[0];
  return body;
}

/**
 * What a replay of seed + actions found, as /verify answers it and every adapter shows it: the verified final
 * position, or the first refused action (`index`, 0-based; -1 when the job itself was unusable, e.g. an unknown
 * slug). `end` is the final observation's end reason where the game exposes one (`observation.end`), else null.
 */
export type VerifyOutcome =
  | { ok: true; score: number; gameOver: boolean; turns: number; stateHash: string; end: string | null }
  | { ok: false; index: number; reason: string; message: string };

/** The VerifyOutcome of an engine `replay()`. */
export function verifyOutcome(result: ReplayResult): VerifyOutcome {
  if (!result.ok) return { ok: false, index: result.index, reason: result.reason, message: result.message };
  const { score, gameOver, turns, stateHash } = result;
  return { ok: true, score, gameOver, turns, stateHash, end: endReason(result.final.observation.end) };
}

/** observation.end where a game exposes one: a reason code, or an object carrying it as `reason`; else null. */
export function endReason(end: unknown): string | null {
  if (typeof end === 'string') return end;
  if (end && typeof end === 'object' && typeof (end as { reason?: unknown }).reason === 'string') return (end as { reason: string }).reason;
  return null;
}
