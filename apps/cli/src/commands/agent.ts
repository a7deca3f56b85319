// hearth agent run --command "<program>" --seeds <set id>|A..B [--game <slug>,...] [options]: drives any program
// that speaks the JSON pipe over many seeds (several games at once with --jobs), writes one episode record per run
// (JSON lines: hearth verify / hearth submit), resumes after an interrupt without replaying what is recorded, and
// prints a scorecard with the progress 0-100 and its 95% interval on a challenge set's seeds. With --server and
// --name every run goes into one scorecard on the server (opened, resumed, closed when every run is in).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '@hearth/engine';
import { RESPONSE_FORMS, type ResponseForm } from '@hearth/engine';
import {
  CHALLENGE_SETS,
  type ChallengeSet,
  challengeById,
  type EpisodeHeader,
  type EpisodeStep,
  episodeLine,
  parseEpisode,
  RECORD_FORMAT,
  summarise,
} from '@hearth/store/challenges';
import { type AgentRun, driveAgent } from '../agent/driver.ts';
import { fmt, formatReport, formatScorecard, type RunResult, scorecard } from '../agent/scorecard.ts';
import { parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { claimKey, dropRefusedKey, loadKey, saveKey } from '../net/keys.ts';
import { localSession } from '../session.ts';
import { checkServer, submitRecord } from './submit.ts';

export const AGENT_USAGE = `hearth agent run --command "<program>" --seeds <set id>|A..B [--game <slug>[,<slug>...]] [options]

  The program reads one JSON response per line on standard input (the first is init's, with the spec) and
  writes one action per line on standard output, exactly like a script driving \`hearth play --json\`. It may
  wrap an action to report what its model call cost: {"action": {...}, "usage": {"input": 812, "output": 40}}.
  Every run is recorded as <out>/<slug>-<seed>.jsonl, one line per step (docs/benchmark.md): hearth verify
  and hearth submit read it. Run the same command again after an interrupt: recorded runs are not replayed.

  --seeds SET|A..B  a challenge set (${CHALLENGE_SETS.map((s) => s.id).join(', ')}: its seeds, its budget, progress 0-100 with
                    a 95% interval) or seeds like 1..20 or 1,5,9 (then --game is needed)
  --game SLUGS      the games (default: every game of the set)
  --view V          what the program reads: full (default, the gameboard responses), compact (each with the
                    small view and recap made for models) or lean (state, score and the compact view only)
  --spec 0          leave the spec out of the first line
  --jobs N          games played at once (default 1, at most 16)
  --timeout-ms N    longest wait for one action line (default 120000: a model call)
  --wall-ms N       longest a run may take (default 3600000); it ends with what was accepted
  --max-turns N     stop a game after N accepted actions (default: the set's budget, else 5000)
  --max-refusals N  refusals in a row that end a run (default 50)
  --max-seeds N     only the first N seeds of each game (a short trial of a set; its progress still counts the
                    set's other seeds as not played)
  --out DIR         where the records go (default ./agent-runs)
  --server URL      with --name: submit every run into one scorecard there (opened on the first run, kept in
  --name NAME         <out>/scorecard.json to resume, closed when every run is in); the key as hearth submit saves it
  --model M         the scorecard's model tag; --prompt P its prompt version
  --agent TEXT      the runs' agent field and the scorecard's agent tag (default: the command)
  --json            one JSON line per run, then the scorecard as JSON`;

interface Plan {
  game: Game;
  seed: number;
  file: string;
}

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
    view: 'string',
    spec: 'string',
    jobs: 'string',
    'max-turns': 'string',
    'timeout-ms': 'string',
    'wall-ms': 'string',
    'max-refusals': 'string',
    'max-seeds': 'string',
    server: 'string',
    name: 'string',
    model: 'string',
    prompt: 'string',
    agent: 'string',
    json: 'boolean',
  });
  if ('error' in args) throw new UsageError(args.error);
  const v = args.values;
  if (!v.seeds || !v.command || args.positionals.length > 0) throw new UsageError(`run needs --seeds and --command\n\n${AGENT_USAGE}`);
  if (v.server) checkServer(v.server);
  if (v.name && !v.server) throw new UsageError('--name submits runs: it needs --server');
  if (v.server && !v.name) throw new UsageError('--server takes the runs into a scorecard: it needs --name');
  const set = /^[a-z][a-z0-9-]*$/.test(v.seeds) ? challengeById(v.seeds) : null;
  if (/^[a-z]/.test(v.seeds) && !set)
    throw new UsageError(`--seeds ${v.seeds}: no such challenge set; the sets are ${CHALLENGE_SETS.map((s) => s.id).join(', ')}`);
  const slugs = v.game ? v.game.split(',').filter((s) => s !== '') : set ? Object.keys(set.games) : [];
  if (slugs.length === 0) throw new UsageError('--seeds A..B needs --game <slug>[,<slug>...]');
  const games = await Promise.all(slugs.map(loadGame));
  const seedsOf = (game: Game) => {
    if (!set) return parseSeeds(v.seeds!);
    const g = set.games[game.slug];
    if (!g) throw new UsageError(`${set.id} has no ${game.slug}; its games are ${Object.keys(set.games).join(', ')}`);
    if (g.version !== null && g.version !== game.spec.version)
      throw new UsageError(
        `${set.id} pins ${game.slug} rules ${g.version}; this hearth has ${game.spec.version}, so no run could count for the set`,
      );
    return g.seeds.map((s) => s.seed);
  };
  const view = (v.view ?? 'full') as ResponseForm;
  if (!(RESPONSE_FORMS as readonly string[]).includes(view))
    throw new UsageError(`--view must be one of ${RESPONSE_FORMS.join(', ')}, got ${v.view}`);
  if (v.spec !== undefined && v.spec !== '0' && v.spec !== '1') throw new UsageError('--spec must be 0 or 1');
  const jobs = positive(v.jobs, 'jobs', 1);
  if (jobs > 16) throw new UsageError('--jobs must be at most 16');
  const options = {
    maxTurns: positive(v['max-turns'], 'max-turns', 5000),
    timeoutMs: positive(v['timeout-ms'], 'timeout-ms', 120_000),
    wallMs: positive(v['wall-ms'], 'wall-ms', 3_600_000),
    maxRefusals: positive(v['max-refusals'], 'max-refusals', 50),
    pipe: { view, spec: v.spec !== '0' },
  };
  const out = v.out ?? 'agent-runs';
  mkdirSync(out, { recursive: true });
  const agentText = v.agent ?? v.command;

  // The plan, and what an earlier interrupted run of this command already recorded.
  const maxSeeds = positive(v['max-seeds'], 'max-seeds', Number.MAX_SAFE_INTEGER);
  const plan: Plan[] = games.flatMap((game) =>
    seedsOf(game)
      .slice(0, maxSeeds)
      .map((seed) => ({ game, seed, file: join(out, `${game.slug}-${seed}.jsonl`) })),
  );
  for (const f of readdirSync(out)) if (f.endsWith('.jsonl.partial')) rmSync(join(out, f), { force: true });
  const results = new Map<Plan, RunResult>();
  for (const p of plan) {
    const done = recorded(p, set, agentText, view);
    if (done) results.set(p, done);
  }
  const resumed = results.size;
  if (resumed > 0 && !v.json)
    process.stderr.write(`resuming: ${resumed} of ${plan.length} runs are recorded in ${out} and are not replayed\n`);

  const card =
    v.server && v.name ? await scorecardFor(v.server, v.name, out, set, { model: v.model, prompt: v.prompt, agent: agentText }) : null;
  let submitFailed = false;
  const submit = async (p: Plan, text: string, actions: unknown[]) => {
    if (!card || !v.server || !v.name) return '';
    const s = await submitRecord(
      v.server,
      { slug: p.game.slug, seed: p.seed, actions },
      { name: v.name, agent: agentText },
      { scorecard: card.id, version: p.game.spec.version, record: text },
    );
    if (!s.ok) submitFailed = true;
    return ` · ${s.lines[0]}`;
  };
  if (card) {
    // Recorded runs the scorecard does not have yet (an interrupt between recording and sending) go in now.
    const have = await scorecardSeeds(v.server!, card.id);
    for (const [p] of results) {
      if (have.has(`${p.game.slug}\n${p.seed}`)) continue;
      const parsed = parseEpisode(readFileSync(p.file, 'utf8'));
      if (parsed.ok)
        process.stderr.write(
          `${p.game.slug} seed ${p.seed}: sent from its record${await submit(p, readFileSync(p.file, 'utf8'), parsed.actions)}\n`,
        );
    }
  }

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const todo = plan.filter((p) => !results.has(p));
  let finished = resumed;
  const playOne = async (p: Plan) => {
    const header: EpisodeHeader = {
      hearthRecord: RECORD_FORMAT,
      game: p.game.slug,
      seed: p.seed,
      set: set?.id ?? null,
      version: p.game.spec.version,
      view,
      agent: agentText,
    };
    const partial = `${p.file}.partial`;
    const lines = [episodeLine(header)];
    const steps: EpisodeStep[] = [];
    writeFileSync(partial, lines[0]!);
    const began = performance.now();
    const run: AgentRun = await driveAgent(localSession(p.game, p.seed, { compact: view !== 'full' }), v.command!, {
      ...options,
      budget: set?.games[p.game.slug]?.budget ?? null,
      signal: controller.signal,
      onStep: (step) => {
        steps.push(step);
        const line = episodeLine(step);
        lines.push(line);
        writeFileSync(partial, line, { flag: 'a' });
      },
    });
    if (run.end === 'interrupted') {
      rmSync(partial, { force: true });
      return;
    }
    const endLine = episodeLine({ end: run.end, score: run.score, turns: run.actions.length });
    writeFileSync(partial, endLine, { flag: 'a' });
    renameSync(partial, p.file);
    const sum = summarise(steps);
    const result: RunResult = {
      slug: p.game.slug,
      seed: p.seed,
      score: run.score,
      turns: run.actions.length,
      end: run.end,
      refusals: run.refusals,
      steps: sum.steps,
      ms: sum.ms,
      usage: sum.usage,
    };
    results.set(p, result);
    finished++;
    const submitted = await submit(p, [...lines, endLine].join(''), run.actions);
    const secs = ((performance.now() - began) / 1000).toFixed(1);
    if (v.json)
      process.stdout.write(
        `${JSON.stringify({ slug: p.game.slug, seed: p.seed, score: run.score, turns: run.actions.length, gameOver: run.gameOver, end: run.end, refusals: run.refusals, record: p.file })}\n`,
      );
    else
      process.stdout.write(
        `[${finished}/${plan.length}] ${p.game.slug} seed ${p.seed}: score ${fmt(run.score)} after ${run.actions.length} actions (${run.end}${run.refusals ? `, ${run.refusals} refused` : ''}, ${secs} s) → ${p.file}${submitted}\n`,
      );
    if (run.stderr)
      process.stderr.write(`${p.game.slug} seed ${p.seed}: the program said: ${run.stderr.split('\n').slice(-3).join(' | ')}\n`);
  };
  // A bounded pool: at most --jobs games (and programs) at once, taken in plan order.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, Math.max(1, todo.length)) }, async () => {
      while (next < todo.length && !controller.signal.aborted) await playOne(todo[next++]!);
    }),
  );
  process.removeListener('SIGINT', onSigint);
  const all = plan.flatMap((p) => (results.has(p) ? [results.get(p)!] : []));
  if (controller.signal.aborted) {
    process.stderr.write(
      `interrupted: ${all.length} of ${plan.length} runs are recorded in ${out}; run the same command again to play the other ${plan.length - all.length}${card ? ` (scorecard ${card.id} stays open)` : ''}\n`,
    );
    return 130;
  }
  const local = scorecard(all, set, v.seeds);
  if (v.json) process.stdout.write(`${JSON.stringify({ scorecard: local, ...(card ? { server: card.id } : {}) })}\n`);
  else process.stdout.write(`\n${formatScorecard(local)}\n`);
  if (card && v.server && v.name) {
    const closed = await closeScorecard(v.server, v.name, card.id);
    if (!closed.ok) {
      submitFailed = true;
      process.stderr.write(`${v.server}: could not close scorecard ${card.id}: ${refusalText(closed.body)}\n`);
    } else if (!v.json) process.stdout.write(`\n${formatReport(closed.body)}\n`);
    rmSync(join(out, 'scorecard.json'), { force: true });
  }
  return submitFailed ? 1 : 0;
}

