import type { Game, Json } from '@hearth/engine';

/**
 * Per-game figures for a finished game, read from its final state. Each game's headline counters
 * (pitches, reaches, waves, days) are named explicitly below where the state's field names are known;
 * every game also gets its top-level scalar fields, so a new game reports something without a change here.
 */
export type StatsReader<S = never> = (state: S, game: Game) => Record<string, Json>;

const SKIP = /seed|rng|cursor|token|hash|version/i;

const skipMemo = new Map<string, boolean>();
const skipped = (key: string) => {
  let skip = skipMemo.get(key);
  if (skip === undefined) {
    skip = SKIP.test(key);
    skipMemo.set(key, skip);
  }
  return skip;
};

/** Top-level numbers, booleans and short strings of the state, except seeds and random cursors. */
export function scalarStats(state: unknown, out: Record<string, Json> = {}): Record<string, Json> {
  if (state === null || typeof state !== 'object') return out;
  const record = state as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k) || skipped(k)) continue;
    const value = record[k];
    if (typeof value === 'number' && Number.isFinite(value)) out[k] = value;
    else if (typeof value === 'boolean') out[k] = value;
    else if (typeof value === 'string' && value.length <= 40) out[k] = value;
  }
  return out;
}

const readers: Record<string, StatsReader<unknown>> = {};

/** Registers a game-specific reader (merged over the scalar fields). */
export function defineStats<S>(slug: string, reader: StatsReader<S>): void {
  readers[slug] = reader as StatsReader<unknown>;
}

export function statsReader(game: Game): (state: unknown) => Record<string, Json> {
  const specific = readers[game.slug];
  if (!specific) return (state) => scalarStats(state);
  // Merged in place: this runs once per finished game, so it stays cheap for short games.
  return (state) => Object.assign(scalarStats(state), specific(state, game));
}
