// The replay pool's worker (a piscina task module): replays seed + actions off the main thread.
// Bundled as dist/replay-worker.mjs beside dist/server.mjs; from source, bundled on the fly (replay/pool.ts).
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { endReason, type Game, Reasons, type Registry, stateHash } from '@hearth/engine';
import { registry as gamesRegistry } from '@hearth/games';
import type { ReplayJob, ReplayJobJson, ReplayOutcome } from './types.ts';

const kernel: 'wasm' | 'js' = workerData?.kernel === 'js' ? 'js' : 'wasm';
// The pool may name another registry module (tests: the real games plus fixtures).
const registry: Registry =
  typeof workerData?.registry === 'string' ? (await import(pathToFileURL(workerData.registry).href)).registry : gamesRegistry;
const games = new Map<string, Promise<Game | undefined>>();
const load = (slug: string) => {
  let game = games.get(slug);
  if (!game) {
    game = registry.load(slug, { kernel });
    games.set(slug, game);
  }
  return game;
};

/** One job, with its time on this thread (the pool's Retry-After estimate). */
export default async function replayJob(job: ReplayJob | ReplayJobJson): Promise<{ outcome: ReplayOutcome; ms: number }> {
  const began = performance.now();
  const outcome = await replayOne('actionsJson' in job ? { slug: job.slug, seed: job.seed, actions: parseList(job.actionsJson) } : job);
  return { outcome, ms: performance.now() - began };
}

/**
 * Steps the game's own rules in place: every action is checked (parseAction, then refuse) exactly as the
 * public `act` does, but the state is never re-validated (this worker made it) and no observation is built
 * between steps, so a replay costs the rules alone. The outcome matches engine `replay()` (the tests check).
 */
async function replayOne(job: ReplayJob): Promise<ReplayOutcome> {
  const game = registry.has(job.slug) ? await load(job.slug) : undefined;
  if (!game) return { ok: false, index: -1, reason: 'unknown_game', message: `no game with slug ${JSON.stringify(job.slug)}` };
  if (!Array.isArray(job.actions)) return { ok: false, index: -1, reason: 'invalid_body', message: 'actions must be an array' };
  const { rules } = game;
  let index = -1;
  try {
    const state = rules.init(job.seed >>> 0);
    for (index = 0; index < job.actions.length; index++) {
      const parsed = rules.parseAction(job.actions[index]);
      if (!parsed.ok) return { ok: false, index, reason: Reasons.unknownAction, message: parsed.message };
      const refused = rules.refuse(state, parsed.value);
      if (refused) return { ok: false, index, reason: refused.reason, message: refused.message };
      rules.apply(state, parsed.value);
    }
    const end = endReason((rules.observe(state) as { end?: unknown }).end);
    return {
      ok: true,
      score: rules.score(state),
      gameOver: rules.gameOver(state),
      turns: job.actions.length,
      stateHash: stateHash(state),
      end,
    };
  } catch (error) {
    // A rules bug: reported like the engine's own guard does, never thrown across the thread boundary.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, index: Math.max(0, index), reason: Reasons.internalError, message: `engine error: ${message}` };
  }
}

/** The action list from its JSON text (the route has checked it is an array within the limits). */
function parseList(json: string): unknown[] {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list : (null as never);
  } catch {
    return null as never;
  }
}
