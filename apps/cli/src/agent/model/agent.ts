// A language model as the agent of one episode: it is shown each position as a prompt (the standard prompts of
// ../prompts.ts), keeps the last K exchanges of its conversation (the history window), and answers with an action
// in its text or through the one tool. A malformed reply or a refused action is answered in the conversation with
// the reason and the legal actions; the driver bounds how often (retries per step) and applies the fallback.
import type { Game } from '@hearth/engine';
import type { Transcript, Usage } from '@hearth/store/challenges';
import type { PipeResponse } from '../../commands/json.ts';
import type { AgentAnswer, AgentSource, ShowKind } from '../driver.ts';
import { type AnswerMode, malformedText, type PromptDefinition, refusalText, type Shown, systemText, viewText } from '../prompts.ts';
import type { Limiter, RetryPolicy } from './http.ts';
import { actionFromText, actionFromToolArguments } from './parse.ts';
import { type CallOptions, callModel, type Exchange } from './providers.ts';

/** The call's settings (provider, model, base URL, key, temperature, max tokens) and the harness's around them. */
export interface ModelSettings extends Pick<CallOptions, 'provider' | 'model' | 'baseUrl' | 'key' | 'temperature' | 'maxTokens'> {
  mode: AnswerMode;
  /** Earlier exchanges kept in each request (K). */
  history: number;
  prompt: PromptDefinition;
  /** Dollars per million input / output tokens, for the cost of each step; null: unknown. */
  priceIn: number | null;
  priceOut: number | null;
  retry: RetryPolicy;
  /** Model calls at once, over every episode of the run. */
  limiter: Limiter;
  /** Counted over the whole run (the report's figures). */
  stats: ModelStats;
  onRetry?: (why: string, waitMs: number) => void;
}

export interface ModelStats {
  calls: number;
  apiRetries: number;
  input: number;
  output: number;
}

export const TOOL_NAME = 'act';

/** The one tool: its parameters are the game's action schema, under `action`. */
export function actTool(game: Game) {
  return {
    name: TOOL_NAME,
    description: `Play one action of ${game.spec.name}.`,
    parameters: { type: 'object', properties: { action: game.spec.actionGrammar }, required: ['action'] } as Record<string, unknown>,
  };
}

export function modelSource(game: Game, s: ModelSettings, signal?: AbortSignal): AgentSource {
  const system = systemText(s.prompt, game, s.mode);
  const exchanges: Exchange[] = [];
  let pending = '';
  let firstCall = true;
  let shown: Shown | null = null;
  const tool = s.mode === 'tools' ? actTool(game) : null;
  const options: CallOptions = {
    provider: s.provider,
    model: s.model,
    baseUrl: s.baseUrl,
    key: s.key,
    temperature: s.temperature,
    maxTokens: s.maxTokens,
    tool,
    retry: s.retry,
    signal,
    onRetry: s.onRetry,
  };
  return {
    show(response: PipeResponse, kind: ShowKind, turn: number) {
      if (response.ok) shown = response as Shown;
      const at = shown ?? { score: 0, gameOver: false, legalActions: [] };
      if (kind === 'start' || kind === 'accepted') pending = viewText(at, turn);
      else if (kind === 'malformed') pending = malformedText(s.prompt, s.mode, response.ok ? '' : response.message, at);
      else if (!response.ok) pending = refusalText(s.prompt, s.mode, response.reason, response.message, at);
    },
    async next(): Promise<AgentAnswer> {
      // The history window: the last K answered exchanges, then the one being asked.
      const window = [...exchanges.slice(Math.max(0, exchanges.length - s.history)), { user: pending, assistant: null }];
      const began = performance.now();
      const reply = await s.limiter.run(() => callModel(options, system, window));
      const ms = Math.round(performance.now() - began);
      s.stats.calls++;
      s.stats.apiRetries += reply.retries;
      s.stats.input += reply.usage.input ?? 0;
      s.stats.output += reply.usage.output ?? 0;
      exchanges.push({ user: pending, assistant: { text: reply.text, ...(reply.toolCall ? { toolCall: reply.toolCall } : {}) } });
      if (exchanges.length > s.history + 1) exchanges.shift();
      const sent = [...(firstCall ? [{ role: 'system', content: system }] : []), { role: 'user', content: pending }];
      firstCall = false;
      const read = reply.toolCall
        ? actionFromToolArguments(reply.toolCall.arguments)
        : s.mode === 'tools'
          ? ((r) => (r.ok ? r : { ok: false as const, error: `no call of the tool "${TOOL_NAME}" (${r.error})` }))(
              actionFromText(reply.text),
            )
          : actionFromText(reply.text);
      const transcript: Transcript = { sent, reply: reply.text };
      if (reply.toolCall) transcript.toolCall = { name: reply.toolCall.name, arguments: reply.toolCall.arguments };
      if (reply.reasoning) transcript.reasoning = reply.reasoning;
      if (read.ok) transcript.parsed = read.action;
      else transcript.error = read.error;
      if (reply.retries > 0) transcript.apiRetries = reply.retries;
      const usage: Usage = {};
      if (reply.usage.input !== undefined) usage.input = reply.usage.input;
      if (reply.usage.output !== undefined) usage.output = reply.usage.output;
      if (s.priceIn !== null && s.priceOut !== null && reply.usage.input !== undefined && reply.usage.output !== undefined)
        usage.cost = (reply.usage.input * s.priceIn + reply.usage.output * s.priceOut) / 1e6;
      const answer: AgentAnswer = { line: read.ok ? read.text : '', view: pending, transcript, ms };
      if (Object.keys(usage).length > 0) answer.usage = usage;
      if (!read.ok) answer.malformed = read.error;
      return answer;
    },
    async stop() {},
    stderr: () => '',
  };
}
