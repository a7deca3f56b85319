// The step report's events: the contract's checks and the exact events of five played games (random play: Pebble
// ships no strong bot, and its games are ten moves at most).
import { describeStepEvents } from '@hearth/conformance';
import { gameModule } from '../src/index.ts';

describeStepEvents({
  label: 'pebble',
  load: () => gameModule.load(),
  fixture: new URL('./fixtures/events.json', import.meta.url),
  seeds: [7, 1234, 5, 99, 2026],
});
