// MCP over streamable HTTP (mounted by the server at /mcp). Each request gets a fresh MCP server and a stateless
// transport (the SDK's recommended shape for several instances); the session is ours: an HMAC-signed id issued on
// initialize and required on every later request, bound to the games that session creates in the shared store.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from './server.ts';
import { createSessionIds, type SessionIds } from './session-id.ts';
import { GameTable, type TableOptions } from './table.ts';

export interface McpHttpOptions extends TableOptions {
  /** Signs session ids; the server passes one derived from STATE_SECRET so every instance accepts them. */
  secret: string | Uint8Array;
  sessionMaxAgeMs?: number;
  /** Largest request body (default 256 KiB: a tool call is small). */
  maxBodyBytes?: number;
}

export interface McpHttpHandler {
  handle(request: Request): Promise<Response>;
  readonly table: GameTable;
  close(): void;
}

export function createMcpHttpHandler(options: McpHttpOptions): McpHttpHandler {
  const table = new GameTable(options);
  const sessions: SessionIds = createSessionIds(options.secret, options.sessionMaxAgeMs, options.now);
  const slugs = [...options.games.keys()];
  const maxBody = options.maxBodyBytes ?? 256 * 1024;
  const purge = setInterval(() => void table.purge().catch(() => {}), 10 * 60 * 1000);
  purge.unref?.();

  const handle = async (request: Request): Promise<Response> => {
    if (request.method === 'GET')
      return rpcError(405, -32000, 'This server answers POST only (no server-sent event stream).', { Allow: 'POST, DELETE' });
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    if (request.method !== 'POST') return rpcError(405, -32000, 'Method not allowed.', { Allow: 'POST, DELETE' });
    const text = await readBounded(request, maxBody);
    if (text === null) return rpcError(413, -32000, `Request body over ${maxBody} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(400, -32700, 'Parse error: the body is not JSON.');
    }
    const initializing = Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
    let session: string;
    if (initializing) session = sessions.issue();
    else {
      const given = request.headers.get('mcp-session-id');
      if (!given) return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required (initialize first).');
      if (!sessions.valid(given)) return rpcError(404, -32001, 'Session not found: initialize a new session.');
      session = given;
    }
    const server = createMcpServer(table, session, slugs);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(forward(request, text), { parsedBody: body });
      const payload = await answer.text();
      const headers = new Headers(answer.headers);
      headers.set('mcp-session-id', session);
      return new Response(answer.status === 202 || payload === '' ? null : payload, { status: answer.status, headers });
    } finally {
      await transport.close().catch(() => {});
      await server.close().catch(() => {});
    }
  };
  return { handle, table, close: () => clearInterval(purge) };
}

/** The transport reads headers from the request; the body was already consumed, so pass a copy with the text. */
function forward(request: Request, text: string): Request {
  return new Request(request.url, { method: 'POST', headers: request.headers, body: text });
}

async function readBounded(request: Request, max: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
