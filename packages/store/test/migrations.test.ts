import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../src/index.ts';
import { migrationProvider } from '../src/migrations/index.ts';
import type { Database } from '../src/schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a database made by an older release is migrated at start: 002 backfills the kept bests, 003 reads old sets as format 1', async () => {
  // The schema as release 001 left it, with runs in it.
  const file = join(dir, 'hearth.sqlite');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
  const all = await migrationProvider('sqlite').getMigrations();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ '001-initial': all['001-initial']! }) } });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await db.insertInto('players').values({ name: 'a', name_key: 'a', key_hash: 'x', created_at: 1 }).execute();
  await db.insertInto('players').values({ name: 'b', name_key: 'b', key_hash: 'y', created_at: 1 }).execute();
  const base = { game: 'cragwake', actions: Buffer.from([]), action_count: 0, agent: null, kind: 'human' as const, notes: null, turns: 0 };
  const runs = [
    [1, 10, 100, null],
    [1, 30, 101, '2026-12-01'],
    [2, 30, 102, null],
    [2, 30, 99, '2026-12-01'],
  ] as const;
  for (const [i, [player, score, at, daily]] of runs.entries()) {
    await db
      .insertInto('runs')
      .values({
        ...base,
        seed: i,
        hash: `h${i}`,
        player_id: player,
        score,
        game_over: 1,
        end_reason: null,
        state_hash: 's',
        version: '1',
        daily,
        created_at: at,
      })
      .execute();
  }
  await db
    .insertInto('challenges')
    .values({ id: 'season-1', title: 'S1', description: 'd', updated_at: 1 } as never)
    .execute();
  await db
    .insertInto('challenge_seeds')
    .values({ challenge: 'season-1', game: 'cragwake', position: 0, seed: 5, random_score: 1, strong_score: 9 } as never)
    .execute();
  await db.destroy();

  const store = await openStore({ dataDir: dir });
  try {
    expect((await store.health()).migration).toBe(Object.keys(all).sort().pop());
    expect(await store.challenges.get('season-1')).toEqual({
      id: 'season-1',
      title: 'S1',
      description: 'd',
      format: 1,
      games: { cragwake: { version: null, budget: null, seeds: [{ seed: 5, random: 1, strong: 9 }] } },
    });
    const board = await store.boards.page({ game: 'cragwake', board: 'all', limit: 10 });
    // b's best is its earlier 30 (created 99), which beats a's 30 (created 101).
    expect(board.rows.map((r) => [r.player, r.score, r.createdAt])).toEqual([
      ['b', 30, 99],
      ['a', 30, 101],
    ]);
    const daily = await store.boards.page({ game: 'cragwake', board: 'daily', date: '2026-12-01', limit: 10 });
    expect(daily.rows.map((r) => r.player)).toEqual(['b', 'a']);
    expect(await store.runs.rankOf('cragwake', 'a')).toBe(2);
  } finally {
    await store.close();
  }
});

it('005 moves the scorecard rows of 003 to attempt 0, another player’s run as identical, and keeps their records', async () => {
  const sub = mkdtempSync(join(dir, 'm005-'));
  const file = join(sub, 'hearth.sqlite');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
  const all = await migrationProvider('sqlite').getMigrations();
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '005'));
  expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
  await db.insertInto('players').values({ name: 'a', name_key: 'a', key_hash: 'x', created_at: 1 }).execute();
  const run = { game: 'sunloaf', actions: Buffer.from([]), action_count: 1, agent: null, kind: 'agent' as const, notes: null, turns: 1 };
  await db
    .insertInto('runs')
    .values({
      ...run,
      id: 77,
      seed: 5,
      hash: 'h',
      player_id: 1,
      score: 3,
      game_over: 1,
      end_reason: null,
      state_hash: 's',
      version: '1',
      daily: null,
      created_at: 1,
    } as never)
    .execute();
  const id = `sc_${'A'.repeat(22)}`;
  await db
    .insertInto('scorecards')
    .values({
      id,
      challenge: 'season-2',
      player_id: 1,
      kind: 'agent',
      model: 'm',
      agent: null,
      prompt: null,
      meta: '{}',
      closed: 1,
      opened_at: 1,
      closed_at: 2,
    } as never)
    .execute();
  const { deflateRawSync } = await import('node:zlib');
  for (const [seed, own] of [
    [5, 1],
    [6, 0],
  ] as const)
    await db
      .insertInto('scorecard_runs' as never)
      .values({
        scorecard: id,
        game: 'sunloaf',
        seed,
        run_id: 77,
        own,
        score: 3,
        actions: 1,
        steps: 1,
        refusals: 0,
        ms: 5,
        usage_input: null,
        usage_output: null,
        usage_cost: null,
        record: seed === 5 ? deflateRawSync(Buffer.from('{"r":1}\n')) : null,
        created_at: 3,
      } as never)
      .execute();
  await db.destroy();
  const store = await openStore({ dataDir: sub });
  try {
    expect((await store.scorecards.get(id))?.attempts).toBe(1);
    const entries = await store.scorecards.entries(id);
    expect(entries.map((e) => [e.seed, e.attempt, e.own, e.identical, e.summary?.retries, e.hasRecord])).toEqual([
      [5, 0, true, false, 0, true],
      [6, 0, false, true, 0, false],
    ]);
    expect(await store.scorecards.record(id, 'sunloaf', 5)).toBe('{"r":1}\n');
  } finally {
    await store.close();
  }
});
