import { readFileSync } from 'node:fs';
import { type GameRecord, parseRecordLine, recordLine } from './record.ts';

/**
 * Combines JSONL files (shards of one run, or several runs) into one record list: sorted by game, then
 * policy, then seed, so the order of the files does not matter and the shards of a run merge to exactly
 * the unsharded run's bytes. A seed present twice must be the same line (re-running a shard is fine);
 * two different results for one (game, policy, seed) are an error.
 */
export function mergeRecords(lists: readonly (readonly GameRecord[])[]): GameRecord[] {
  const byKey = new Map<string, { record: GameRecord; line: string }>();
  for (const list of lists) {
    for (const record of list) {
      const key = `${record.game}\u0000${record.policy}\u0000${record.seed}`;
      const line = recordLine(record);
      const seen = byKey.get(key);
      if (seen && seen.line !== line) {
        throw new Error(`seed ${record.seed} of ${record.game}/${record.policy} differs between inputs:\n  ${seen.line}\n  ${line}`);
      }
      if (!seen) byKey.set(key, { record, line });
    }
  }
  return [...byKey.values()]
    .map((v) => v.record)
    .sort((a, b) => (a.game < b.game ? -1 : a.game > b.game ? 1 : a.policy < b.policy ? -1 : a.policy > b.policy ? 1 : a.seed - b.seed));
}

/** Reads one JSONL file (blank lines ignored); errors name the file and line. */
export function readJsonl(path: string): GameRecord[] {
  const text = readFileSync(path, 'utf8');
  const out: GameRecord[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() !== '') out.push(parseRecordLine(line, `${path}:${i + 1}`));
  });
  return out;
}
