// What a scorecard route reads from a request: tags, an episode record (plain or gzipped, bounded), and which
// attempt of a seed a run takes.
import { gunzipSync } from 'node:zlib';
import {
  AGENT_MAX,
  checkFreeText,
  RECORD_MAX_BYTES,
  type Scorecard,
  type ScorecardEntry,
  type ScorecardTags,
  type Store,
} from '@hearth/store';

const META_MAX = 2000;

/** Tags from a request body, or why not. */
export function parseTags(raw: unknown): ScorecardTags | string {
  if (raw === undefined) return { model: null, agent: null, prompt: null, meta: {} };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'tags must be an object { model?, agent?, prompt?, meta? }';
  const t = raw as Record<string, unknown>;
  for (const k of Object.keys(t))
    if (!['model', 'agent', 'prompt', 'meta'].includes(k)) return `tags.${k.slice(0, 32)} is not a tag: use meta for free metadata`;
  for (const k of ['model', 'agent', 'prompt'] as const) {
    const problem = checkFreeText(`tags.${k}`, t[k], AGENT_MAX);
    if (problem) return problem;
  }
  const meta = t.meta ?? {};
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return 'tags.meta must be an object';
  for (const [k, v] of Object.entries(meta))
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v))
      return `tags.meta.${k.slice(0, 32)} must be a string, number, boolean or null`;
  if (JSON.stringify(meta).length > META_MAX) return `tags.meta must be at most ${META_MAX} bytes of JSON`;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { model: text(t.model), agent: text(t.agent), prompt: text(t.prompt), meta: meta as ScorecardTags['meta'] };
}

type Problem = { status: 400 | 404 | 409 | 413; reason: string; message: string };

/**
 * The episode record of a run: the batch's (inflated already), `record` (JSON lines as one string) or `recordGz`
 * (base64 of its gzip, how a harness sends a record with transcripts); null when none. At most RECORD_MAX_BYTES.
 */
export function readRecord(body: Record<string, unknown>, fromBatch: string | undefined): string | null | Problem {
  const tooLarge = (bytes: string): Problem => ({
    status: 413,
    reason: 'record_too_large',
    message: `the episode record is ${bytes}; a record may have at most ${RECORD_MAX_BYTES / 1024 / 1024} MiB of JSON lines (transcripts included): send it with shorter transcripts, or without them`,
  });
  if (fromBatch !== undefined) return fromBatch;
  if (body.record !== undefined && body.recordGz !== undefined)
    return { status: 400, reason: 'invalid_record', message: 'send the record as record or as recordGz, not both' };
  if (body.record !== undefined) {
    if (typeof body.record !== 'string')
      return { status: 400, reason: 'invalid_record', message: 'record must be the episode record as one string of JSON lines' };
    if (Buffer.byteLength(body.record) > RECORD_MAX_BYTES) return tooLarge(`${Buffer.byteLength(body.record)} bytes`);
    return body.record;
  }
  if (body.recordGz === undefined) return null;
  if (typeof body.recordGz !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.recordGz))
    return { status: 400, reason: 'invalid_record', message: 'recordGz must be the base64 of the gzip of the episode record' };
  try {
    return gunzipSync(Buffer.from(body.recordGz, 'base64'), { maxOutputLength: RECORD_MAX_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(`more than ${RECORD_MAX_BYTES} bytes inflated`);
    return { status: 400, reason: 'invalid_record', message: 'recordGz does not inflate: send the base64 of a gzip stream' };
  }
}

/**
 * The attempt a run sent into a scorecard takes: `attempt` when given (0 to attempts - 1), else the lowest free
 * one. The same run (same actions) sent again for an attempt it already holds is `already` (answered, not added
 * again: a harness resending after a lost answer); another run for a taken attempt is 409 seed_played.
 */
export async function attemptSlot(
  store: Store,
  card: Scorecard,
  game: string,
  seed: number,
  raw: unknown,
  actions: readonly unknown[],
): Promise<{ attempt: number; already: ScorecardEntry | null } | Problem> {
  if (raw !== undefined && (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw >= card.attempts))
    return {
      status: 400,
      reason: 'invalid_attempt',
      message: `attempt must be an integer from 0 to ${card.attempts - 1} (scorecard ${card.id} declares ${card.attempts} attempt${card.attempts === 1 ? '' : 's'} per seed)`,
    };
  const taken = (await store.scorecards.entries(card.id)).filter((e) => e.game === game && e.seed === seed);
  const same = async (e: ScorecardEntry) => (await store.runs.findDuplicate(game, seed, actions))?.id === e.runId;
  if (raw !== undefined) {
    const held = taken.find((e) => e.attempt === raw);
    if (!held) return { attempt: raw, already: null };
    if (await same(held)) return { attempt: raw, already: held };
    return {
      status: 409,
      reason: 'seed_played',
      message: `scorecard ${card.id} already has ${game} seed ${seed} attempt ${raw} (run ${held.runId}); nothing was stored`,
    };
  }
  const free = Array.from({ length: card.attempts }, (_, i) => i).find((i) => !taken.some((e) => e.attempt === i));
  if (free === undefined)
    return {
      status: 409,
      reason: card.attempts === 1 ? 'seed_played' : 'attempts_used',
      message: `scorecard ${card.id} already has ${card.attempts === 1 ? '' : `all ${card.attempts} attempts of `}${game} seed ${seed}; nothing was stored`,
    };
  return { attempt: free, already: null };
}
