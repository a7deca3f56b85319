// One server of bench/http.bench.ts: the same HearthServer behind one HTTP layer, named by argv[2]:
//   hono     every request through hono's node adapter (@hono/node-server), as before the hot routes;
//   node     the production front: the hot routes on bare node:http, hono for the rest (listen());
//   fastify  the action, init and hello routes on Fastify 5 with the same answers, request ids, CORS headers,
//            metrics samples and log lines (the Front of server.ts), hono for nothing (bench only).
// Prints its port on stderr as `PORT <n>`; logs (LOG_LEVEL, default info) go to stdout as in production.
import { registry } from '@hearth/games';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { listen } from '../src/listen.ts';
import type { Answer } from '../src/routes/api.ts';
import { actionAnswer, initAnswer } from '../src/routes/api.ts';
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

if (variant === 'hono' || variant === 'node') {
  const running = await listen(server, { port: 0, host: '127.0.0.1', hotRoutes: variant === 'node' });
  process.stderr.write(`PORT ${running.port}\n`);
} else if (variant === 'fastify') {
  const { front } = server;
  const { ctx } = front;
  const app = Fastify({ logger: false, bodyLimit: ctx.limits.maxBytes });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const answerWith =
    (route: string, make: (req: FastifyRequest) => Answer | Promise<Answer>) => async (req: FastifyRequest, reply: FastifyReply) => {
      const started = performance.now();
      const given = req.headers['x-request-id'];
      const requestId = front.requestId(typeof given === 'string' ? given : undefined);
      const slug = (req.params as { slug?: string }).slug ?? '';
      const answer = await make(req);
      if (answer.reason !== undefined) ctx.metrics.refusal(route, slug, answer.reason);
      reply.code(answer.status).header('x-request-id', requestId);
      if (route !== '/hello')
        reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'X-Request-Id, Retry-After');
      reply.headers(answer.headers ?? { 'content-type': 'application/json' });
      front.record(requestId, req.method, req.url.split('?')[0]!, route, slug, answer.status, started);
      return reply.send(answer.json);
    };
  app.get(
    '/hello',
    answerWith('/hello', () => ({ status: 200, json: 'hello', headers: { 'content-type': 'text/plain; charset=UTF-8' } })),
  );
  app.get(
    '/api/games/:slug/init',
    answerWith('/api/games/:slug/init', (req) => {
      const served = ctx.games.get((req.params as { slug: string }).slug)!;
      return initAnswer(served, (name) => (req.query as Record<string, string>)[name]);
    }),
  );
  app.post(
    '/api/games/:slug/action',
    answerWith('/api/games/:slug/action', (req) => {
      const served = ctx.games.get((req.params as { slug: string }).slug)!;
      const query = req.query as Record<string, string>;
      return actionAnswer(
        ctx,
        served,
        (name) => query[name],
        req.headers['content-type'] as string,
        async () => req.body as Buffer,
      );
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stderr.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
} else {
  throw new Error(`unknown variant ${variant}: hono, node or fastify`);
}
