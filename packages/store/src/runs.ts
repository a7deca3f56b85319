import { randomInt } from 'node:crypto';
import { canonicalJson } from '@hearth/engine';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { countAhead } from './boards.ts';
import { decodeActions, encodeActions, runHash } from './encode.ts';
import { claimOrCheck, keyMatches, nameKey } from './players.ts';
import type { Database, RunsTable } from './schema.ts';
import type { RunStore } from './store.ts';
import type { NameCheck, NewRun, RunRecord, SubmitResult } from './types.ts';

type RunRow = Selectable<RunsTable> & { player: string };

const toRecord = (row: RunRow): RunRecord => ({
  id: Number(row.id),
  game: row.game,
  seed: Number(row.seed),
  actions: decodeActions(row.actions),
  player: row.player,
  agent: row.agent,
  kind: row.kind,
  notes: row.notes,
  score: Number(row.score),
  turns: Number(row.turns),
  gameOver: Number(row.game_over) === 1,
  end: row.end_reason,
  stateHash: row.state_hash,
  version: row.version,
  daily: row.daily,
  createdAt: Number(row.created_at),
});

/**
 * Run ids: milliseconds since 2026-01-01 times 1024, plus 10 random bits. They never come from a counter in the
 * database, so a database restored from a backup cannot hand out again the ids given after the backup (links to
 * those runs were already shared): a new id is later than every id made before it, whatever the restored data.
 * Within 2^53 until the year 2304. Two submissions in the same millisecond draw different low bits, and the
 * rare collision is retried with a new id.
 */
export const RUN_ID_EPOCH_MS = Date.UTC(2026, 0, 1);
export function newRunId(nowMs = Date.now()): number {
  return Math.max(1, nowMs - RUN_ID_EPOCH_MS) * 1024 + randomInt(1024);
}

/** A primary-key collision on runs.id (another run took the same id in the same millisecond). */
const isIdCollision = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    (e?.code === '23505' && e.constraint === 'runs_pkey') ||
    (e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && (e.message ?? '').includes('runs.id'))
  );
};
const idRetries = new WeakMap<object, number>();

/** Thrown inside the submit transaction to roll back a name claim when the run turns out to be a duplicate. */
class LostRace extends Error {}

export function createRunStore(db: Kysely<Database>): RunStore {
  return {
    submit: (run) => submitRun(db, run),
    get: (id) => getRun(db, id),
    // Only the hash: no need to deflate a list that is probably new.
    findDuplicate: (game, seed, actions) => byHash(db, runHash(game, seed, canonicalJson(actions))),
    checkName: (name, key) => checkName(db, name, key),
    rankOf: (game, player) => rankOfName(db, game, player),
    count: (game) => countRuns(db, game),
  };
}

/** Runs with their player's name. */
const selectRun = (db: Kysely<Database>) =>
  db.selectFrom('runs').innerJoin('players', 'players.id', 'runs.player_id').selectAll('runs').select('players.name as player');

async function byHash(db: Kysely<Database>, hash: string): Promise<RunRecord | null> {
  const row = await selectRun(db).where('runs.hash', '=', hash).executeTakeFirst();
  return row ? toRecord(row) : null;
}

