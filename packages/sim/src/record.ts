import type { Json } from '@hearth/engine';

/**
 * Why a game stopped: the game said it was over, the turn bound was hit, the policy chose an action
 * the rules turned down (the refusal code is kept), or the policy (or the game) threw.
 */
export type EndReason = 'game_over' | 'max_turns' | 'refused' | 'error';

/** One line of the JSONL output: a whole game, a pure function of (game, policy, seed, max turns). */
export interface GameRecord {
  seed: number;
  game: string;
  policy: string;
  score: number;
  /** Accepted actions. */
  turns: number;
  end: EndReason;
  /** Figures read from the final state: its top-level scalars, then the game's own `rules.stats`. */
  stats: Record<string, Json>;
  /** The rules' reason code when end is "refused". */
  refusal?: string;
  /** The error message when end is "error". */
  error?: string;
}

/** One JSONL line with a fixed key order, so equal records are equal bytes. */
export function recordLine(r: GameRecord): string {
  const ordered: Record<string, unknown> = {
    seed: r.seed,
    game: r.game,
    policy: r.policy,
    score: r.score,
    turns: r.turns,
    end: r.end,
    stats: sortKeys(r.stats),
  };
  if (r.refusal !== undefined) ordered.refusal = r.refusal;
  if (r.error !== undefined) ordered.error = r.error;
  return JSON.stringify(ordered);
}

/** Parses one JSONL line back into a record, checking the fields the summary relies on. */
export function parseRecordLine(line: string, where: string): GameRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error(`${where}: not JSON`);
  }
  const r = value as GameRecord;
  if (typeof r !== 'object' || r === null) throw new Error(`${where}: not an object`);
  if (!Number.isInteger(r.seed) || typeof r.game !== 'string' || typeof r.policy !== 'string') {
    throw new Error(`${where}: missing seed, game or policy`);
  }
  if (typeof r.score !== 'number' || !Number.isInteger(r.turns) || typeof r.end !== 'string') {
    throw new Error(`${where}: missing score, turns or end`);
  }
  return { ...r, stats: r.stats ?? {} };
}

function sortKeys(stats: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const k of Object.keys(stats).sort()) out[k] = stats[k] as Json;
  return out;
}
