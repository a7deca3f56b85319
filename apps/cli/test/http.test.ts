// callJson gives up on a server that takes the request and never answers (or answers its headers and then
// stalls), after its timeout, with an error that says so; HEARTH_HTTP_TIMEOUT_MS sets the wait.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, DEFAULT_HTTP_TIMEOUT_MS, httpTimeoutMs } from '../src/net/http.ts';

describe('callJson timeout', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      // /stall sends its headers and part of a body, then nothing; every other path never answers at all.
      if (req.url === '/stall') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"ok":');
      }
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });

  it('gives up on a server that never answers, naming the wait and how to change it', async () => {
    await expect(callJson(`${url}/api/runs`, { body: { a: 1 }, timeoutMs: 200 })).rejects.toThrow(
      `${url}/api/runs: no answer within 0.2 s (the server took the request but did not answer; HEARTH_HTTP_TIMEOUT_MS sets the wait)`,
    );
  });

  it('gives up on a body that stops halfway', async () => {
    await expect(callJson(`${url}/stall`, { timeoutMs: 200 })).rejects.toThrow(/\/stall: no answer within 0\.2 s/);
  });

  it('takes its wait from HEARTH_HTTP_TIMEOUT_MS, and refuses a value that is not a number of milliseconds', async () => {
    expect(httpTimeoutMs({})).toBe(DEFAULT_HTTP_TIMEOUT_MS);
    expect(httpTimeoutMs({ HEARTH_HTTP_TIMEOUT_MS: '1500' })).toBe(1500);
    for (const bad of ['0', '-5', 'soon', '1e3', '2.5'])
      expect(() => httpTimeoutMs({ HEARTH_HTTP_TIMEOUT_MS: bad }), bad).toThrow(
        /HEARTH_HTTP_TIMEOUT_MS must be a whole number of milliseconds/,
      );
    const saved = process.env.HEARTH_HTTP_TIMEOUT_MS;
    process.env.HEARTH_HTTP_TIMEOUT_MS = '150';
    try {
      await expect(callJson(`${url}/never`)).rejects.toThrow(/no answer within 0\.15 s/);
    } finally {
      if (saved === undefined) delete process.env.HEARTH_HTTP_TIMEOUT_MS;
      else process.env.HEARTH_HTTP_TIMEOUT_MS = saved;
    }
  });

  it('still names a refused connection as before', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(callJson(`http://127.0.0.1:${port}/x`, { timeoutMs: 5000 })).rejects.toThrow(/ECONNREFUSED/);
  });
});