async function getRun(db: Kysely<Database>, id: number): Promise<RunRecord | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await selectRun(db).where('runs.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The player's place on the game's all-time board: 1 + the bests ahead of theirs (an index range count). */
async function rankOf(db: Kysely<Database>, game: string, playerId: number): Promise<number | null> {
  const me = await db
    .selectFrom('best_runs')
    .select(['score', 'created_at', 'run_id'])
    .where('game', '=', game)
    .where('scope', '=', 'all')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  if (!me) return null;
  return 1 + (await countAhead(db, game, 'all', [Number(me.score), Number(me.created_at), Number(me.run_id)]));
}

async function rankOfName(db: Kysely<Database>, game: string, player: string): Promise<number | null> {
  const row = await db.selectFrom('players').select('id').where('name_key', '=', nameKey(player)).executeTakeFirst();
  return row ? rankOf(db, game, Number(row.id)) : null;
}

/** The stored run (the first of its actions on its seed) as a duplicate answer, with its player's rank. */
async function duplicateOf(db: Kysely<Database>, run: RunRecord): Promise<SubmitResult> {
  return { status: 'duplicate', run, rank: (await rankOfName(db, run.game, run.player)) ?? 0 };
}

/**
 * Stores a run (claiming its player's name when new, else checking the key) unless the same actions on the same
 * seed are stored already: then the stored one is the answer, also when a concurrent submission won the race.
 */
async function submitRun(db: Kysely<Database>, run: NewRun): Promise<SubmitResult> {
  const { bytes, canonical } = encodeActions(run.actions);
  const hash = runHash(run.game, run.seed, canonical);
  const existing = await byHash(db, hash);
  if (existing) return duplicateOf(db, existing);
  const now = run.now ?? Date.now();
  let playerKey: string | undefined;
  const id = newRunId();
  let outcome: { id: number; playerId: number } | 'key_required' | 'wrong_key';
  try {
    outcome = await db.transaction().execute(async (tx) => {
      const claim = await claimOrCheck(tx, run.player, run.key, now);
      if (typeof claim === 'string') return claim;
      playerKey = claim.playerKey;
      const runId = await insertRun(tx, run, { id, hash, bytes, playerId: Number(claim.id), now });
      return { id: runId, playerId: Number(claim.id) };
    });
  } catch (error) {
    // Another run took this id in the same millisecond (1 in 1024): the transaction rolled back; again.
    if (isIdCollision(error) && (idRetries.get(run) ?? 0) < 5) {
      idRetries.set(run, (idRetries.get(run) ?? 0) + 1);
      return submitRun(db, run);
    }
    if (!(error instanceof LostRace)) throw error;
    // The same run was stored concurrently; the name claim (if any) was rolled back with this transaction.
    const winner = await byHash(db, hash);
    if (!winner) throw new Error('duplicate run vanished');
    return duplicateOf(db, winner);
  }
  if (typeof outcome === 'string') {
    // A key was needed because a concurrent submission of this very run claimed the name a moment ago: the run is
    // stored now (that transaction committed before the claim conflict released this one), and a repeat of a
    // stored run needs no key.
    const winner = await byHash(db, hash);
    if (winner) return duplicateOf(db, winner);
    return { status: outcome };
  }
  const stored = await getRun(db, outcome.id);
  if (!stored) throw new Error('stored run not found');
  const rank = (await rankOf(db, run.game, outcome.playerId)) ?? 0;
  return playerKey === undefined ? { status: 'stored', run: stored, rank } : { status: 'stored', run: stored, rank, playerKey };
}

/**
 * Inside the submit transaction: the run's row (LostRace when its hash is taken), its challenge sets, and the
 * player's best on the all-time board (and the day's, for a daily run). Returns the run's id.
 */
async function insertRun(
  tx: Transaction<Database>,
  run: NewRun,
  row: { id: number; hash: string; bytes: Uint8Array; playerId: number; now: number },
): Promise<number> {
  const { playerId, now } = row;
  const agent = run.agent ?? null;
  const inserted = await tx
    .insertInto('runs')
    .values({
      id: row.id,
      game: run.game,
      seed: run.seed,
      actions: row.bytes,
      action_count: run.actions.length,
      hash: row.hash,
      player_id: playerId,
      agent,
      kind: agent === null ? 'human' : 'agent',
      notes: run.notes ?? null,
      score: run.score,
      turns: run.turns,
      game_over: run.gameOver ? 1 : 0,
      end_reason: run.end,
      state_hash: run.stateHash,
      version: run.version,
      daily: run.daily ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new LostRace();
  const runId = Number(inserted.id);
  for (const challenge of run.challenges ?? [])
    await tx
      .insertInto('challenge_runs')
      .values({ challenge, run_id: runId, game: run.game, seed: run.seed, player_id: playerId })
      .execute();
  const best = { game: run.game, player_id: playerId, run_id: runId, score: run.score, created_at: now };
  for (const scope of run.daily ? ['all', `daily:${run.daily}`] : ['all']) await keepBest(tx, { ...best, scope });
  return runId;
}

/** Replaces the player's best only with a better run; a tie keeps the earlier one. */
async function keepBest(
  tx: Transaction<Database>,
  best: { game: string; player_id: number; run_id: number; score: number; created_at: number; scope: string },
): Promise<void> {
  await tx
    .insertInto('best_runs')
    .values(best)
    .onConflict((oc) =>
      oc
        .columns(['game', 'scope', 'player_id'])
        .doUpdateSet({
          run_id: (eb) => eb.ref('excluded.run_id'),
          score: (eb) => eb.ref('excluded.score'),
          created_at: (eb) => eb.ref('excluded.created_at'),
        })
        .where(
          sql<boolean>`excluded.score > best_runs.score or (excluded.score = best_runs.score and (excluded.created_at < best_runs.created_at or (excluded.created_at = best_runs.created_at and excluded.run_id < best_runs.run_id)))`,
        ),
    )
    .execute();
}

async function checkName(db: Kysely<Database>, name: string, key: string | null | undefined): Promise<NameCheck> {
  const player = await db.selectFrom('players').select('key_hash').where('name_key', '=', nameKey(name)).executeTakeFirst();
  if (!player) return 'unclaimed';
  if (!key) return 'key_required';
  return keyMatches(key, player.key_hash) ? 'ok' : 'wrong_key';
}

async function countRuns(db: Kysely<Database>, game: string | undefined): Promise<number> {
  let q = db.selectFrom('runs').select((eb) => eb.fn.countAll().as('n'));
  if (game !== undefined) q = q.where('game', '=', game);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
