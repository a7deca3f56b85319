// The observation tensor over random play: declaration and bounds kept, and every row equal to this decoding of
// the JSON observation of the same state.
import { checkTensor, defaultCheckOptions } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule, type PebbleObservation } from '../src/index.ts';

const game = await gameModule.load();
const tensor = game.rules.tensor!;

function tensorOf(obs: PebbleObservation): Float32Array {
  const row = new Float32Array(tensor.size);
  const offset = (name: string) => tensor.fields.find((f) => f.name === name)!.offset;
  row[offset('pawn') + obs.at] = 1;
  for (const p of obs.pebbles) row[offset('pebbles') + p] = 1;
  row[offset('turns_left')] = obs.turnsLeft;
  return row;
}

describe('pebble observation tensor', () => {
  it('equals the decoded JSON observation, in bounds, over random play on 200 seeds', () => {
    const result = checkTensor(game, { ...defaultCheckOptions, seeds: 200, maxTurns: 40 }, tensorOf as never);
    expect(result.problems).toEqual([]);
    expect(result.states).toBeGreaterThan(500);
  });
});
