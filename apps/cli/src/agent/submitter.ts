// The harness's scorecard on a server: opened (or resumed, or joined by id, or shared by the shards of one run
// through a lock file), filled with batches of runs (POST /api/scorecards/{id}/runs; 429 and 503 answers waited
// out with Retry-After and sent again), checked against the records (a run played but missing on the server is
// sent again from its record), and closed only when nothing this run played is missing.
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ChallengeSet } from '@hearth/store/challenges';
import { UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { claimKey, dropRefusedKey, loadKey, saveKey } from '../net/keys.ts';

/** The server's body limit is 1 MiB (MAX_BODY_BYTES; nginx the same): a batch stays under this. */
export const BATCH_BYTES = 900_000;
const BATCH_RUNS = 50;
/** How long the harness keeps resending runs the server answers busy (429/503) before it says which are missing. */
const PATIENCE_MS = 15 * 60_000;

export interface RunToSend {
  game: string;
  seed: number;
  attempt: number;
  actions: unknown[];
  version: string;
  /** The episode record (JSON lines). */
  record: string;
  /** The runs' agent field (the model and prompt, or the program): the run is an agent's on every board. */
  agent: string;
}

export const runKey = (game: string, seed: number, attempt: number) => `${game}\n${seed}\n${attempt}`;

/** A record without its transcripts: what is sent when the record with them would not fit a request. */
export function withoutTranscripts(record: string): string {
  return record
    .split('\n')
    .map((line) => {
      if (!line.includes('"transcript"')) return line;
      const { transcript: _t, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    })
    .join('\n');
}

/** The JSON of one run in a batch, its record gzipped; without transcripts when it would not fit (said in `note`). */
export function batchEntry(run: RunToSend): { json: string; note?: string } {
  const body = (record: string) =>
    JSON.stringify({
      game: run.game,
      seed: run.seed,
      attempt: run.attempt,
      actions: run.actions,
      version: run.version,
      agent: run.agent.slice(0, 100),
      recordGz: gzipSync(record).toString('base64'),
    });
  const full = body(run.record);
  if (full.length <= BATCH_BYTES - 100) return { json: full };
  const lean = body(withoutTranscripts(run.record));
  return {
    json: lean,
    note: `${run.game} seed ${run.seed}: its record with transcripts is ${Math.round(full.length / 1024)} KB compressed, more than a request may carry (${Math.round(BATCH_BYTES / 1024)} KB): sent without transcripts (they stay in the record on disk)`,
  };
}

/** The scorecard this output folder filled is closed already: the evaluation it holds is complete. */
export class ScorecardClosed extends Error {
  constructor(
    readonly id: string,
    readonly file: string,
  ) {
    super(`scorecard ${id} (in ${file}) is closed already`);
  }
}

export interface ScorecardRef {
  id: string;
  attempts: number;
  opened: boolean;
}

export interface Submitter {
  card: ScorecardRef;
  /** Queues a finished run and sends what is queued (one batch at a time, in the background). */
  send(run: RunToSend): void;
  /** Waits until every queued run got its answer. */
  flush(): Promise<void>;
  /** The runs the server took (by runKey), and why others were refused. */
  accepted: Set<string>;
  refused: Map<string, string>;
  /** The plan's runs the scorecard holds now (GET /api/scorecards/{id}), and whether it is complete. */
  held(): Promise<{ keys: Set<string>; complete: boolean; report: Record<string, unknown> }>;
  close(): Promise<{ ok: boolean; body: Record<string, unknown> }>;
}

export interface ScorecardOptions {
  server: string;
  name: string;
  out: string;
  set: ChallengeSet;
  attempts: number;
  tags: { model: string | null; agent: string; prompt: string | null; meta: Record<string, string | number | boolean | null> };
  /** Join this open scorecard (shards opened with `hearth scorecard open`). */
  id?: string;
  /** This run is one shard of several: the first to come opens the scorecard, the others wait for its id. */
  shard?: boolean;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openOrResume(o: ScorecardOptions): Promise<ScorecardRef> {
  const file = join(o.out, 'scorecard.json');
  const check = async (id: string) => {
    const { status, body } = await callJson(apiUrl(o.server, `/api/scorecards/${encodeURIComponent(id)}`));
    if (body.ok !== true) return { ok: false as const, why: `HTTP ${status}: ${refusalText(body)}` };
    const card = body.scorecard as { closed: boolean; challenge: string; attempts?: number; player: string };
    if (card.closed) return { ok: false as const, why: 'it is closed' };
    if (card.challenge !== o.set.id) return { ok: false as const, why: `it is on ${card.challenge}, not ${o.set.id}` };
    if (card.player.toLowerCase() !== o.name.toLowerCase()) return { ok: false as const, why: `it is ${card.player}'s` };
    return { ok: true as const, attempts: card.attempts ?? 1 };
  };
  if (o.id) {
    const c = await check(o.id);
    if (!c.ok) throw new UsageError(`--scorecard ${o.id} cannot take these runs: ${c.why}`);
    if (c.attempts !== o.attempts)
      throw new UsageError(`--scorecard ${o.id} declares ${c.attempts} attempts per seed; pass --attempts ${c.attempts}`);
    return { id: o.id, attempts: c.attempts, opened: false };
  }
  const kept = (): string | null => {
    if (!existsSync(file)) return null;
    try {
      const k = JSON.parse(readFileSync(file, 'utf8')) as { server?: string; id?: string; challenge?: string };
      return k.server === o.server && k.challenge === o.set.id && typeof k.id === 'string' ? k.id : null;
    } catch {
      return null;
    }
  };
  const resumed = kept();
  if (resumed) {
    const c = await check(resumed);
    if (c.ok && c.attempts === o.attempts) return { id: resumed, attempts: c.attempts, opened: false };
    if (!c.ok && c.why === 'it is closed') throw new ScorecardClosed(resumed, file);
    o.log(`scorecard ${resumed} (in ${file}) is not taken up again: ${c.ok ? `it declares ${c.attempts} attempts` : c.why}`);
  }
  // Shards sharing the output folder: the first to create the lock opens the scorecard; the others wait for it.
  const lock = join(o.out, 'scorecard.lock');
  if (o.shard) {
    let fd: number | null = null;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      for (let waited = 0; waited < 120_000; waited += 500) {
        const id = kept();
        if (id) return { id, attempts: o.attempts, opened: false };
        await sleep(500);
      }
      throw new Error(`${lock} exists but no shard wrote ${file} within 2 minutes: remove the lock, or pass --scorecard ID`);
    }
    closeSync(fd);
  }
  try {
    const opened = await openScorecard(o.server, o.name, o.set.id, o.tags, undefined, o.attempts);
    if (!opened.ok) throw new Error(`${o.server} did not open a scorecard: ${refusalText(opened.body)}`);
    const id = (opened.body.scorecard as { id: string }).id;
    writeFileSync(file, `${JSON.stringify({ server: o.server, id, challenge: o.set.id })}\n`);
    o.log(`scorecard ${id} opened on ${o.server} for ${o.set.id}${o.attempts > 1 ? ` with ${o.attempts} attempts per seed` : ''}`);
    return { id, attempts: o.attempts, opened: true };
  } finally {
    if (o.shard) rmSync(lock, { force: true });
  }
}

/** POST /api/scorecards; a newly claimed name's key is chosen and saved like hearth submit's. */
export async function openScorecard(
  server: string,
  name: string,
  challenge: string,
  tags: Record<string, unknown>,
  key?: string,
  attempts = 1,
) {
  const k = claimKey(server, name, key).key;
  const { status, body } = await callJson(apiUrl(server, '/api/scorecards'), {
    headers: { authorization: `Bearer ${k}` },
    body: { challenge, player: name, tags, ...(attempts > 1 ? { attempts } : {}) },
  });
  if (typeof body.playerKey === 'string') saveKey(server, name, body.playerKey);
  else dropRefusedKey(server, name, key, body.reason);
  return { ok: body.ok === true, status, body };
}

export async function closeScorecard(server: string, name: string, id: string, key?: string) {
  const k = key ?? loadKey(server, name);
  const { status, body } = await callJson(apiUrl(server, `/api/scorecards/${encodeURIComponent(id)}/close`), {
    method: 'POST',
    headers: k ? { authorization: `Bearer ${k}` } : {},
  });
  return { ok: body.ok === true, status, body };
}

export async function createSubmitter(o: ScorecardOptions): Promise<Submitter> {
  const card = await openOrResume(o);
  const x: Outbox = { o, cardId: card.id, key: loadKey(o.server, o.name), accepted: new Set(), refused: new Map() };
  const queue: RunToSend[] = [];
  let sending: Promise<void> | null = null;
  /** Sends the queue in batches, in order, until it is empty. */
  const pump = async () => {
    while (queue.length > 0) {
      const { batch, entries } = nextBatch(queue, o.log);
      await sendBatch(x, batch, entries);
    }
  };
  return {
    card,
    accepted: x.accepted,
    refused: x.refused,
    send(run) {
      queue.push(run);
      sending ??= pump().finally(() => {
        sending = null;
      });
    },
    async flush() {
      while (sending) await sending;
      if (queue.length > 0) {
        sending = pump().finally(() => {
          sending = null;
        });
        await sending;
      }
    },
    async held() {
      const { status, body } = await callJson(apiUrl(o.server, `/api/scorecards/${card.id}`));
      if (body.ok !== true) throw new Error(`${o.server}: scorecard ${card.id}: HTTP ${status}: ${refusalText(body)}`);
      const games = (body.games ?? []) as Array<{ game: string; perSeed: Array<{ seed: number; attempts: Array<{ attempt: number }> }> }>;
      const keys = new Set(games.flatMap((g) => g.perSeed.flatMap((s) => s.attempts.map((a) => runKey(g.game, s.seed, a.attempt)))));
      return { keys, complete: body.complete === true, report: body };
    },
    close: () => closeScorecard(o.server, o.name, card.id),
  };
}

/** Where runs are sent (the scorecard, the player's key) and what became of each (by run key). */
interface Outbox {
  o: ScorecardOptions;
  cardId: string;
  key: string | undefined;
  accepted: Set<string>;
  refused: Map<string, string>;
}

/** The next batch off the front of the queue: at most BATCH_RUNS runs and BATCH_BYTES bytes (always one run). */
function nextBatch(queue: RunToSend[], log: (line: string) => void): { batch: RunToSend[]; entries: string[] } {
  const batch: RunToSend[] = [];
  const entries: string[] = [];
  let bytes = 0;
  while (queue.length > 0 && batch.length < BATCH_RUNS) {
    const e = batchEntry(queue[0]!);
    if (batch.length > 0 && bytes + e.json.length > BATCH_BYTES) break;
    if (e.note) log(e.note);
    batch.push(queue.shift()!);
    entries.push(e.json);
    bytes += e.json.length + 1;
  }
  return { batch, entries };
}

type Sending = { run: RunToSend; json: string };

/** Sends one batch; runs answered busy go back to the front of the queue after the wait the server asked for. */
async function sendBatch(x: Outbox, batch: RunToSend[], entries: string[]): Promise<void> {
  const { o, key } = x;
  const started = Date.now();
  let todo: Sending[] = batch.map((run, i) => ({ run, json: entries[i]! }));
  while (todo.length > 0) {
    const body = `{"player":${JSON.stringify(o.name)},"runs":[${todo.map((t) => t.json).join(',')}]}`;
    let answer: Awaited<ReturnType<typeof callJson>>;
    try {
      answer = await callJson(apiUrl(o.server, `/api/scorecards/${x.cardId}/runs`), {
        method: 'POST',
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
        rawBody: body,
        onWait: (s, status) => o.log(`${o.server} answered ${status}: waiting ${s} s as it asked`),
      });
    } catch (error) {
      if (Date.now() - started > PATIENCE_MS) {
        for (const t of todo) x.refused.set(runKey(t.run.game, t.run.seed, t.run.attempt), (error as Error).message);
        return;
      }
      o.log(`${(error as Error).message}; sending again in 5 s`);
      await sleep(5_000);
      continue;
    }
    if (answer.body.ok !== true) {
      for (const t of todo)
        x.refused.set(runKey(t.run.game, t.run.seed, t.run.attempt), `HTTP ${answer.status}: ${refusalText(answer.body)}`);
      return;
    }
    todo = sortResults(x, todo, (answer.body.results ?? []) as Array<Record<string, unknown>>, started);
    if (todo.length > 0) {
      const wait = Math.min(60, Math.max(1, Number(answer.body.retryAfter ?? 1)));
      o.log(`${todo.length} run(s) answered busy: sending them again in ${wait} s`);
      await sleep(wait * 1000);
    }
  }
}

/** Each run's own answer: accepted, refused (with the server's reason), or busy (returned, to send again while patience lasts). */
function sortResults(x: Outbox, todo: Sending[], results: Array<Record<string, unknown>>, started: number): Sending[] {
  const again: Sending[] = [];
  for (const [i, t] of todo.entries()) {
    const r = results[i] ?? {};
    const k = runKey(t.run.game, t.run.seed, t.run.attempt);
    if (r.ok === true) {
      x.accepted.add(k);
      x.refused.delete(k);
    } else if (
      (r.status === 429 || r.status === 503 || (typeof r.status === 'number' && r.status >= 500)) &&
      Date.now() - started < PATIENCE_MS
    )
      again.push(t);
    else x.refused.set(k, `HTTP ${String(r.status)}: ${refusalText(r)}`);
  }
  return again;
}
