// A recorded game: { slug, seed, actions }, the same shape the server's /verify takes (plus the slug), or an
// episode record (JSON lines, docs/benchmark.md) whose accepted steps are the actions.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ReplayRecord } from '@hearth/engine';
import { parseEpisode } from '@hearth/store/challenges';

/** The record; from an episode record also its rules version and its text (sent with a submission). */
export function readRecord(file: string): ReplayRecord & { version?: string; episode?: string } {
  let text: string;
  let value: unknown;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (text.startsWith('{"hearthRecord"')) {
    const episode = parseEpisode(text);
    if (!episode.ok) throw new Error(`${file}: ${episode.message}`);
    return {
      slug: episode.header.game,
      seed: episode.header.seed,
      actions: episode.actions,
      version: episode.header.version,
      episode: text,
    };
  }
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problem = checkRecord(value);
  if (problem) throw new Error(`${file}: ${problem}`);
  return value as ReplayRecord;
}

export function checkRecord(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a record must be a JSON object { slug, seed, actions }';
  const r = value as Record<string, unknown>;
  if (typeof r.slug !== 'string') return 'slug must be a string';
  if (typeof r.seed !== 'number' || !Number.isInteger(r.seed) || r.seed < 0 || r.seed > 0xffffffff)
    return 'seed must be an integer from 0 to 4294967295';
  if (!Array.isArray(r.actions)) return 'actions must be an array';
  return null;
}

/** Writes atomically (temp file + rename), so a record is whole even if the game is killed mid-write. */
export function writeRecord(file: string, record: ReplayRecord): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify({ slug: record.slug, seed: record.seed, actions: record.actions })}\n`);
  renameSync(tmp, file);
}
