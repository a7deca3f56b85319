import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { InferResult, Kysely, Selectable } from 'kysely';
import { RECORD_MAX_BYTES } from './episode.ts';
import { claimOrCheck } from './players.ts';
import type { Database, ScorecardsTable } from './schema.ts';
import type { ScorecardStore } from './store.ts';
import type {
  AddEntryResult,
  EpisodeSummary,
  NewScorecard,
  NewScorecardEntry,
  OpenScorecardResult,
  Scorecard,
  ScorecardEntry,
} from './types.ts';

const ID = /^sc_[A-Za-z0-9_-]{22}$/;

/** 128 random bits: a scorecard id is public (anyone may read it), only its player may add to or close it. */
export const newScorecardId = (): string => `sc_${randomBytes(16).toString('base64url')}`;
export const isScorecardId = (id: unknown): id is string => typeof id === 'string' && ID.test(id);

const toCard = (row: Selectable<ScorecardsTable> & { player: string }): Scorecard => ({
  id: row.id,
  challenge: row.challenge,
  player: row.player,
  kind: row.kind,
  tags: { model: row.model, agent: row.agent, prompt: row.prompt, meta: JSON.parse(row.meta) },
  attempts: Number(row.attempts),
  closed: Number(row.closed) === 1,
  openedAt: Number(row.opened_at),
  closedAt: row.closed_at === null ? null : Number(row.closed_at),
});

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function createScorecardStore(db: Kysely<Database>): ScorecardStore {
  return {
    open: (card) => openScorecard(db, card),
    get: (id) => getScorecard(db, id),
    entries: (id) => listEntries(db, id),
    add: (entry) => addEntry(db, entry),
    close: (id, now) => closeScorecard(db, id, now),
    record: (id, game, seed, attempt = 0) => readRecord(db, id, game, seed, attempt),
    closed: (challenge, limit) => closedScorecards(db, challenge, limit),
  };
}

/** Scorecards with their player's name. */
const selectCards = (db: Kysely<Database>) =>
  db.selectFrom('scorecards as s').innerJoin('players as p', 'p.id', 's.player_id').selectAll('s').select('p.name as player');

async function getScorecard(db: Kysely<Database>, id: string): Promise<Scorecard | null> {
  if (!isScorecardId(id)) return null;
  const row = await selectCards(db).where('s.id', '=', id).executeTakeFirst();
  return row ? toCard(row) : null;
}

/** Claims the player's name (or checks its key) and inserts the card in one transaction. */
async function openScorecard(db: Kysely<Database>, card: NewScorecard): Promise<OpenScorecardResult> {
  const now = card.now ?? Date.now();
  const id = newScorecardId();
  const kind = card.tags.model !== null || card.tags.agent !== null ? 'agent' : 'human';
  const outcome = await db.transaction().execute(async (tx) => {
    const claim = await claimOrCheck(tx, card.player, card.key, now);
    if (typeof claim === 'string') return claim;
    await tx
      .insertInto('scorecards')
      .values({
        id,
        challenge: card.challenge,
        player_id: claim.id,
        kind,
        model: card.tags.model,
        agent: card.tags.agent,
        prompt: card.tags.prompt,
        meta: JSON.stringify(card.tags.meta),
        attempts: card.attempts ?? 1,
        closed: 0,
        opened_at: now,
        closed_at: null,
      })
      .execute();
    return claim;
  });
  if (typeof outcome === 'string') return { status: outcome };
  const scorecard = await getScorecard(db, id);
  if (!scorecard) throw new Error('opened scorecard not found');
  return outcome.playerKey ? { status: 'opened', scorecard, playerKey: outcome.playerKey } : { status: 'opened', scorecard };
}

/** A scorecard's entries with the name that stored each run, per game in the order they were added. */
const entriesQuery = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('scorecard_entries as e')
    .innerJoin('runs as r', 'r.id', 'e.run_id')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .select([
      'e.game',
      'e.seed',
      'e.attempt',
      'e.run_id',
      'e.own',
      'e.identical',
      'e.score',
      'e.actions',
      'e.steps',
      'e.refusals',
      'e.retries',
      'e.fallbacks',
      'e.ms',
      'e.usage_input',
      'e.usage_output',
      'e.usage_cost',
      'e.created_at',
      'p.name as run_player',
    ])
    .select((eb) => eb('e.record', 'is not', null).as('has_record'))
    .where('e.scorecard', '=', id)
    .orderBy('e.game')
    .orderBy('e.created_at')
    .orderBy('e.seed')
    .orderBy('e.attempt');