/** A complete record of this plan entry (its end line written), as a result; null when it must be played. */
function recorded(p: Plan, set: ChallengeSet | null, agent: string, view: string): RunResult | null {
  if (!existsSync(p.file)) return null;
  const parsed = parseEpisode(readFileSync(p.file, 'utf8'));
  if (!parsed.ok || parsed.end === null) return null;
  const h = parsed.header;
  // Another program, view or set made a different run: play it again (the record is replaced).
  if (h.game !== p.game.slug || h.seed !== p.seed || h.set !== (set?.id ?? null) || h.agent !== agent || h.view !== view) return null;
  const s = parsed.summary;
  return {
    slug: p.game.slug,
    seed: p.seed,
    score: parsed.end.score,
    turns: parsed.end.turns,
    end: parsed.end.end,
    refusals: s.refusals,
    steps: s.steps,
    ms: s.ms,
    usage: s.usage,
  };
}

/** The scorecard these runs go into: the one an interrupted run of this command opened, else a new one. */
async function scorecardFor(
  server: string,
  name: string,
  out: string,
  set: ChallengeSet | null,
  tags: { model?: string; prompt?: string; agent: string },
): Promise<{ id: string }> {
  if (!set) throw new UsageError('--server and --name send runs into a scorecard, which is on a challenge set: use --seeds <set id>');
  const file = join(out, 'scorecard.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { server: string; id: string; challenge: string };
    if (kept.server === server && kept.challenge === set.id) {
      const { body } = await callJson(apiUrl(server, `/api/scorecards/${kept.id}`));
      const open = body.ok === true && (body.scorecard as { closed?: boolean }).closed === false;
      if (open) return { id: kept.id };
    }
  }
  const opened = await openScorecard(server, name, set.id, {
    model: tags.model ?? null,
    agent: tags.agent.slice(0, 100),
    prompt: tags.prompt ?? null,
    meta: {},
  });
  if (!opened.ok) throw new Error(`${server} did not open a scorecard: ${refusalText(opened.body)}`);
  const id = (opened.body.scorecard as { id: string }).id;
  writeFileSync(file, `${JSON.stringify({ server, id, challenge: set.id })}\n`);
  process.stderr.write(`scorecard ${id} opened on ${server} for ${set.id}\n`);
  return { id };
}

