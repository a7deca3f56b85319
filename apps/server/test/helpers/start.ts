import { fileURLToPath } from 'node:url';
import type { Registry } from '@hearth/engine';
import { registry as realRegistry } from '@hearth/games';
import { listen } from '../../src/http/listen.ts';
import { createReplayPool, type ReplayPool } from '../../src/replay/pool.ts';
import { createServer, type HearthServer, type ServerOptions } from '../../src/server.ts';
import { registry as fixtureRegistry } from '../fixtures/test-registry.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdef';

/** The real games that have landed in @hearth/games, plus the test-only fixtures (served only by test servers). */
export function testRegistry(): Registry {
  return fixtureRegistry;
}

let sharedPool: ReplayPool | null = null;
/**
 * One replay pool per test file, over the same registry (fixtures included), shared by every server the file
 * starts: its threads start on the first replay and end with the test worker.
 */
export function testReplayPool(): ReplayPool {
  sharedPool ??= createReplayPool({ threads: 2, registryModule: fileURLToPath(new URL('../fixtures/test-registry.ts', import.meta.url)) });
  return sharedPool;
}

export const realSlugs = realRegistry.slugs;

export interface Started {
  url: string;
  server: HearthServer;
  close(): Promise<void>;
}

/** A test server's options: the test registry, the test secret, silent logs, no rate limit, no web app, the shared pool. */
export function testServerOptions(options: Partial<ServerOptions> = {}): ServerOptions {
  return {
    registry: testRegistry(),
    secret: TEST_SECRET,
    logLevel: 'silent',
    rateLimit: false,
    webDist: null,
    replayPool: testReplayPool(),
    ...options,
  };
}

/** A server on an ephemeral loopback port, silent logs, no rate limit unless asked. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<Started> {
  const server = await createServer(testServerOptions(options));
  const running = await listen(server, { port: 0, host: '127.0.0.1' });
  return { url: running.url, server, close: () => running.close({ drainMs: 0, shutdownTimeoutMs: 2000 }) };
}

export async function getJson(url: string): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export async function postJson(url: string, body: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), headers: res.headers };
}