type EntryRow = InferResult<ReturnType<typeof entriesQuery>>[number];

async function listEntries(db: Kysely<Database>, id: string): Promise<ScorecardEntry[]> {
  if (!isScorecardId(id)) return [];
  const rows = await entriesQuery(db, id).execute();
  return rows.map(toEntry);
}

function toEntry(r: EntryRow): ScorecardEntry {
  const summary: EpisodeSummary | null =
    r.steps === null
      ? null
      : {
          steps: Number(r.steps),
          refusals: Number(r.refusals ?? 0),
          retries: Number(r.retries ?? 0),
          fallbacks: Number(r.fallbacks ?? 0),
          ms: Number(r.ms ?? 0),
          usage: { input: num(r.usage_input), output: num(r.usage_output), cost: num(r.usage_cost) },
        };
  return {
    game: r.game,
    seed: Number(r.seed),
    attempt: Number(r.attempt),
    runId: Number(r.run_id),
    runPlayer: r.run_player,
    own: Number(r.own) === 1,
    identical: Number(r.identical) === 1,
    score: Number(r.score),
    actions: Number(r.actions),
    summary,
    hasRecord: Boolean(Number(r.has_record)) || r.has_record === true,
    createdAt: Number(r.created_at),
  };
}

async function addEntry(db: Kysely<Database>, entry: NewScorecardEntry): Promise<AddEntryResult> {
  return db.transaction().execute(async (tx) => {
    // The row lock (PostgreSQL) or the write lock (SQLite) keeps a close and an add from crossing.
    const card = await tx.selectFrom('scorecards').select(['closed']).where('id', '=', entry.scorecard).executeTakeFirst();
    if (!card) return 'unknown' as const;
    if (Number(card.closed) === 1) return 'closed' as const;
    const inserted = await tx
      .insertInto('scorecard_entries')
      .values(entryValues(entry))
      .onConflict((oc) => oc.columns(['scorecard', 'game', 'seed', 'attempt']).doNothing())
      .returning('run_id')
      .executeTakeFirst();
    return inserted ? ('added' as const) : ('seed_played' as const);
  });
}

/** The row of a new entry: its summary in columns (null when none was sent), its record deflated. */
function entryValues(entry: NewScorecardEntry) {
  const s = entry.summary ?? null;
  return {
    scorecard: entry.scorecard,
    game: entry.game,
    seed: entry.seed,
    attempt: entry.attempt ?? 0,
    run_id: entry.runId,
    own: entry.own ? 1 : 0,
    identical: entry.identical || !entry.own ? 1 : 0,
    score: entry.score,
    actions: entry.actions,
    steps: s?.steps ?? null,
    refusals: s?.refusals ?? null,
    retries: s?.retries ?? null,
    fallbacks: s?.fallbacks ?? null,
    ms: s === null ? null : Math.round(s.ms),
    usage_input: s?.usage.input ?? null,
    usage_output: s?.usage.output ?? null,
    usage_cost: s?.usage.cost ?? null,
    record: entry.record ? deflateRawSync(Buffer.from(entry.record, 'utf8'), { level: 6 }) : null,
    created_at: entry.now ?? Date.now(),
  };
}

async function closeScorecard(db: Kysely<Database>, id: string, now?: number): Promise<Scorecard | null> {
  if (!isScorecardId(id)) return null;
  await db
    .updateTable('scorecards')
    .set({ closed: 1, closed_at: now ?? Date.now() })
    .where('id', '=', id)
    .where('closed', '=', 0)
    .execute();
  return getScorecard(db, id);
}

async function readRecord(db: Kysely<Database>, id: string, game: string, seed: number, attempt: number): Promise<string | null> {
  if (!isScorecardId(id)) return null;
  const row = await db
    .selectFrom('scorecard_entries')
    .select('record')
    .where('scorecard', '=', id)
    .where('game', '=', game)
    .where('seed', '=', seed)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
  // Bounded when it went in (RECORD_MAX_BYTES); the bound here keeps a damaged row from taking the memory.
  return row?.record ? inflateRawSync(row.record, { maxOutputLength: RECORD_MAX_BYTES }).toString('utf8') : null;
}

async function closedScorecards(db: Kysely<Database>, challenge: string, limit: number): Promise<Scorecard[]> {
  const rows = await selectCards(db)
    .where('s.challenge', '=', challenge)
    .where('s.closed', '=', 1)
    .orderBy('s.closed_at', 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map(toCard);
}
