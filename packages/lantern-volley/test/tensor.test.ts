// The observation tensor over random play and the strong bot: declaration and bounds kept, and every row equal to
// this decoding of the JSON observation of the same state (an independent reading of the same position).
import { checkTensor, defaultCheckOptions } from '@hearth/conformance';
import type { Stream } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';
import type { Observation } from '../src/observe.ts';

const game = await gameModule.load();
const tensor = game.rules.tensor!;

function tensorOf(obs: Observation): Float32Array {
  const row = new Float32Array(tensor.size);
  const put = (name: string, values: number[], at = 0) => {
    const f = tensor.fields.find((x) => x.name === name)!;
    expect(at + values.length).toBeLessThanOrEqual(f.size);
    row.set(values, f.offset + at);
  };
  put('wave', [obs.wave]);
  put('wisps_left', [obs.wispsLeft]);
  put('wisps', [obs.wisps]);
  put('bounce_cap', [obs.bounceCap]);
  put('game_over', [obs.gameOver ? 1 : 0]);
  put('won', [obs.won ? 1 : 0]);
  const { lanterns, beams, screens, gongs } = obs.layout;
  put(
    'lantern_present',
    lanterns.map(() => 1),
  );
  put(
    'lantern_lit',
    lanterns.map((l) => (l.lit ? 1 : 0)),
  );
  put(
    'lantern_xy',
    lanterns.flatMap((l) => [l.x, l.y]),
  );
  put(
    'beam_kind',
    beams.map((b) => (b.kind === 'beam' ? 1 : 2)),
  );
  put(
    'beam_box',
    beams.flatMap((b) => [b.x0, b.y0, b.x1, b.y1]),
  );
  put(
    'screen_present',
    screens.map(() => 1),
  );
  put(
    'screen_box',
    screens.flatMap((b) => [b.x0, b.y0, b.x1, b.y1]),
  );
  put(
    'gong_present',
    gongs.map(() => 1),
  );
  put(
    'gong_xyr',
    gongs.flatMap((g) => [g.x, g.y, g.r]),
  );
  return row;
}

describe('lantern-volley observation tensor', () => {
  it('equals the decoded JSON observation, in bounds, over random play on 120 seeds and the strong bot', () => {
    const sampleActions = (_: unknown, stream: Stream) => [{ type: 'SHOOT', angleDeg: (150 + stream.below(1501)) / 10 }];
    const result = checkTensor(game, { ...defaultCheckOptions, seeds: 120, maxTurns: 60, sampleActions }, tensorOf as never, 1);
    expect(result.problems).toEqual([]);
    expect(result.states).toBeGreaterThan(400);
  }, 300_000);
});
