import { type Game, nextBody, type OkResponse } from '@hearth/engine';
import { registry } from '@hearth/games';
import { hash } from '@hearth/rng';
import { sampleFromSchema } from '../../src/routes/schema-sample.ts';

/** A deterministic chooser for random play, from the project's counter-based RNG. */
export function chooser(seed: number) {
  let i = 0;
  return {
    pick: (n: number) => Math.floor((hash(seed, 77, i++) * n) / 4294967296),
    fraction: () => hash(seed, 78, i++) / 4294967296,
  };
}

export type Post = (path: string, body: unknown) => Promise<{ status: number; body: any }>;

export interface PlayedGame {
  seed: number;
  actions: unknown[];
  last: any;
  refusals: number;
  requests: number;
}

/**
 * Plays one game through the API only: init, then actions picked from legalActions (or, when the game
 * documents an empty list, sampled from the action grammar in its spec) until gameOver or maxTurns.
 * Refused actions (possible only for sampled ones) are counted and not recorded.
 */
export async function playThroughApi(
  get: (path: string) => Promise<{ status: number; body: any }>,
  post: Post,
  slug: string,
  seed: number,
  maxTurns = 500,
): Promise<PlayedGame> {
  const init = await get(`/api/games/${slug}/init?seed=${seed}`);
  if (init.status !== 200 || !init.body.ok) throw new Error(`init failed: ${JSON.stringify(init.body).slice(0, 300)}`);
  const grammar = init.body.spec.actionGrammar;
  const rand = chooser(seed);
  let last = init.body;
  const actions: unknown[] = [];
  let refusals = 0;
  let requests = 1;
  while (!last.gameOver && actions.length < maxTurns) {
    const legal: unknown[] = last.legalActions;
    const action = legal.length > 0 ? legal[rand.pick(legal.length)] : sampleFromSchema(grammar, rand);
    const body = nextBody(init.body.spec, last, action);
    const res = await post(`/api/games/${slug}/action`, body);
    requests++;
    if (res.status !== 200) throw new Error(`action answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    if (res.body.ok) {
      actions.push(action);
      last = res.body;
    } else {
      if (legal.length > 0) throw new Error(`a legal action was refused: ${JSON.stringify(res.body).slice(0, 300)}`);
      refusals++;
      if (refusals > 10 * maxTurns) throw new Error('too many refusals of sampled actions');
    }
  }
  return { seed, actions, last, refusals, requests };
}

const loaded = new Map<string, Game>();

/**
 * A real, legal run played in-process (no server): `steps` actions picked deterministically from the legal ones
 * (stops at game over), with the score it reaches. The scorecard tests send these as runs.
 */
export async function playRun(slug: string, seed: number, steps: number) {
  let game = loaded.get(slug);
  if (!game) {
    game = (await registry.load(slug))!;
    loaded.set(slug, game);
  }
  let r: OkResponse = game.init(seed);
  const actions: unknown[] = [];
  for (let i = 0; i < steps && !r.gameOver && r.legalActions.length > 0; i++) {
    const action = r.legalActions[(i * 7 + seed) % r.legalActions.length];
    const next = game.act(r.state, action);
    if (!next.ok) break;
    actions.push(action);
    r = next;
  }
  return { actions, score: r.score };
}
