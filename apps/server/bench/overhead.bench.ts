// Where a request's CPU goes, before any game: a hello world on bare node:http, on a bare hono app
// (@hono/node-server), and on this server's GET /hello with logging off and on. Each is its own process;
// the figure is the server process's CPU time per request (three 3-second autocannon runs each, twice).
// Run: npx tsx bench/overhead.bench.ts
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import autocannon from 'autocannon';
import { buildBundleOutsideRepo, freePort } from '../test/helpers/bundle.ts';

const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
async function measure(name: string, args: string[], env: Record<string, string>, path: string) {
  const port = await freePort();
  const p = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, duration: 1 });
  const res: string[] = [];
  for (let k = 0; k < 3; k++) {
    const c0 = cpu(p.pid!);
    const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, duration: 3 });
    res.push(`${(((cpu(p.pid!) - c0) / r.requests.total) * 1e6).toFixed(0)}us/${r.requests.average.toFixed(0)}rps`);
  }
  p.kill();
  console.log(name.padEnd(34), res.join('  '));
}
const bundle = buildBundleOutsideRepo();
const bare = `require('node:http').createServer((q,s)=>{s.setHeader('content-type','text/plain');s.end('hello')}).listen(Number(process.env.PORT),'127.0.0.1')`;
for (let round = 0; round < 2; round++) {
  await measure('node:http hello', ['-e', bare], {}, '/');
  await measure('hono bare hello', [new URL('./hono-hello.mjs', import.meta.url).pathname], {}, '/hello');
  await measure(
    'server /hello LOG_LEVEL=silent',
    [bundle],
    { STATE_SECRET: 'x'.repeat(20), RATE_LIMIT_RPS: '0', HELLO_ROUTE: '1', LOG_LEVEL: 'silent' },
    '/hello',
  );
  await measure(
    'server /hello LOG_LEVEL=info',
    [bundle],
    { STATE_SECRET: 'x'.repeat(20), RATE_LIMIT_RPS: '0', HELLO_ROUTE: '1', LOG_LEVEL: 'info' },
    '/hello',
  );
}
rmSync(dirname(bundle), { recursive: true, force: true });
