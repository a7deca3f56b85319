import type { Game, Json } from '@hearth/engine';

/**
 * Figures for a finished game, read from its final state: the state's top-level scalar fields, then the
 * game's own headline figures (`rules.stats`, declared in the engine contract), so every game reports
 * something and the simulator names none of them.
 */
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

export function statsReader(game: Game): (state: unknown) => Record<string, Json> {
  const { stats } = game.rules;
  if (!stats) return (state) => scalarStats(state);
  // Merged in place: this runs once per finished game, so it stays cheap for short games.
  return (state) => Object.assign(scalarStats(state), stats(state));
}
