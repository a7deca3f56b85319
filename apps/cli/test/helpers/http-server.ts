// A minimal gameboard HTTP server for tests: the engine's wire behind GET init, POST action and verify, over the
// registry (the real server lives in apps/server; this one only proves the CLI's HTTP client end to end).
import { createServer, type Server } from 'node:http';
import { createWire, replay, verifyOutcome, type Wire } from '@hearth/engine';
import { registry } from '@hearth/games';

export async function startWireServer(): Promise<{ url: string; server: Server; requests: string[] }> {
  const wires = new Map<string, Wire>();
  for (const game of await registry.loadAll()) wires.set(game.slug, createWire(game));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const m = /^\/api\/games\/([^/]+)\/(init|action|verify)$/.exec(url.pathname);
    const wire = m ? wires.get(m[1]!) : undefined;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!m || !wire) return send(404, { ok: false, error: 'not_found', message: `no route ${url.pathname}` });
    if (m[2] === 'init') return send(200, wire.init(Number(url.searchParams.get('seed') ?? 0)));
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (m[2] === 'verify') {
        // The server's /verify shape: ok, slug, seed, then the engine's VerifyOutcome.
        const { seed, actions } = JSON.parse(body);
        const { ok, ...found } = verifyOutcome(replay(wire.game, seed, actions));
        return send(200, { ok, slug: wire.game.slug, seed, ...found });
      }
      const r = wire.act(JSON.parse(body));
      send(!r.ok && r.reason === 'invalid_state' ? 400 : 200, r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server, requests };
}
