// hearth verify <file> [--json]: replays a record through the engine and prints the final score and state hash,
// exactly what the server's /verify computes (replay() and stateHash() from @hearth/engine).
import { type ReplayRecord, replay, verifyOutcome } from '@hearth/engine';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { readRecord } from '../record.ts';

export async function verify(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { server: 'string', json: 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) throw new UsageError('usage: hearth verify <file> [--json] [--server URL]');
  const server = args.values.server;
  const record = readRecord(file);
  const json = args.values.json === true;
  if (server) return verifyRemote(server, record, json);
  const game = await loadGame(record.slug);
  const result = verifyOutcome(replay(game, record.seed, record.actions));
  // The server's /verify answer, key for key: ok, slug, seed, then the outcome.
  const { ok, ...found } = result;
  const out = { ok, slug: record.slug, seed: record.seed, ...found };
  if (!result.ok) {
    if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
    else process.stderr.write(`${file}: action ${result.index} was refused (${result.reason}): ${result.message}\n`);
    return 1;
  }
  if (json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else
    process.stdout.write(
      `${game.name} seed ${record.seed}: ${result.turns} actions replayed\n` +
        `score      ${result.score}\ngameOver   ${result.gameOver}\nstateHash  ${result.stateHash}\n`,
    );
  return 0;
}

/** The server's own answer (POST /api/games/{slug}/verify with { seed, actions }), printed the same way. */
async function verifyRemote(server: string, record: ReplayRecord, json: boolean): Promise<number> {
  const { body } = await callJson(apiUrl(server, `/api/games/${encodeURIComponent(record.slug)}/verify`), {
    body: { seed: record.seed, actions: record.actions },
  });
  if (json) process.stdout.write(`${JSON.stringify(body)}\n`);
  else if (body.ok === true)
    process.stdout.write(
      `${server} verified seed ${record.seed}: ${String(body.turns)} actions\nscore      ${String(body.score)}\ngameOver   ${String(body.gameOver)}\nstateHash  ${String(body.stateHash)}\n`,
    );
  else process.stderr.write(`${server}: ${refusalText(body)}\n`);
  return body.ok === true ? 0 : 1;
}
