// Episode records (docs/benchmark.md): one JSON line per step of an agent's game, written by `hearth agent run`
// and the MCP server, sent with a run into a scorecard (which sums them) and replayable by `hearth verify`.
// Pure: no database, so clients import it through `@hearth/store/challenges`.
import { createHash } from 'node:crypto';
import type { EpisodeSummary } from './types.ts';

export const RECORD_FORMAT = 1;

/**
 * Most bytes an episode record may have (its JSON lines, transcripts included, before compression): a record is
 * stored raw-deflated with its scorecard entry, and one larger is refused with `record_too_large` (a harness says
 * so and keeps the record on disk). 16 MiB holds an 800-step episode with a transcript of several KB per step.
 */
export const RECORD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What a model read and wrote at one step (model adapters: `hearth agent run --model`). `sent` holds the messages
 * this call added to the conversation (the system prompt and the rules on the first call, then the new view, or
 * the answer to a malformed reply or a refused action); the request also carried the earlier messages inside the
 * prompt's history window, which are in earlier lines. `reply` is the model's text as it came, `toolCall` the
 * tool call's name and arguments text (tool mode), `reasoning` the reasoning text where the API returns it,
 * `parsed` the action read from the reply (absent when none could be read: then `error` says why), `apiRetries`
 * the HTTP retries this call took (429, 5xx, timeouts).
 */
export interface Transcript {
  sent: Array<{ role: string; content: string }>;
  reply: string | null;
  toolCall?: { name: string; arguments: string };
  reasoning?: string;
  parsed?: unknown;
  error?: string;
  apiRetries?: number;
}

/** Usage an agent reports on its own output line: `{"action": ..., "usage": {"input": 812, "output": 40}}`. */
export interface Usage {
  input?: number;
  output?: number;
  cost?: number;
}

/** The first line. */
export interface EpisodeHeader {
  hearthRecord: typeof RECORD_FORMAT;
  game: string;
  seed: number;
  /** The challenge set the run was played for, or null. */
  set: string | null;
  /** The rules version (spec.version) the game was played under. */
  version: string;
  /** What the agent was shown: the full response, or the compact/lean view. */
  view: string;
  agent?: string | null;
  /** 0-based attempt of the seed (scorecards with k attempts); absent: 0. */
  attempt?: number;
  /** Model runs: the model (provider:name), the prompt id and the SHA-256 of its definition. */
  model?: string;
  prompt?: string;
  promptHash?: string;
}

/** One line per line the agent sent (an accepted action or a refusal). */
export interface EpisodeStep {
  /** 0-based count of the agent's lines. */
  step: number;
  /** Accepted actions before this one (the game turn it was played on). */
  turn: number;
  /** "sha256:<hex>" of the exact text the agent was shown before it answered (viewHash). */
  view: string;
  /** The action as the agent sent it; null when its line was not JSON (then ok is false). */
  action: unknown;
  ok: boolean;
  /** The refusal's reason code when ok is false. */
  reason?: string;
  /** Milliseconds from showing the view to the agent's answer. */
  ms: number;
  usage?: Usage;
  /** How many asks at this same turn came before this one (a malformed reply or a refused action was answered). */
  retry?: number;
  /** The action was played by the documented fallback (the retries of this turn ran out), not by the agent. */
  fallback?: boolean;
  /** What the model read and wrote (model adapters). */
  transcript?: Transcript;
}

/** The last line, when the episode finished normally. */
export interface EpisodeEnd {
  end: string;
  score: number;
  turns: number;
}

export type EpisodeLine = EpisodeHeader | EpisodeStep | EpisodeEnd;

export const viewHash = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

export const episodeLine = (line: EpisodeLine): string => `${JSON.stringify(line)}\n`;

