// hearth agent run --game <slug>[,<slug>...] --seeds A..B --command "<program>" [options]: drives any program that
// speaks the JSON pipe over many seeds, records every run (files for `hearth verify` and `hearth submit`) and
// prints a scorecard per game, normalised against the shipped bots where the server's challenge baselines
// cover the seeds (GET {server}/api/challenges/{slug}).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentRun, driveAgent } from '../agent/driver.ts';
import { type Baseline, formatScorecard, scorecard } from '../agent/scorecard.ts';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { apiUrl, callJson } from '../net/http.ts';
import { writeRecord } from '../record.ts';
import { localSession } from '../session.ts';
import { checkServer, submitRecord } from './submit.ts';

export const AGENT_USAGE = `hearth agent run --game <slug>[,<slug>...] --seeds A..B --command "<program>" [options]

  The program reads one JSON response per line on standard input (the first is init's, with the spec) and
  writes one action per line on standard output, exactly like a script driving \`hearth play --json\`.
  Every run is recorded as <out>/<slug>-<seed>.json ({ slug, seed, actions }: hearth verify / hearth submit).

  --out DIR         where the records go (default ./agent-runs)
  --max-turns N     stop a game after N accepted actions (default 5000)
  --timeout-ms N    longest wait for one action line (default 10000)
  --max-refusals N  refusals in a row that end a run (default 50)
  --server URL      challenge baselines for the normalised column (random bot 0, strong bot 100)
  --name NAME       with --server: submit every run under NAME (key saved as by hearth submit)
  --agent TEXT      the agent field of submitted runs (default: the command)
  --json            one JSON line per run, then the scorecard as JSON`;

export async function agent(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    process.stdout.write(`${AGENT_USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'run') throw new UsageError(`unknown agent command "${sub}"\n\n${AGENT_USAGE}`);
  const args = parseArgs(rest, {
    game: 'string',
    seeds: 'string',
    command: 'string',
    out: 'string',
    'max-turns': 'string',
    'timeout-ms': 'string',
    'max-refusals': 'string',
    server: 'string',
    name: 'string',
    agent: 'string',
    json: 'boolean',
  });
  if ('error' in args) throw new UsageError(args.error);
  const v = args.values;
  if (!v.game || !v.seeds || !v.command || args.positionals.length > 0)
    throw new UsageError(`run needs --game, --seeds and --command\n\n${AGENT_USAGE}`);
  if (v.server) checkServer(v.server);
  if (v.name && !v.server) throw new UsageError('--name submits runs: it needs --server');
  const seeds = parseSeeds(v.seeds);
  const slugs = v.game.split(',').filter((s) => s !== '');
  const games = await Promise.all(slugs.map(loadGame));
  const options = {
    maxTurns: positive(v['max-turns'], 'max-turns', 5000),
    timeoutMs: positive(v['timeout-ms'], 'timeout-ms', 10_000),
    maxRefusals: positive(v['max-refusals'], 'max-refusals', 50),
  };
  const out = v.out ?? 'agent-runs';
  mkdirSync(out, { recursive: true });
  const baselines = v.server ? await fetchBaselines(v.server, slugs) : new Map<string, Map<number, Baseline>>();

  const runs: AgentRun[] = [];
  let submitFailed = false;
  for (const game of games) {
    for (const seed of seeds) {
      const run = await driveAgent(localSession(game, seed), v.command, options);
      runs.push(run);
      const file = join(out, `${game.slug}-${seed}.json`);
      writeRecord(file, { slug: game.slug, seed, actions: run.actions });
      let submitted = '';
      if (v.server && v.name) {
        const s = await submitRecord(
          v.server,
          { slug: game.slug, seed, actions: run.actions },
          { name: v.name, agent: v.agent ?? v.command },
        );
        submitFailed ||= !s.ok;
        submitted = ` · ${s.lines.join(' · ')}`;
      }
      if (v.json)
        process.stdout.write(
          `${JSON.stringify({ slug: run.slug, seed, score: run.score, turns: run.actions.length, gameOver: run.gameOver, end: run.end, refusals: run.refusals, record: file })}\n`,
        );
      else
        process.stdout.write(
          `${game.slug} seed ${seed}: score ${run.score} after ${run.actions.length} turns (${run.end}${run.refusals ? `, ${run.refusals} refused` : ''}) → ${file}${submitted}\n`,
        );
      if (run.stderr)
        process.stderr.write(`${game.slug} seed ${seed}: the program said: ${run.stderr.split('\n').slice(-3).join(' | ')}\n`);
    }
  }
  const card = scorecard(runs, baselines);
  if (v.json) process.stdout.write(`${JSON.stringify({ scorecard: card })}\n`);
  else {
    process.stdout.write(`\n${formatScorecard(card)}\n`);
    if (!v.server) process.stdout.write('(normalised: pass --server URL for the challenge baselines)\n');
  }
  return submitFailed ? 1 : 0;
}

/** "1..20", "3", "1..5,9,12..14" (at most 100,000 seeds). */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:\.\.(\d+))?$/.exec(part.trim());
    if (!m) throw new UsageError(`--seeds must look like 1..20 or 1,5,9 (got ${JSON.stringify(text)})`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (b < a || b > 0xffffffff) throw new UsageError(`--seeds range ${part} is empty or beyond 4294967295`);
    if (out.length + (b - a + 1) > 100_000) throw new UsageError('--seeds: at most 100,000 seeds in one run');
    for (let s = a; s <= b; s++) out.push(s);
  }
  return out;
}

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(text);
}

interface ChallengeAnswer {
  ok?: boolean;
  sets?: Array<{ games?: Record<string, { seeds?: Array<{ seed: number; random: number; strong: number }> }> }>;
}

/** Per game, the baselines of every seed in the server's challenge sets; a game without them is skipped (printed). */
async function fetchBaselines(server: string, slugs: readonly string[]): Promise<Map<string, Map<number, Baseline>>> {
  const out = new Map<string, Map<number, Baseline>>();
  for (const slug of slugs) {
    const { status, body } = await callJson(apiUrl(server, `/api/challenges/${encodeURIComponent(slug)}`));
    const answer = body as ChallengeAnswer;
    if (answer.ok !== true) {
      process.stderr.write(`${server}: no challenge baselines for ${slug} (HTTP ${status}); the normalised column is skipped\n`);
      continue;
    }
    const seeds = new Map<number, Baseline>();
    for (const set of answer.sets ?? [])
      for (const s of set.games?.[slug]?.seeds ?? []) seeds.set(s.seed, { random: s.random, strong: s.strong });
    out.set(slug, seeds);
  }
  return out;
}
