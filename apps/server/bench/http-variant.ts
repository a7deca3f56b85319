// One server of bench/http.bench.ts: the same HearthServer's one handler mounted under one HTTP layer, named by
// argv[2]:
//   node     node:http mounting the handler directly (listen(): production);
//   hono     @hono/node-server and a hono app handing every request to the handler through the Fetch adapter;
//   fastify  Fastify 5, every route handing the raw Node request to the handler's node:http mount (bench only).
// Prints its port on stderr as `PORT <n>`; logs (LOG_LEVEL, default info) go to stdout as in production.
import type { AddressInfo } from 'node:net';
import { registry } from '@hearth/games';
import { serve } from '@hono/node-server';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { listen } from '../src/http/listen.ts';
import { mountNode } from '../src/http/node.ts';
import { createServer } from '../src/server.ts';

const variant = process.argv[2];
// A clean exit on SIGINT, so a --cpu-prof run writes its profile.
process.once('SIGINT', () => process.exit(0));
const server = await createServer({
  registry,
  secret: 'bench-secret-0123456789',
  logLevel: process.env.LOG_LEVEL ?? 'info',
  rateLimit: false,
  webDist: null,
  helloRoute: true,
});

if (variant === 'node') {
  const running = await listen(server, { port: 0, host: '127.0.0.1' });
  process.stderr.write(`PORT ${running.port}\n`);
} else if (variant === 'hono') {
  const app = new Hono<{ Bindings: { incoming: { socket: { remoteAddress?: string } } } }>();
  app.all('*', (c) => server.request(c.req.raw, undefined, { peer: c.env.incoming.socket.remoteAddress ?? '' }));
  const http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  http.once('listening', () => process.stderr.write(`PORT ${(http.address() as AddressInfo).port}\n`));
} else if (variant === 'fastify') {
  const app = Fastify({ logger: false });
  // Leave the body unread for the handler (it reads it within its own limit).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));
  const mounted = mountNode(server.handler, { hostname: '127.0.0.1' });
  app.all('/*', (req, reply) => {
    reply.hijack();
    mounted(req.raw, reply.raw);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stderr.write(`PORT ${(app.server.address() as AddressInfo).port}\n`);
} else {
  throw new Error(`unknown variant ${variant}: node, hono or fastify`);
}
