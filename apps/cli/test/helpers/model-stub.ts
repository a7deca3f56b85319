// A stand-in language model, started by the tests on a loopback port, that speaks both real protocols: the
// OpenAI-compatible Chat Completions API (POST /v1/chat/completions: messages, tools and tool_calls, usage,
// reasoning_content) and the Anthropic Messages API (POST /v1/messages: system, content blocks, tool_use and
// tool_result, thinking, usage). No hosted model can be reached from here, so the harness's adapters are tested
// against this; it answers at once and plays sensibly enough for non-trivial scores: from the legal actions it
// is shown it picks, deterministically, the one that goes furthest up or ahead (a larger row or tile, an aim at a
// target named in the view), never the one that ends the run. On schedule it also misbehaves as real APIs and
// models do: 429 with Retry-After, a reply slower than the harness's timeout, a reply with no action in it,
// an action the game refuses.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubFaults {
  /** Every Nth request is answered 429 with Retry-After: retryAfter seconds (0: none). */
  rateLimitEvery: number;
  retryAfter: string;
  /** These request numbers (1-based) are answered after `slowMs` (past the harness's timeout). */
  slow: number[];
  slowMs: number;
  /** Every Nth model reply carries no action (0: none). */
  malformedEvery: number;
  /** Every Nth model reply is an action the game refuses (0: none). */
  illegalEvery: number;
}

export const NO_FAULTS: StubFaults = { rateLimitEvery: 0, retryAfter: '0', slow: [], slowMs: 0, malformedEvery: 0, illegalEvery: 0 };

export interface Stub {
  url: string;
  /** What it saw: requests, 429s sent, slow replies, malformed and illegal replies, tool-mode replies, tokens. */
  stats: {
    requests: number;
    rateLimited: number;
    slow: number;
    malformed: number;
    illegal: number;
    tools: number;
    openai: number;
    anthropic: number;
  };
  /** Arrival time (ms) of every request, and the request numbers answered 429. */
  times: number[];
  limitedAt: number[];
  /** Authorization / x-api-key values seen (the test checks the key arrives, and never leaves the harness otherwise). */
  keys: Set<string>;
  close(): Promise<void>;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

/** The action the stand-in plays, from the text of the last thing it was shown. */
export function choose(shown: string): unknown {
  const lines = shown.split('\n');
  const at = lines.findIndex((l) => /^Legal actions \(\d+\):$/.test(l));
  if (at >= 0) {
    const legal: Array<Record<string, unknown>> = [];
    for (const l of lines.slice(at + 1)) {
      if (!l.startsWith('{')) break;
      legal.push(JSON.parse(l) as Record<string, unknown>);
    }
    const keep = legal.filter((a) => !/end/i.test(String(a.type)));
    const pool = keep.length > 0 ? keep : legal;
    // Furthest up / ahead: the largest row, then tile; ties to the earliest listed.
    const rank = (a: Record<string, unknown>) => Number(a.row ?? a.tile ?? 0);
    return pool.reduce((best, a) => (rank(a) > rank(best) ? a : best), pool[0]!);
  }
  // No list (an action with a continuous parameter): the compact form, each range given a value named in the view.
  const compact = /in compact form: (.*)$/m.exec(shown)?.[1];
  const form = compact ? (JSON.parse(compact) as Record<string, unknown>) : {};
  const aim = /aim (\d+(?:\.\d+)?)/.exec(shown);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) {
    if (v && typeof v === 'object' && 'min' in v && 'max' in v) {
      const r = v as { min: number; max: number };
      out[k] = aim ? Number(aim[1]) : (r.min + r.max) / 2;
    } else out[k] = v;
  }
  return out;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b: Record<string, unknown>) => (typeof b.text === 'string' ? b.text : typeof b.content === 'string' ? b.content : ''))
      .join('\n');
  return '';
};

export async function startModelStub(faults: Partial<StubFaults> = {}): Promise<Stub> {
  const f = { ...NO_FAULTS, ...faults };
  const stats = { requests: 0, rateLimited: 0, slow: 0, malformed: 0, illegal: 0, tools: 0, openai: 0, anthropic: 0 };
  const times: number[] = [];
  const limitedAt: number[] = [];
  const keys = new Set<string>();
  let replies = 0;
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const n = ++stats.requests;
    times.push(performance.now());
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    let request: Record<string, unknown>;
    try {
      request = await body(req);
    } catch {
      return send(400, { error: { message: 'body is not JSON' } });
    }
    const anthropic = req.url === '/v1/messages';
    if (!anthropic && req.url !== '/v1/chat/completions') return send(404, { error: { message: `no route ${req.url}` } });
    const key = anthropic ? req.headers['x-api-key'] : req.headers.authorization;
    if (typeof key === 'string') keys.add(key);
    if (anthropic && req.headers['anthropic-version'] !== '2023-06-01')
      return send(400, { error: { message: 'anthropic-version missing' } });
    if (f.rateLimitEvery > 0 && n % f.rateLimitEvery === 0) {
      stats.rateLimited++;
      limitedAt.push(n);
      return send(429, { error: { type: 'rate_limit_error', message: 'slow down' } }, { 'retry-after': f.retryAfter });
    }
    if (f.slow.includes(n)) {
      stats.slow++;
      await new Promise((r) => setTimeout(r, f.slowMs));
    }
    const messages = (request.messages ?? []) as Array<Record<string, unknown>>;
    const last = messages[messages.length - 1] ?? {};
    const shown = textOf(last.content);
    const tools = Array.isArray(request.tools) && request.tools.length > 0;
    if (tools) stats.tools++;
    const reply = ++replies;
    let action: unknown = choose(shown);
    let text = `I play the furthest legal move.\nAction: ${JSON.stringify(action)}`;
    let malformed = false;
    if (f.malformedEvery > 0 && reply % f.malformedEvery === 0) {
      stats.malformed++;
      malformed = true;
      text = 'Let me think about the position... I will climb higher.';
    } else if (f.illegalEvery > 0 && reply % f.illegalEvery === 0) {
      stats.illegal++;
      action = { type: 'not-an-action' };
      text = `Action: ${JSON.stringify(action)}`;
    }
    const input = tokens(JSON.stringify(request.messages) + String(request.system ?? ''));
    const output = tokens(text);
    const reasoning = `${shown.split('\n').length} lines read`;
    if (anthropic) {
      stats.anthropic++;
      const content: Array<Record<string, unknown>> = [{ type: 'thinking', thinking: reasoning, signature: 'stub' }];
      if (tools && !malformed)
        content.push({ type: 'text', text: 'Playing.' }, { type: 'tool_use', id: `toolu_${n}`, name: 'act', input: { action } });
      else content.push({ type: 'text', text });
      return send(200, {
        id: `msg_${n}`,
        type: 'message',
        role: 'assistant',
        model: request.model,
        content,
        stop_reason: tools && !malformed ? 'tool_use' : 'end_turn',
        usage: { input_tokens: input, output_tokens: output },
      });
    }
    stats.openai++;
    const message: Record<string, unknown> =
      tools && !malformed
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: 'act', arguments: JSON.stringify({ action }) } }],
          }
        : { role: 'assistant', content: text };
    message.reasoning_content = reasoning;
    return send(200, {
      id: `chatcmpl-${n}`,
      object: 'chat.completion',
      model: request.model,
      choices: [{ index: 0, message, finish_reason: tools && !malformed ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    times,
    limitedAt,
    keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
