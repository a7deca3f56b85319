// The step report's events (README): the contract's checks and the exact events of two played games. Any angle in
// range is legal (the legal list is empty by design), so random play samples angles.
import { describeStepEvents } from '@hearth/conformance';
import type { Stream } from '@hearth/rng';
import { gameModule } from '../src/index.ts';

describeStepEvents({
  label: 'lantern-volley',
  load: () => gameModule.load(),
  fixture: new URL('./fixtures/events.json', import.meta.url),
  play: { maxTurns: 40, sampleActions: (_: unknown, stream: Stream) => [{ type: 'SHOOT', angleDeg: (150 + stream.below(1501)) / 10 }] },
});
