import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Game, replay } from '@hearth/engine';

/** A golden replay file: seed + actions and what they must produce. */
export interface GoldenReplay {
  slug: string;
  seed: number;
  actions: unknown[];
  score: number;
  gameOver: boolean;
  turns: number;
  stateHash: string;
  /** Why this file exists (what it reaches or which bug it pins). */
  note?: string;
}

/** Every *.replay.json under dir (and dir/regressions), sorted by path. */
export function readGoldens(dir: string): Array<{ file: string; golden: GoldenReplay }> {
  const files: string[] = [];
  const walk = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.endsWith('.replay.json')) files.push(join(d, e));
      else if (!e.includes('.')) walk(join(d, e));
    }
  };
  walk(dir);
  return files.map((file) => ({ file, golden: JSON.parse(readFileSync(file, 'utf8')) as GoldenReplay }));
}

/** Replays one golden file; returns the problems (empty = it reproduces exactly). */
export function verifyGolden(game: Game, golden: GoldenReplay): string[] {
  if (golden.slug !== game.slug) return [`golden is for ${golden.slug}, not ${game.slug}`];
  const result = replay(game, golden.seed, golden.actions);
  if (!result.ok) return [`action ${result.index} refused: ${result.reason} ${result.message}`];
  const problems: string[] = [];
  if (result.score !== golden.score) problems.push(`score ${result.score}, expected ${golden.score}`);
  if (result.gameOver !== golden.gameOver) problems.push(`gameOver ${result.gameOver}, expected ${golden.gameOver}`);
  if (result.turns !== golden.turns) problems.push(`turns ${result.turns}, expected ${golden.turns}`);
  if (result.stateHash !== golden.stateHash) problems.push(`state hash ${result.stateHash}, expected ${golden.stateHash}`);
  return problems;
}

/**
 * Writes (or rewrites) a golden file from a replay. Only golden:update scripts call this
 * (GOLDEN_UPDATE=1); read the diff before committing. A file that already holds exactly these bytes is left
 * untouched, so regenerating unchanged goldens writes nothing (a test reading them meanwhile never sees a
 * half-written file).
 */
export function writeGolden(dir: string, name: string, game: Game, seed: number, actions: unknown[], note?: string): GoldenReplay {
  const result = replay(game, seed, actions);
  if (!result.ok) throw new Error(`cannot write golden ${name}: action ${result.index} refused (${result.reason})`);
  const golden: GoldenReplay = {
    slug: game.slug,
    seed,
    actions,
    score: result.score,
    gameOver: result.gameOver,
    turns: result.turns,
    stateHash: result.stateHash,
    ...(note ? { note } : {}),
  };
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.replay.json`);
  const text = `${JSON.stringify(golden, null, 1)}\n`;
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
  return golden;
}
