// hearth replay <file> [--play]: step through a recorded game on the play screen's board, or play it back
// (space pauses, + and - set the speed). Without a terminal (a pipe), prints one line per step instead.
import { type OkResponse, publicStateOf, type Recap, replay as replayGame } from '@hearth/engine';
import { actionLabel } from '@hearth/engine/terminal';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { readRecord } from '../record.ts';
import { controllerFor } from '../render/index.ts';
import { ReplayApp } from '../tui/replay-app.ts';
import { colourWanted, createStyle } from '../tui/style.ts';
import { runScreen } from '../tui/terminal.ts';

export async function replay(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { play: 'boolean', 'no-color': 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) throw new UsageError('usage: hearth replay <file> [--play] [--no-color]');
  const record = readRecord(file);
  const game = await loadGame(record.slug);
  const responses: OkResponse[] = [];
  const recaps: (Recap | undefined)[] = [undefined];
  let before: unknown;
  // The screens see what a player saw: the readable state (a stateToken game hides its cursor); the message
  // line, what each action did (the engine's recap from the states before and after it).
  const result = replayGame(game, record.seed, record.actions, (r) => {
    if (responses.length > 0) recaps.push(game.recap(before, r.state, record.actions[responses.length - 1]));
    before = r.state;
    responses.push({ ...r, state: publicStateOf(game, r.state) });
  });
  const failure = result.ok ? undefined : `action ${result.index + 1} was refused (${result.reason}): ${result.message}`;

  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    responses.forEach((r, i) => {
      const what = i === 0 ? 'start' : actionLabel(record.actions[i - 1]);
      const recap = recaps[i]?.text ? `  ${recaps[i]!.text}` : '';
      process.stdout.write(`${String(i).padStart(4)}  ${what.padEnd(36)} score ${r.score}${r.gameOver ? '  game over' : ''}${recap}\n`);
    });
    if (failure) process.stdout.write(`${failure}\n`);
    return failure ? 1 : 0;
  }
  const app = new ReplayApp({
    spec: game.spec,
    seed: record.seed,
    responses,
    actions: record.actions,
    recaps,
    autoplay: args.values.play === true,
    controller: controllerFor(record.slug),
    style: createStyle(colourWanted(process.env, args.values['no-color'] ? false : undefined)),
    ...(failure ? { failure } : {}),
  });
  return runScreen(app);
}