/** POST /api/scorecards; a newly claimed name's key is chosen and saved like hearth submit's. */
export async function openScorecard(server: string, name: string, challenge: string, tags: Record<string, unknown>, key?: string) {
  const k = claimKey(server, name, key).key;
  const { status, body } = await callJson(apiUrl(server, '/api/scorecards'), {
    headers: { authorization: `Bearer ${k}` },
    body: { challenge, player: name, tags },
  });
  if (typeof body.playerKey === 'string') saveKey(server, name, body.playerKey);
  else dropRefusedKey(server, name, key, body.reason);
  return { ok: body.ok === true, status, body };
}

export async function closeScorecard(server: string, name: string, id: string, key?: string) {
  const k = key ?? loadKey(server, name);
  const { status, body } = await callJson(apiUrl(server, `/api/scorecards/${encodeURIComponent(id)}/close`), {
    method: 'POST',
    headers: k ? { authorization: `Bearer ${k}` } : {},
  });
  return { ok: body.ok === true, status, body };
}

async function scorecardSeeds(server: string, id: string): Promise<Set<string>> {
  const { body } = await callJson(apiUrl(server, `/api/scorecards/${id}`));
  const games = (body.games ?? []) as Array<{ game: string; perSeed: Array<{ seed: number; runId: number | null }> }>;
  return new Set(games.flatMap((g) => g.perSeed.filter((s) => s.runId !== null).map((s) => `${g.game}\n${s.seed}`)));
}

/** "1..20", "3", "1..5,9,12..14" (at most 100,000 seeds). */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:\.\.(\d+))?$/.exec(part.trim());
    if (!m) throw new UsageError(`--seeds must be a challenge set id or look like 1..20 or 1,5,9 (got ${JSON.stringify(text)})`);
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
