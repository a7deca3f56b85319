// SIGTERM to the bundled server under load from keep-alive clients and from clients opening a new connection per
// request: every request the server received gets its answer (zero resets among them), and the process exits 0.
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBundleOutsideRepo, type Instance, startBundle } from './helpers/bundle.ts';
import { realSlugs, TEST_SECRET } from './helpers/start.ts';

let bundle: string;
let instance: Instance;
beforeAll(async () => {
  bundle = buildBundleOutsideRepo();
  instance = await startBundle(bundle, { STATE_SECRET: TEST_SECRET, RATE_LIMIT_RPS: '0', SHUTDOWN_DRAIN_MS: '1000' });
}, 180_000);
afterAll(async () => {
  await instance?.stop();
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

type Outcome = { id: string; status?: number; error?: string };

function get(port: number, path: string, id: string, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'x-request-id': id };
    if (agent === false) headers.connection = 'close';
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ id, status: res.statusCode }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ id, error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ id, error: e.code ?? e.message }));
    req.end();
  });
}

it('SIGTERM under keep-alive and new-connection load: no received request is reset', { timeout: 120_000 }, async () => {
  const slug = realSlugs[0] ?? 'cragwake';
  const outcomes: Outcome[] = [];
  let sent = 0;
  /** One client looping until the server stops taking connections. */
  const client = async (name: string, agent: Agent | false) => {
    for (let n = 0; ; n++) {
      sent++;
      const outcome = await get(instance.port, `/api/games/${slug}/init?seed=${n}`, `${name}-${n}`, agent);
      outcomes.push(outcome);
      if (outcome.error === 'ECONNREFUSED') return;
    }
  };
  const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const clients = [...agents.map((agent, i) => client(`keepalive${i}`, agent)), ...[0, 1, 2, 3].map((i) => client(`fresh${i}`, false))];
  // Under load first: wait until each kind of client has had answers.
  while (outcomes.filter((o) => o.status === 200).length < 200) await new Promise((r) => setImmediate(r));
  const atSignal = outcomes.length;
  instance.proc.kill('SIGTERM');
  await Promise.all(clients);
  for (const agent of agents) agent.destroy();
  expect(await instance.exited).toBe(0);

  // Received = logged by the server (the request log is written through at exit).
  const received = new Set(
    instance.lines.flatMap((line) => {
      try {
        const log = JSON.parse(line);
        return log.msg === 'request' ? [log.requestId as string] : [];
      } catch {
        return [];
      }
    }),
  );
  const resetAfterReceipt = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED' && received.has(o.id));
  const failed = outcomes.filter((o) => o.status !== undefined && o.status >= 500);
  const afterSignal = outcomes.slice(atSignal);
  console.log(
    `drain under load: ${sent} requests, ${atSignal} before SIGTERM; after it ${afterSignal.filter((o) => o.status === 200).length} answered, ` +
      `${afterSignal.filter((o) => o.error === 'ECONNREFUSED').length} refused at connect, ` +
      `${outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED').length} other errors ` +
      `(${[...new Set(outcomes.flatMap((o) => (o.error && o.error !== 'ECONNREFUSED' ? [o.error] : [])))].join(', ') || 'none'}; ` +
      `${resetAfterReceipt.length} of them on received requests)`,
  );
  expect(received.size).toBeGreaterThanOrEqual(200);
  expect(resetAfterReceipt).toEqual([]);
  expect(failed).toEqual([]);
  // Every request the server logged was answered to its client.
  for (const o of outcomes) if (received.has(o.id)) expect(o.status).toBe(200);
});
