// The step report's events (README): the contract's checks and the exact events of two played games.
import { describeStepEvents } from '@hearth/conformance';
import { gameModule } from '../src/index.ts';

describeStepEvents({ label: 'sunloaf', load: () => gameModule.load(), fixture: new URL('./fixtures/events.json', import.meta.url) });
