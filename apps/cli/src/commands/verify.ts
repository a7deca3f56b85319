// hearth verify <file> [--json]: replays a record through the engine and prints the final score and state hash,
// exactly what the server's /verify computes (replay() and stateHash() from @hearth/engine).
import { replay } from '@hearth/engine';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { readRecord } from '../record.ts';

export async function verify(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, [], ['json']);
  if ('error' in args) throw new UsageError(args.error);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) throw new UsageError('usage: hearth verify <file> [--json]');
  const record = readRecord(file);
  const game = await loadGame(record.slug);
  const result = replay(game, record.seed, record.actions);
  const json = args.flags.get('json') === true;
  if (!result.ok) {
    const out = { ok: false, slug: record.slug, seed: record.seed, index: result.index, reason: result.reason, message: result.message };
    if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
    else process.stderr.write(`${file}: action ${result.index} was refused (${result.reason}): ${result.message}\n`);
    return 1;
  }
  const out = {
    ok: true,
    slug: record.slug,
    seed: record.seed,
    score: result.score,
    gameOver: result.gameOver,
    turns: result.turns,
    stateHash: result.stateHash,
  };
  if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else
    process.stdout.write(
      `${game.name} seed ${record.seed}: ${result.turns} actions replayed\n` +
        `score      ${result.score}\ngameOver   ${result.gameOver}\nstateHash  ${result.stateHash}\n`,
    );
  return 0;
}
