// Recorded late-game traffic for the server bench: each game is played to its end in-process by the game's own
// strongest shipped policy, then the same action list is replayed through the server under test, and the action
// request bodies (sealed state or token, as the server issued them) of the later part of the game are kept:
// Lantern Volley wave clears, late Sunloaf days, deep Cragwake pitches, late Stormlark gates.
import type { Game, OkResponse, Policy } from '@hearth/engine';
import { registry } from '@hearth/games';

/** The policy each game is played with (the strongest each ships). */
const POLICY: Record<string, string> = { cragwake: 'greedy', stormlark: 'strong', 'lantern-volley': 'solver', sunloaf: 'reference' };
const SEEDS = [7, 13];
const MAX_TURNS = 3000;
/** Bodies kept per game: the last ones of each played game. */
const KEEP = 400;

export interface Traffic {
  slug: string;
  /** Request bodies (JSON text), in play order. */
  bodies: string[];
  /** Turns the recorded games lasted, and the first turn whose body is kept, per seed. */
  games: { seed: number; turns: number; from: number }[];
}

/** The game's strongest shipped policy. */
function policyOf(game: Game) {
  const factory = game.policies[POLICY[game.slug] ?? ''] ?? Object.values(game.policies)[0];
  if (!factory) throw new Error(`${game.slug} ships no policy to record traffic with`);
  return factory;
}

/** In process: the (state, action) pairs of the later part of each recorded game, the engine state before each action. */
export function playedSteps(game: Game): { state: unknown; action: unknown }[] {
  const out: { state: unknown; action: unknown }[] = [];
  for (const seed of SEEDS) {
    const actions = play(game, policyOf(game)(seed), seed);
    const from = Math.max(0, actions.length - Math.ceil(KEEP / SEEDS.length));
    let state = game.init(seed).state;
    for (let i = 0; i < actions.length; i++) {
      if (i >= from) out.push({ state, action: actions[i] });
      const next = game.act(state, actions[i], { trusted: true });
      if (!next.ok) throw new Error(`${game.slug}: replay refused turn ${i}`);
      state = next.state;
    }
  }
  return out;
}

function play(game: Game, policy: Policy, seed: number): unknown[] {
  const actions: unknown[] = [];
  let current: OkResponse = game.init(seed);
  while (!current.gameOver && actions.length < MAX_TURNS) {
    const action = policy.decide(current.state, current.legalActions);
    const next = game.act(current.state, action, { trusted: true });
    if (!next.ok) throw new Error(`${game.slug}: policy ${policy.name} chose a refused action at turn ${actions.length}: ${next.message}`);
    actions.push(action);
    current = next;
  }
  return actions;
}

/** Plays and replays every game through the server at `url`; the bodies of the later turns of each game. */
export async function recordTraffic(
  url: string,
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response> = fetch,
  slugs: readonly string[] = registry.slugs,
): Promise<Traffic[]> {
  const out: Traffic[] = [];
  for (const slug of slugs) {
    const game = (await registry.load(slug))!;
    const factory = policyOf(game);
    const bodies: string[] = [];
    const games: Traffic['games'] = [];
    for (const seed of SEEDS) {
      const actions = play(game, factory(seed), seed);
      const from = Math.max(0, actions.length - Math.ceil(KEEP / SEEDS.length));
      games.push({ seed, turns: actions.length, from });
      let response = await (await fetchImpl(`${url}/api/games/${slug}/init?seed=${seed}&spec=0`)).json();
      for (let i = 0; i < actions.length; i++) {
        const carried = response.stateToken !== undefined ? { stateToken: response.stateToken } : { state: response.state };
        const body = JSON.stringify({ ...carried, action: actions[i] });
        if (i >= from) bodies.push(body);
        response = await (
          await fetchImpl(`${url}/api/games/${slug}/action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        ).json();
        if (!response.ok)
          throw new Error(`${slug}: the server refused turn ${i} of seed ${seed}: ${JSON.stringify(response).slice(0, 200)}`);
      }
    }
    out.push({ slug, bodies, games });
  }
  return out;
}
