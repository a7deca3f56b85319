// The two model protocols: OpenAI-compatible Chat Completions (hosted OpenAI, vLLM, llama.cpp's server, Ollama,
// LM Studio: POST {base}/chat/completions) and Anthropic Messages (POST {base}/v1/messages). One conversation
// shape goes in (a system prompt and exchanges: what the model was shown, what it answered), one reply shape
// comes out (text, the tool call, reasoning where the API returns it, token usage).
import { ModelApiError, postJson, type RetryPolicy } from './http.ts';

export type Provider = 'openai' | 'anthropic';

export const DEFAULT_BASE_URL: Record<Provider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};
export const KEY_ENV: Record<Provider, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };
export const ANTHROPIC_VERSION = '2023-06-01';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the API gave them: OpenAI's JSON text; Anthropic's input object as JSON. */
  arguments: string;
}

/** One turn of the conversation: what the model was shown, and its answer (null for the turn being asked). */
export interface Exchange {
  user: string;
  assistant: { text: string; toolCall?: ToolCall } | null;
}

export interface Reply {
  text: string;
  toolCall?: ToolCall;
  reasoning?: string;
  usage: { input?: number; output?: number };
  /** HTTP retries this call took. */
  retries: number;
}

export interface CallOptions {
  provider: Provider;
  model: string;
  baseUrl: string;
  /** Sent as a header only; never logged. Null: none (a local server that needs none). */
  key: string | null;
  temperature: number | null;
  maxTokens: number;
  /** The one tool (tool mode): its parameters schema; null in text mode. */
  tool: { name: string; description: string; parameters: Record<string, unknown> } | null;
  retry: RetryPolicy;
  signal?: AbortSignal;
  onRetry?: (why: string, waitMs: number) => void;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** Chat Completions messages: a tool call is answered by a `tool` message carrying the next thing shown. */
export function openaiMessages(system: string, exchanges: readonly Exchange[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [{ role: 'system', content: system }];
  let pendingCall: ToolCall | undefined;
  for (const ex of exchanges) {
    if (pendingCall) out.push({ role: 'tool', tool_call_id: pendingCall.id, content: ex.user });
    else out.push({ role: 'user', content: ex.user });
    pendingCall = undefined;
    if (!ex.assistant) break;
    const a = ex.assistant;
    if (a.toolCall) {
      out.push({
        role: 'assistant',
        content: a.text === '' ? null : a.text,
        tool_calls: [{ id: a.toolCall.id, type: 'function', function: { name: a.toolCall.name, arguments: a.toolCall.arguments } }],
      });
      pendingCall = a.toolCall;
    } else out.push({ role: 'assistant', content: a.text });
  }
  return out;
}

/** Messages API messages: a tool_use block is answered by a tool_result block in the next user message. */
export function anthropicMessages(exchanges: readonly Exchange[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let pendingCall: ToolCall | undefined;
  for (const ex of exchanges) {
    out.push({
      role: 'user',
      content: pendingCall ? [{ type: 'tool_result', tool_use_id: pendingCall.id, content: ex.user }] : ex.user,
    });
    pendingCall = undefined;
    if (!ex.assistant) break;
    const a = ex.assistant;
    const blocks: Array<Record<string, unknown>> = [];
    if (a.text !== '') blocks.push({ type: 'text', text: a.text });
    if (a.toolCall) {
      let input: unknown = {};
      try {
        input = JSON.parse(a.toolCall.arguments);
      } catch {
        // kept as sent: an empty input
      }
      blocks.push({ type: 'tool_use', id: a.toolCall.id, name: a.toolCall.name, input });
      pendingCall = a.toolCall;
    }
    out.push({ role: 'assistant', content: blocks.length > 0 ? blocks : [{ type: 'text', text: '(no answer)' }] });
  }
  return out;
}

async function callOpenai(o: CallOptions, system: string, exchanges: readonly Exchange[]): Promise<Reply> {
  const body: Record<string, unknown> = { model: o.model, messages: openaiMessages(system, exchanges), max_tokens: o.maxTokens };
  if (o.temperature !== null) body.temperature = o.temperature;
  if (o.tool) {
    body.tools = [{ type: 'function', function: { name: o.tool.name, description: o.tool.description, parameters: o.tool.parameters } }];
    body.tool_choice = 'auto';
  }
  const headers: Record<string, string> = o.key ? { authorization: `Bearer ${o.key}` } : {};
  const url = `${o.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let answer: Awaited<ReturnType<typeof postJson>>;
  try {
    answer = await postJson(url, body, headers, o.retry, { signal: o.signal, onRetry: o.onRetry });
  } catch (error) {
    // Newer OpenAI models take max_completion_tokens and refuse max_tokens: ask again once in their terms.
    if (!(error instanceof ModelApiError) || error.status !== 400 || !/max_completion_tokens/.test(error.message)) throw error;
    delete body.max_tokens;
    body.max_completion_tokens = o.maxTokens;
    answer = await postJson(url, body, headers, o.retry, { signal: o.signal, onRetry: o.onRetry });
  }
  const choice = (answer.body.choices as Array<Record<string, unknown>> | undefined)?.[0];
  const message = (choice?.message ?? {}) as Record<string, unknown>;
  if (!choice) throw new ModelApiError(`${url} answered without choices[0]`, 200, answer.retries);
  const calls = (message.tool_calls ?? []) as Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } }>;
  const call = calls.find((c) => c.function?.name === o.tool?.name) ?? calls[0];
  const usage = (answer.body.usage ?? {}) as Record<string, unknown>;
  const reasoning = str(message.reasoning_content) ?? str(message.reasoning);
  const reply: Reply = {
    text: str(message.content) ?? '',
    usage: { input: num(usage.prompt_tokens), output: num(usage.completion_tokens) },
    retries: answer.retries,
  };
  if (reasoning) reply.reasoning = reasoning;
  if (call?.function)
    reply.toolCall = {
      id: str(call.id) ?? `call_${exchanges.length}`,
      name: str(call.function.name) ?? '',
      arguments: typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments ?? {}),
    };
  return reply;
}

async function callAnthropic(o: CallOptions, system: string, exchanges: readonly Exchange[]): Promise<Reply> {
  const body: Record<string, unknown> = { model: o.model, system, messages: anthropicMessages(exchanges), max_tokens: o.maxTokens };
  if (o.temperature !== null) body.temperature = o.temperature;
  if (o.tool) {
    body.tools = [{ name: o.tool.name, description: o.tool.description, input_schema: o.tool.parameters }];
    body.tool_choice = { type: 'auto' };
  }
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION, ...(o.key ? { 'x-api-key': o.key } : {}) };
  const url = `${o.baseUrl.replace(/\/+$/, '')}/v1/messages`;
  const answer = await postJson(url, body, headers, o.retry, { signal: o.signal, onRetry: o.onRetry });
  const blocks = (answer.body.content ?? []) as Array<Record<string, unknown>>;
  if (!Array.isArray(blocks)) throw new ModelApiError(`${url} answered without content blocks`, 200, answer.retries);
  const usage = (answer.body.usage ?? {}) as Record<string, unknown>;
  const reply: Reply = {
    text: blocks
      .filter((b) => b.type === 'text')
      .map((b) => str(b.text) ?? '')
      .join(''),
    usage: { input: num(usage.input_tokens), output: num(usage.output_tokens) },
    retries: answer.retries,
  };
  const thinking = blocks
    .filter((b) => b.type === 'thinking')
    .map((b) => str(b.thinking) ?? '')
    .join('\n');
  if (thinking) reply.reasoning = thinking;
  const use = blocks.find((b) => b.type === 'tool_use' && b.name === o.tool?.name) ?? blocks.find((b) => b.type === 'tool_use');
  if (use)
    reply.toolCall = {
      id: str(use.id) ?? `toolu_${exchanges.length}`,
      name: str(use.name) ?? '',
      arguments: JSON.stringify(use.input ?? {}),
    };
  return reply;
}

/** One model call over the conversation so far (the last exchange is the one being asked). */
export function callModel(o: CallOptions, system: string, exchanges: readonly Exchange[]): Promise<Reply> {
  return o.provider === 'openai' ? callOpenai(o, system, exchanges) : callAnthropic(o, system, exchanges);
}
