// The shared transport cases (@hearth/client/cases) over this server's HTTP API, every game the test registry
// serves (the fixture games included), through a real socket.

import { httpTransport } from '@hearth/client';
import { transportCases } from '@hearth/client/cases';
import { afterAll, beforeAll } from 'vitest';
import { type Started, startServer, testRegistry } from './helpers/start.ts';

let started: Started;
beforeAll(async () => {
  started = await startServer();
});
afterAll(() => started.close());

transportCases({
  name: 'http',
  transport: () => httpTransport(started.url),
  slugs: testRegistry().slugs,
});
