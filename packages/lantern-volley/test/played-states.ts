// Played states that the parseState tests edit one field at a time (test/state-bounds.test.ts and
// test/state-messages.test.ts), and the two helpers they read them with.
import type { Game, OkResponse } from '@hearth/engine';
import { gameModule, type ShootAction, type State } from '../src/index.ts';
import { parseState } from '../src/state.ts';

export interface PlayedStates {
  game: Game<State, ShootAction>;
  /** Seed 9 after its first shot: wave 1 cleared by one wisp (One Shot Wonder), now wave 2, 1 shot, score 1780. */
  wave2: State;
  /** Seed 3 played by the solver to the first state of wave 7 (waves 1..6 cleared, the last shot cleared wave 6). */
  wave7: State;
  /** The same, one more solver shot into wave 7 (1 wisp of 6 fired). */
  wave7Shot: State;
}

export async function playedStates(): Promise<PlayedStates> {
  const game = (await gameModule.load()) as Game<State, ShootAction>;
  const wave2 = (game.act(game.init(9).state, { type: 'SHOOT', angleDeg: 73.7 }) as OkResponse<State>).state;
  const policy = game.policies.solver!(3);
  let r = game.init(3) as OkResponse<State>;
  while (r.state.wave < 7) r = game.act(r.state, policy.decide(r.state, [])) as OkResponse<State>;
  const wave7Shot = (game.act(r.state, policy.decide(r.state, [])) as OkResponse<State>).state;
  return { game, wave2, wave7: r.state, wave7Shot };
}

/** A deep copy of a state with one change made to it. */
export const edit = (s: State, change: (s: any) => void): unknown => {
  const c = JSON.parse(JSON.stringify(s));
  change(c);
  return c;
};

/** parseState's answer: 'accepted', or the refusal's message. */
export const message = (value: unknown): string => {
  const p = parseState(value);
  return p.ok ? 'accepted' : p.message;
};
