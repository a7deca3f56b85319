// hearth play <slug> [--seed N] [--server URL] [--record FILE] [--json [--view full|compact|lean] [--spec 0|1]] [--no-color]
import { RESPONSE_FORMS, type ResponseForm } from '@hearth/engine';
import { freshSeed, parseArgs, parseSeed } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { writeRecord } from '../record.ts';
import { controllerFor } from '../render/index.ts';
import { localSession, remoteSession, type Session } from '../session.ts';
import { PlayApp } from '../tui/play-app.ts';
import { colourWanted, createStyle } from '../tui/style.ts';
import { runScreen } from '../tui/terminal.ts';
import { type PipeOptions, runJson } from './json.ts';

export async function play(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, {
    seed: 'string',
    server: 'string',
    record: 'string',
    json: 'boolean',
    view: 'string',
    spec: 'string',
    'no-color': 'boolean',
  });
  if ('error' in args) throw new UsageError(args.error);
  const [slug, ...extra] = args.positionals;
  if (!slug || extra.length > 0)
    throw new UsageError(
      'usage: hearth play <slug> [--seed N] [--server URL] [--record FILE] [--json [--view full|compact|lean] [--spec 0|1]]',
    );
  const pipe = pipeOptions(args.values.view, args.values.spec, args.values.json === true);
  const seedArg = parseSeed(args.values.seed);
  if (typeof seedArg === 'object') throw new UsageError(seedArg.error);
  const server = args.values.server;
  const recordFile = args.values.record;

  const compact = { compact: pipe.view === 'compact' || pipe.view === 'lean' };
  const open = async (seed: number): Promise<Session> =>
    server ? remoteSession(server, slug, seed, fetch, compact) : localSession(await loadGame(slug), seed, compact);
  const session = await open(seedArg ?? freshSeed());
  const record = (actions: readonly unknown[], s: Session) => {
    if (recordFile) writeRecord(recordFile, { slug: s.slug, seed: s.seed, actions: [...actions] });
  };
  record([], session);

  if (args.values.json) return runJson(session, process.stdin, process.stdout, record, pipe);

  const app = new PlayApp({
    session,
    controller: controllerFor(slug),
    style: createStyle(colourWanted(process.env, args.values['no-color'] ? false : undefined)),
    onAccepted: record,
    restart: async (seed) => {
      const next = await open(seed ?? freshSeed());
      record([], next);
      return next;
    },
    where: server ? server.replace(/^https?:\/\//, '') : 'local',
  });
  const code = await runScreen(app);
  const s = app.currentSession;
  process.stdout.write(
    `${s.spec.name} seed ${s.seed}: score ${s.current.score} after ${app.actionsSoFar.length} turns${s.current.gameOver ? ' (game over)' : ''}${recordFile ? `, recorded in ${recordFile}` : ''}\n`,
  );
  return code;
}

/** --view and --spec: the JSON pipe's form (they mean nothing on the screen, so they need --json). */
function pipeOptions(view: string | undefined, spec: string | undefined, json: boolean): PipeOptions {
  if ((view !== undefined || spec !== undefined) && !json) throw new UsageError('--view and --spec shape the JSON pipe: add --json');
  if (view !== undefined && !(RESPONSE_FORMS as readonly string[]).includes(view))
    throw new UsageError(`--view must be one of ${RESPONSE_FORMS.join(', ')}, got ${view}`);
  if (spec !== undefined && spec !== '0' && spec !== '1')
    throw new UsageError(`--spec must be 0 (no spec on the first line) or 1, got ${spec}`);
  return { view: view as ResponseForm | undefined, spec: spec !== '0' };
}
