// Test helpers: play a game to its end through the MCP tools with a real SDK client, choosing actions from the
// legal_actions tool (seeded, so a failure replays), and an HTTP bridge that serves a fetch-style handler.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Game, replay } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ error: boolean; data: any; bytes: number }> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }> };
  const text = r.content[0]?.text ?? '';
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {}
  return { error: r.isError === true, data, bytes: Buffer.byteLength(text) };
}

/** Plays to game over (or `maxTurns`, then ends the run where the game offers an ending action). */
export async function playThrough(client: Client, slug: string, seed: number, maxTurns = 1200) {
  const stream = new Stream(seed, streamId('mcp-test-play'));
  const started = await call(client, 'new_game', { game: slug, seed });
  if (started.error) throw new Error(String(started.data));
  const id = started.data.gameId as string;
  const actions: unknown[] = [];
  let last = started.data;
  for (let turn = 0; !last.gameOver && turn < maxTurns + 50; turn++) {
    const legal = (await call(client, 'legal_actions', { gameId: id })).data.legalActions as any[];
    let action: unknown;
    if (legal.length === 0) action = { type: 'SHOOT', angleDeg: 15 + stream.below(1501) / 10 };
    else {
      const ending = legal.find((a) => /end/i.test(String(a.type)));
      const rest = legal.filter((a) => a !== ending);
      action = turn >= maxTurns && ending ? ending : rest.length ? rest[stream.below(rest.length)] : legal[0];
    }
    const next = await call(client, 'act', { gameId: id, action });
    if (next.error) throw new Error(`act failed: ${next.data}`);
    if (next.data.refused) continue;
    actions.push(action);
    last = next.data;
  }
  return { id, actions, last };
}

/**
 * Plays to game over through the tools and checks the run against the engine in-process: the same score, and
 * the verify tool's score, state hash and turn count equal to a local replay of the same actions.
 */
export async function playAndVerify(client: Client, game: Game, slug: string, seed: number) {
  const { id, actions, last } = await playThrough(client, slug, seed);
  expect(last.gameOver).toBe(true);
  const local = replay(game, seed, actions);
  if (!local.ok) throw new Error(`local replay refused action ${local.index}: ${local.message}`);
  expect(last.score).toBe(local.score);
  const verified = await call(client, 'verify', { gameId: id });
  expect(verified.data).toMatchObject({ ok: true, score: local.score, gameOver: true, stateHash: local.stateHash, turns: actions.length });
  return { id, actions, last, local };
}

export async function serveHandler(handle: (request: Request) => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const response = await handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }));
    response.headers.forEach((value, key) => {
      res.setHeader(key, value);
    });
    res.writeHead(response.status);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
