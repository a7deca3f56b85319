import type { OkResponse, Spec } from '@hearth/engine';
import type { Session } from '../../src/session.ts';

/** A session frozen at one response (the screens only read `current`). */
export function frozenSession(spec: Spec, seed: number, response: OkResponse): Session {
  return {
    slug: spec.slug,
    spec,
    seed,
    current: response,
    act: async () => ({ ok: false, reason: 'frozen', message: 'frozen', legalActions: [] }),
  };
}
