// The observation tensor over random play and the strong bot: declaration and bounds kept, and every row equal to
// this decoding of the JSON observation of the same state (an independent reading of the same position).
import { checkTensor, defaultCheckOptions } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';
import type { Observation } from '../src/observe.ts';
import { PHASES } from '../src/shapes/state.ts';
import { KINDS } from '../src/state.ts';
import { CHAIN_HELD, COLUMNS, LANES, REACH_HELD } from '../src/tensor.ts';

const game = await gameModule.load();
const tensor = game.rules.tensor!;

function tensorOf(obs: Observation): Float32Array {
  const row = new Float32Array(tensor.size);
  const put = (name: string, values: number[]) => {
    const f = tensor.fields.find((x) => x.name === name)!;
    expect(values.length).toBe(f.size);
    row.set(values, f.offset);
  };
  put('phase', [PHASES.indexOf(obs.phase)]);
  put('hull', [obs.hull]);
  put('charge', [obs.charge]);
  put('chain', [Math.min(obs.chain, CHAIN_HELD)]);
  put('reach', [Math.min(obs.reach, REACH_HELD)]);
  put('ship_lane', [obs.shipLane]);
  put('column_in_reach', [obs.columnInReach]);
  put('flawless', [obs.flawless ? 1 : 0]);
  const kind = new Array(LANES * COLUMNS).fill(0);
  const hp = new Array(LANES * COLUMNS).fill(0);
  const drift = new Array(LANES * COLUMNS).fill(0);
  for (const e of obs.entities) {
    kind[e.lane * COLUMNS + e.col] = KINDS.indexOf(e.kind) + 1;
    hp[e.lane * COLUMNS + e.col] = e.hp;
    drift[e.lane * COLUMNS + e.col] = e.drift;
  }
  put('kind', kind);
  put('hp', hp);
  put('drift', drift);
  put(
    'spark_lanes',
    Array.from({ length: LANES }, (_, lane) => (obs.sparkLanes.includes(lane) ? 1 : 0)),
  );
  return row;
}

describe('stormlark observation tensor', () => {
  it('equals the decoded JSON observation, in bounds, over random play on 300 seeds and the strong bot', () => {
    const result = checkTensor(game, { ...defaultCheckOptions, seeds: 300, maxTurns: 300 }, tensorOf as never);
    expect(result.problems).toEqual([]);
    expect(result.states).toBeGreaterThan(1000);
  }, 300_000);
});