/** Usage from an agent's line (numbers >= 0 only; anything else is left out), or undefined when none. */
export function usageOf(value: unknown): Usage | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Usage = {};
  for (const k of ['input', 'output', 'cost'] as const) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function summarise(steps: readonly EpisodeStep[]): EpisodeSummary {
  const sum = (k: keyof Usage) => {
    const vs = steps.flatMap((s) => (s.usage?.[k] === undefined ? [] : [s.usage[k]!]));
    return vs.length === 0 ? null : vs.reduce((a, b) => a + b, 0);
  };
  return {
    steps: steps.length,
    refusals: steps.filter((s) => !s.ok).length,
    retries: steps.filter((s) => (s.retry ?? 0) > 0).length,
    fallbacks: steps.filter((s) => s.fallback === true).length,
    ms: Math.round(steps.reduce((a, s) => a + s.ms, 0)),
    usage: { input: sum('input'), output: sum('output'), cost: sum('cost') },
  };
}

export type ParsedEpisode =
  | { ok: true; header: EpisodeHeader; steps: EpisodeStep[]; end: EpisodeEnd | null; actions: unknown[]; summary: EpisodeSummary }
  | { ok: false; message: string };

const isInt = (v: unknown, min = 0): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

/** Reads a record (JSON lines); `actions` are the accepted steps' actions in order, what `hearth verify` replays. */
export function parseEpisode(text: string): ParsedEpisode {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return { ok: false, message: 'the record is empty' };
  const values: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      values.push(JSON.parse(line));
    } catch {
      return { ok: false, message: `record line ${i + 1} is not JSON` };
    }
  }
  const head = values[0] as Partial<EpisodeHeader> | null;
  if (!head || typeof head !== 'object' || head.hearthRecord !== RECORD_FORMAT)
    return { ok: false, message: `record line 1 must be the header {"hearthRecord":${RECORD_FORMAT},"game",...}` };
  if (typeof head.game !== 'string' || !isInt(head.seed) || head.seed > 0xffffffff || typeof head.version !== 'string')
    return { ok: false, message: 'the record header needs game (a slug), seed (a u32) and version' };
  const steps: EpisodeStep[] = [];
  let end: EpisodeEnd | null = null;
  for (let i = 1; i < values.length; i++) {
    const v = values[i] as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { ok: false, message: `record line ${i + 1} is not an object` };
    if (typeof v.end === 'string') {
      if (i !== values.length - 1) return { ok: false, message: `record line ${i + 1}: the end line must be the last` };
      if (typeof v.score !== 'number' || !isInt(v.turns)) return { ok: false, message: 'the end line needs score and turns' };
      end = { end: v.end, score: v.score, turns: v.turns };
      continue;
    }
    if (
      !isInt(v.step) ||
      !isInt(v.turn) ||
      typeof v.ok !== 'boolean' ||
      typeof v.view !== 'string' ||
      typeof v.ms !== 'number' ||
      !('action' in v)
    )
      return { ok: false, message: `record line ${i + 1} must be a step {step, turn, view, action, ok, ms}` };
    const step: EpisodeStep = { step: v.step, turn: v.turn, view: v.view, action: v.action, ok: v.ok, ms: Math.max(0, v.ms) };
    if (typeof v.reason === 'string') step.reason = v.reason;
    const usage = usageOf(v.usage);
    if (usage) step.usage = usage;
    if (isInt(v.retry) && v.retry > 0) step.retry = v.retry;
    if (v.fallback === true) step.fallback = true;
    if (v.transcript !== undefined) {
      const t = v.transcript as Partial<Transcript> | null;
      if (!t || typeof t !== 'object' || Array.isArray(t) || !Array.isArray(t.sent) || !(typeof t.reply === 'string' || t.reply === null))
        return { ok: false, message: `record line ${i + 1}: transcript must be { sent: [messages], reply, ... }` };
      step.transcript = t as Transcript;
    }
    steps.push(step);
  }
  const actions = steps.filter((s) => s.ok).map((s) => s.action);
  return { ok: true, header: head as EpisodeHeader, steps, end, actions, summary: summarise(steps) };
}
