// An engine never hands out a state it would refuse (issue 17): every state emitted in random, greedy and solver
// play over many seeds parses back, and the trusted path gives the byte-identical response.
import { fileURLToPath } from 'node:url';
import { readGoldens } from '@hearth/conformance';
import { canonicalJson, type Game, type OkResponse } from '@hearth/engine';
import { Stream } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';

let game: Game<State, ShootAction, Observation>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
});

const SEEDS = Number(process.env.LV_SEEDS ?? 60);

describe('emitted states', () => {
  it(`parse back over ${SEEDS} seeds x random, greedy and solver play; trusted act agrees`, () => {
    const problems: string[] = [];
    let states = 0;
    for (let seed = 1; seed <= SEEDS; seed++)
      for (const policy of ['random', 'greedy', 'solver'] as const) {
        const rng = new Stream(seed, 0xe1);
        const bot = policy === 'random' ? null : game.policies[policy]!(seed);
        let r: OkResponse<State> = game.init(seed);
        while (!r.gameOver && problems.length < 10) {
          const action: ShootAction = bot ? bot.decide(r.state, []) : { type: 'SHOOT', angleDeg: (150 + rng.below(1501)) / 10 };
          const next = game.act(r.state, action);
          if (!next.ok) {
            problems.push(`${policy} seed ${seed}: refused ${next.reason}: ${next.message}`);
            break;
          }
          states++;
          const back = game.rules.parseState(JSON.parse(JSON.stringify(next.state)));
          if (!back.ok) problems.push(`${policy} seed ${seed} shot ${next.state.shots}: ${back.message}`);
          if (states % 7 === 0 && canonicalJson(game.act(r.state, action, { trusted: true })) !== canonicalJson(next))
            problems.push(`${policy} seed ${seed}: the trusted path differs`);
          r = next as OkResponse<State>;
        }
      }
    expect(problems).toEqual([]);
    expect(states).toBeGreaterThan(SEEDS * 20);
  });

  it('the trusted path gives byte-identical responses to the validating path on every golden replay', () => {
    const goldens = readGoldens(fileURLToPath(new URL('../golden', import.meta.url)));
    expect(goldens.length).toBeGreaterThan(0);
    for (const { file, golden } of goldens) {
      let r: OkResponse<State> = game.init(golden.seed);
      for (const action of golden.actions) {
        const plain = game.act(r.state, action);
        const trusted = game.act(r.state, action, { trusted: true });
        expect(canonicalJson(trusted), file).toBe(canonicalJson(plain));
        if (!plain.ok) break;
        r = plain as OkResponse<State>;
      }
      expect(r.score, file).toBe(golden.score);
    }
  });
});
