// The batched request log writes exactly the lines pino would, only later and together; sampling keeps errors.
import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createAccessLog } from '../src/http/access-log.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(
    { level: 'info', base: { service: 'hearth-server', pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
    stream,
  );
  return { logger, lines };
}

it('formats the same fields as logger.info, in one write per batch', async () => {
  const { logger, lines } = capture();
  const log = createAccessLog(logger);
  log.request('id-1', 'POST', '/api/games/x/action', '/api/games/:slug/action', 'x', 200, 0.12345);
  logger.info(
    { requestId: 'id-1', method: 'POST', path: '/api/games/x/action', route: '/api/games/:slug/action', game: 'x', status: 200, ms: 0.123 },
    'request',
  );
  expect(lines).toHaveLength(1);
  log.flush();
  await new Promise((r) => setImmediate(r));
  expect(lines).toHaveLength(2);
  const [direct, batched] = lines.map((l) => JSON.parse(l));
  expect({ ...batched, time: 0 }).toEqual({ ...direct, time: 0 });
  expect(Object.keys(batched)).toEqual(Object.keys(direct));
  log.stop();
});

it('samples successful requests only', async () => {
  const { logger, lines } = capture();
  const log = createAccessLog(logger, 0.25);
  for (let i = 0; i < 100; i++) log.request(`ok-${i}`, 'GET', '/', '/', '', 200, 1);
  for (let i = 0; i < 10; i++) log.request(`bad-${i}`, 'GET', '/', '/', '', 400 + i, 1);
  log.stop();
  await new Promise((r) => setImmediate(r));
  const ids = lines.map((l) => JSON.parse(l).requestId as string);
  expect(ids.filter((id) => id.startsWith('ok-'))).toHaveLength(25);
  expect(ids.filter((id) => id.startsWith('bad-'))).toHaveLength(10);
});
