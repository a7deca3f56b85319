import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';
import type { BoardStore } from './store.ts';
import type { BoardPage, BoardQuery, BoardRow, PlayerKind } from './types.ts';

/** Keyset cursor: the sort key of the last row of a page, so the next page starts after it without an offset. */
type Cursor = [score: number, at: number, id: number];

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** The cursor, or null when it is not one this store made. */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === 3 && c.every((x) => typeof x === 'number' && Number.isFinite(x))) return c as Cursor;
  } catch {}
  return null;
}

interface Raw {
  rank: number | string;
  player: string;
  score: number | string;
  run_id: number | string;
  agent: string | null;
  kind: PlayerKind;
  at: number | string;
  raw?: number | string;
  seeds?: number | string;
}

/** How many bests in a scope come before the sort key `c` (score desc, earlier first): an index range count. */
export async function countAhead(db: Kysely<Database>, game: string, scope: string, c: Cursor): Promise<number> {
  const row = await db
    .selectFrom('best_runs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('game', '=', game)
    .where('scope', '=', scope)
    .where(sql<boolean>`(score > ${c[0]} or (score = ${c[0]} and (created_at < ${c[1]} or (created_at = ${c[1]} and run_id < ${c[2]}))))`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An unfiltered all-time or daily board: the kept bests in index order after the cursor, ranks by count. */
async function bestsPage(db: Kysely<Database>, q: BoardQuery, cursor: Cursor | null): Promise<Raw[]> {
  const scope = q.board === 'daily' ? `daily:${q.date ?? ''}` : 'all';
  let query = db
    .selectFrom('best_runs as b')
    .innerJoin('runs as r', 'r.id', 'b.run_id')
    .innerJoin('players as p', 'p.id', 'b.player_id')
    .select(['p.name as player', 'b.score', 'b.run_id', 'r.agent', 'r.kind', 'b.created_at as at'])
    .where('b.game', '=', q.game)
    .where('b.scope', '=', scope);
  if (cursor) {
    query = query.where(
      sql<boolean>`(b.score < ${cursor[0]} or (b.score = ${cursor[0]} and (b.created_at > ${cursor[1]} or (b.created_at = ${cursor[1]} and b.run_id > ${cursor[2]}))))`,
    );
  }
  const rows = await query
    .orderBy('b.score', 'desc')
    .orderBy('b.created_at', 'asc')
    .orderBy('b.run_id', 'asc')
    .limit(q.limit + 1)
    .execute();
  // The first row's rank: 1 + every best before the cursor (the cursor row included).
  const first = cursor ? 1 + (await countAhead(db, q.game, scope, cursor)) + 1 : 1;
  return rows.map((r, i) => ({ ...r, rank: first + i }) as Raw);
}

/**
 * Unfiltered all-time and daily boards read the kept bests (best_runs) in index order. Filtered boards (kind,
 * agent) and challenge boards are one SQL statement each: window functions pick every player's best run
 * (score desc, then the earlier run, then the lower id) and number the bests in board order; the page is the
 * bests after the cursor. The runs_board / runs_daily / runs_game_seed indexes serve the partitions.
 */
export function createBoardStore(db: Kysely<Database>): BoardStore {
  return {
    async page(q: BoardQuery): Promise<BoardPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      if (q.cursor && !cursor) throw new RangeError('cursor is not one this server made');
      const filters: RawBuilder<unknown>[] = [sql`r.game = ${q.game}`];
      if (q.kind) filters.push(sql`r.kind = ${q.kind}`);
      if (q.agent !== undefined) filters.push(sql`r.agent = ${q.agent}`);
      const where = sql.join(filters, sql` and `);
      const after = cursor
        ? sql`where (score < ${cursor[0]} or (score = ${cursor[0]} and (at > ${cursor[1]} or (at = ${cursor[1]} and run_id > ${cursor[2]}))))`
        : sql``;
      const limit = q.limit + 1;
      let result: { rows: Raw[] };
      if (q.board !== 'challenge' && q.kind === undefined && q.agent === undefined) {
        result = { rows: await bestsPage(db, q, cursor) };
      } else if (q.board === 'challenge') {
        const challenge = q.challenge ?? '';
        const set = await db.selectFrom('challenges').select('format').where('id', '=', challenge).executeTakeFirst();
        // Season-1 (format 1) as published: every run on a set seed, the ratio unclipped. Later sets: only the runs
        // that counted for the set when stored (seed, pinned version and budget), each seed's ratio clipped to [0, 100].
        const budgeted = Number(set?.format ?? 1) === 2;
        const counted = budgeted ? sql`join challenge_runs cr on cr.run_id = r.id and cr.challenge = ${challenge}` : sql``;
        const ratio = sql`100.0 * (b.score - cs.random_score) / (cs.strong_score - cs.random_score)`;
        const clipped = budgeted ? sql`case when ${ratio} > 100 then 100 when ${ratio} < 0 then 0 else ${ratio} end` : ratio;
        const tie = budgeted ? sql`case when b.score >= cs.strong_score then 100 else 0 end` : sql`0`;
        result = await sql<Raw>`
          with cs as (
            select seed, random_score, strong_score from challenge_seeds where challenge = ${challenge} and game = ${q.game}
          ),
          n as (select count(*) as total from cs),
          best as (
            select r.player_id, r.seed, r.id, r.score, r.created_at, r.agent, r.kind,
                   row_number() over (partition by r.player_id, r.seed order by r.score desc, r.created_at asc, r.id asc) as pn
            from runs r join cs on cs.seed = r.seed ${counted} where ${where}
          ),
          per as (
            select b.player_id,
                   count(*) as seeds,
                   sum(b.score) as raw,
                   sum(case when cs.strong_score > cs.random_score then ${clipped} else ${tie} end) as norm,
                   max(b.created_at) as at, max(b.id) as run_id, max(b.agent) as agent, max(b.kind) as kind
            from best b join cs on cs.seed = b.seed where b.pn = 1 group by b.player_id
          ),
          ranked as (
            select per.*, per.norm / (select total from n) as score,
                   row_number() over (order by per.norm desc, per.at asc, per.run_id asc) as rank
            from per
          )
          select ranked.rank, p.name as player, ranked.score, ranked.run_id, ranked.agent, ranked.kind, ranked.at,
                 ranked.raw, ranked.seeds
          from ranked join players p on p.id = ranked.player_id ${after}
          order by ranked.rank limit ${limit}`.execute(db);
      } else {
        const daily = q.board === 'daily' ? sql` and r.daily = ${q.date ?? ''}` : sql``;
        result = await sql<Raw>`
          with best as (
            select r.player_id, r.id as run_id, r.score, r.created_at as at, r.agent, r.kind,
                   row_number() over (partition by r.player_id order by r.score desc, r.created_at asc, r.id asc) as pn
            from runs r where ${where}${daily}
          ),
          ranked as (
            select best.*, row_number() over (order by score desc, at asc, run_id asc) as rank from best where pn = 1
          )
          select ranked.rank, p.name as player, ranked.score, ranked.run_id, ranked.agent, ranked.kind, ranked.at
          from ranked join players p on p.id = ranked.player_id ${after}
          order by ranked.rank limit ${limit}`.execute(db);
      }
      const rows: BoardRow[] = result.rows.slice(0, q.limit).map((r) => {
        const row: BoardRow = {
          rank: Number(r.rank),
          player: r.player,
          score: Number(r.score),
          runId: Number(r.run_id),
          agent: r.agent,
          kind: r.kind,
          createdAt: Number(r.at),
        };
        if (r.raw !== undefined) row.raw = Number(r.raw);
        if (r.seeds !== undefined) row.seeds = Number(r.seeds);
        return row;
      });
      const last = rows[rows.length - 1];
      const more = result.rows.length > q.limit && last;
      const nextCursor = more ? encodeCursor([last.score, last.createdAt, last.runId]) : null;
      return { rows, nextCursor };
    },
  };
}
