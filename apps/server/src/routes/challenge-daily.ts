import { hash, streamId } from '@hearth/rng';

/** YYYY-MM-DD that is a real calendar date. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a valid YYYY-MM-DD date, else null. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls 2026-02-30 over to March: only a date that survives the round trip is real.
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms / 86_400_000;
}

/** The UTC date of a moment, YYYY-MM-DD. */
export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The daily seed of a game: `hash(streamId("hearth-daily"), streamId(slug), days since 1970-01-01)` with
 * @hearth/rng's hash (a u32). A pure function of the UTC date and the slug, so every instance, the web app
 * and any script agree on it without asking the server.
 */
export function dailySeed(slug: string, date: string): number {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  return hash(streamId('hearth-daily'), streamId(slug), day);
}
