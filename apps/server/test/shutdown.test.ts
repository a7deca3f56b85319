// Graceful close in-process (the path SIGTERM takes in main.ts): in-flight requests finish, new ones are refused.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { listen } from '../src/listen.ts';
import { createServer } from '../src/server.ts';
import { TEST_SECRET, testRegistry, testReplayPool } from './helpers/start.ts';

it('close() lets a request in flight finish, refuses new connections, and resolves', { timeout: 30_000 }, async () => {
  const server = await createServer({
    registry: testRegistry(),
    secret: TEST_SECRET,
    logLevel: 'silent',
    rateLimit: false,
    webDist: null,
    replayPool: testReplayPool(),
  });
  const running = await listen(server, { port: 0, host: '127.0.0.1' });
  const body = JSON.stringify({ seed: 1, actions: [{ type: 'ADD', n: 1 }] });
  const socket = connect(running.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString();
  });
  const socketClosed = new Promise((r) => socket.once('close', r));
  socket.write(
    `POST /api/games/fixture-plain/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 100));
  let closed = false;
  const closing = running.close(10_000).then(() => {
    closed = true;
  });
  await new Promise((r) => setTimeout(r, 100));
  expect(server.draining).toBe(true);
  expect(closed).toBe(false);
  await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  socket.write(body.slice(5));
  await closing;
  await socketClosed;
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('"ok":true');
});
