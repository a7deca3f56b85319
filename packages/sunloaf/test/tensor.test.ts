// The observation tensor over random play and the strong bot: declaration and bounds kept, and every row equal to
// this decoding of the JSON observation of the same state (an independent reading of the same position).
import { checkTensor, defaultCheckOptions } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';
import type { SunloafObservation } from '../src/observe.ts';
import { DAY_HELD, OUTCOME_CODES, PHASE_CODES, QUOTA_HELD, WALL_CODES } from '../src/tensor.ts';

const game = await gameModule.load();
const tensor = game.rules.tensor!;

function tensorOf(obs: SunloafObservation): Float32Array {
  const row = new Float32Array(tensor.size);
  const f = (name: string) => tensor.fields.find((x) => x.name === name)!;
  const put = (name: string, value: number, at = 0) => {
    expect(at).toBeLessThan(f(name).size);
    row[f(name).offset + at] = value;
  };
  put('day', Math.min(obs.day, DAY_HELD));
  put('turn', obs.turn);
  put('turns_left', obs.turnsLeft);
  put('band_dwell', obs.band.dwell);
  put('phase', PHASE_CODES.indexOf(obs.phase));
  put('outcome', OUTCOME_CODES.indexOf(obs.outcome));
  put('mult', obs.mult);
  put('quota_raw', Math.min(obs.quota.raw, QUOTA_HELD));
  put('quota_needed', Math.min(obs.quota.needed, QUOTA_HELD));
  put('quota_ratio', obs.quota.ratio);
  put('chain', obs.chain);
  put('window', WALL_CODES.indexOf(obs.band.wall));
  put('cloudy', obs.band.cloudy ? 1 : 0);
  put('shade', obs.room.shade);
  put('lattice', obs.room.lattice ?? 2);
  for (const t of obs.room.furniture) put('furniture', 1, t);
  put('hearth', 1, obs.room.hearth);
  for (const t of obs.band.tiles) put('band', 1, t);
  for (const t of obs.lit) put('lit', 1, t);
  if (obs.warmHearth !== null) put('warm_hearth', 1, obs.warmHearth);
  for (const d of obs.dogs)
    [d.tile, ...d.next].forEach((t, k) => {
      put('dogs', row[f('dogs').offset + k * 49 + t]! + 1, k * 49 + t);
    });
  for (const b of obs.bowls) put('bowls', 1 + b.in, b.mat);
  for (const c of obs.cats) {
    put('cat_present', 1, c.id);
    put('cat_row', c.row, c.id);
    put('cat_col', c.col, c.id);
    put('cat_settled', c.settled, c.id);
    put('cat_big', c.big ? 1 : 0, c.id);
    put('cat_range', c.range, c.id);
    put('cat_warmth', c.warmthCap, c.id);
    put('cat_pile', c.pile, c.id);
  }
  return row;
}

describe('sunloaf observation tensor', () => {
  it('equals the decoded JSON observation, in bounds, over random play on 200 seeds and the strong bot', () => {
    const result = checkTensor(game, { ...defaultCheckOptions, seeds: 200, maxTurns: 300 }, tensorOf as never, 1);
    expect(result.problems).toEqual([]);
    expect(result.states).toBeGreaterThan(1000);
  }, 300_000);
});
