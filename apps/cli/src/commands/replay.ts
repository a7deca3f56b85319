// hearth replay <file>: step through a recorded game on the play screen's board. Without a terminal
// (a pipe), prints one line per step instead.
import { type OkResponse, publicStateOf, replay as replayGame } from '@hearth/engine';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { readRecord } from '../record.ts';
import { actionLabel } from '../render/actions.ts';
import { controllerFor } from '../render/index.ts';
import { ReplayApp } from '../tui/replay-app.ts';
import { colourWanted, createStyle } from '../tui/style.ts';
import { runScreen } from '../tui/terminal.ts';

export async function replay(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { 'no-color': 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) throw new UsageError('usage: hearth replay <file>');
  const record = readRecord(file);
  const game = await loadGame(record.slug);
  const responses: OkResponse[] = [];
  // The screens see what a player saw: the readable state (a stateToken game hides its cursor).
  const result = replayGame(game, record.seed, record.actions, (r) => responses.push({ ...r, state: publicStateOf(game, r.state) }));
  const failure = result.ok ? undefined : `action ${result.index + 1} was refused (${result.reason}): ${result.message}`;

  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    responses.forEach((r, i) => {
      const what = i === 0 ? 'start' : actionLabel(record.actions[i - 1]);
      process.stdout.write(`${String(i).padStart(4)}  ${what.padEnd(36)} score ${r.score}${r.gameOver ? '  game over' : ''}\n`);
    });
    if (failure) process.stdout.write(`${failure}\n`);
    return failure ? 1 : 0;
  }
  const app = new ReplayApp({
    spec: game.spec,
    seed: record.seed,
    responses,
    actions: record.actions,
    controller: controllerFor(record.slug),
    style: createStyle(colourWanted(process.env, args.values['no-color'] ? false : undefined)),
    ...(failure ? { failure } : {}),
  });
  return runScreen(app);
}
