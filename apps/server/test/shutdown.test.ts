// Graceful close in-process (the path SIGTERM takes in main.ts) and clients that leave mid-body. Every wait is
// on an event or a condition, never a fixed sleep.
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { listen } from '../src/http/listen.ts';
import { createServer } from '../src/server.ts';
import { testServerOptions } from './helpers/start.ts';

const start = async (drainMs: number) => {
  const server = await createServer(testServerOptions());
  const running = await listen(server, { port: 0, host: '127.0.0.1', connections: { drainMs } });
  return { server, running };
};

/** A raw socket that collects what the server writes back. */
async function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const state = { text: '' };
  socket.on('data', (d) => {
    state.text += d.toString();
  });
  return { socket, read: () => state.text, closed: once(socket, 'close') };
}

const connectRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s: Socket = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

it('close(): during the drain new connections are still served, readiness and /healthz 503 with Connection: close; then it stops accepting and the request in flight finishes', async () => {
  const { server, running } = await start(60_000);
  const body = JSON.stringify({ seed: 1, actions: [{ type: 'ADD', n: 1 }] });
  const received = once(running.httpServer, 'request') as Promise<[IncomingMessage]>;
  const busy = await rawClient(running.port);
  busy.socket.write(
    `POST /api/games/fixture-plain/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  // An idle keep-alive connection, opened before the shutdown.
  const idle = await rawClient(running.port);
  await received;

  let closed = false;
  const closing = running.close({ drainMs: 60_000, shutdownTimeoutMs: 10_000 }).then(() => {
    closed = true;
  });
  expect(server.draining).toBe(true);

  // A connection made during the drain (a balancer that has not yet seen the 503) is accepted and served.
  const late = await rawClient(running.port);
  late.socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
  await late.closed;
  expect(late.read()).toMatch(/^HTTP\/1\.1 503/);
  expect(late.read().toLowerCase()).toContain('connection: close');
  expect(late.read()).toContain('"draining"');

  // The idle connection was not cut: a balancer's health check on it sees the drain.
  idle.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  await idle.closed;
  expect(idle.read()).toMatch(/^HTTP\/1\.1 503/);
  expect(idle.read().toLowerCase()).toContain('connection: close');
  expect(idle.read()).toContain('"draining"');

  // Still accepting, until the drain ends (here ended early, as a second SIGTERM does): then refused.
  expect(await connectRefused(running.port)).toBe(false);
  running.close({ drainMs: 0 });
  expect(await connectRefused(running.port)).toBe(true);

  // The request in flight gets its answer, and the server closes once it is out.
  expect(closed).toBe(false);
  busy.socket.write(body.slice(5));
  await busy.closed;
  expect(busy.read()).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(busy.read().toLowerCase()).toContain('connection: close');
  expect(busy.read()).toContain('"ok":true');
  await closing;
});

it('idle keep-alive connections are closed when the drain ends', async () => {
  const { running } = await start(50);
  const idle = await rawClient(running.port);
  const began = performance.now();
  const closing = running.close();
  await idle.closed;
  await closing;
  expect(idle.read()).toBe('');
  expect(performance.now() - began).toBeGreaterThanOrEqual(45);
});

it('a client that leaves mid-body is a 400 invalid_body, never a 500, in /metrics too', async () => {
  const { running } = await start(0);
  try {
    const metrics = async () => (await fetch(`${running.url}/metrics`)).text();
    for (const path of ['/api/games/fixture-plain/verify', '/api/games/fixture-plain/action']) {
      const received = once(running.httpServer, 'request');
      const client = await rawClient(running.port);
      client.socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"seed":`);
      await received;
      client.socket.destroy();
    }
    // The handler answers after the socket is gone; wait until both requests are counted.
    const answered = /hearth_http_requests_total\{route="\/api\/games\/:slug\/(verify|action)"[^\n]*status="400"\} 1/g;
    let text = await metrics();
    for (let tries = 0; (text.match(answered) ?? []).length < 2 && tries < 1000; tries++) {
      await new Promise((r) => setImmediate(r));
      text = await metrics();
    }
    expect(text.match(answered)).toHaveLength(2);
    expect(text).not.toMatch(/status="5\d\d"/);
    expect(text.match(/hearth_refusals_total\{[^}]*reason="invalid_body"\} 1/g)).toHaveLength(2);
  } finally {
    await running.close({ drainMs: 0 });
  }
});

it('a connection over MAX_CONNECTIONS is closed at once; a silent one is answered 408 after the header timeout', async () => {
  const server = await createServer(testServerOptions());
  const running = await listen(server, { port: 0, host: '127.0.0.1', connections: { maxConnections: 2, headersTimeoutMs: 300 } });
  try {
    const first = await rawClient(running.port);
    const second = await rawClient(running.port);
    const third = await rawClient(running.port);
    // The third is accepted by the kernel and closed by the server without a byte.
    await third.closed;
    expect(third.read()).toBe('');
    // The first two were kept; the one that sends a request is served.
    second.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await second.closed;
    expect(second.read()).toMatch(/^HTTP\/1\.1 200/);
    // The first never sends its headers: the header timeout (checked every second) answers 408 and closes it.
    await first.closed;
    expect(first.read()).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    await running.close({ drainMs: 0 });
  }
});
