// hearth scorecard open|close|show|compare|export: a scorecard on a server groups one evaluation's runs on a challenge set under
// tags (model, agent version, prompt version, free metadata); docs/benchmark.md. Runs go in with
// `hearth submit --scorecard ID` or `hearth agent run --server URL --name NAME`.

import { writeFileSync } from 'node:fs';
import { CURRENT_CHALLENGE } from '@hearth/store/challenges';
import { formatReport, table } from '../agent/scorecard.ts';
import { type OptionTypes, type Parsed, parseArgs } from '../args.ts';
import { UsageError } from '../games.ts';
import { apiUrl, callJson, httpTimeoutMs, refusalText } from '../net/http.ts';
import { closeScorecard, openScorecard } from './agent.ts';
import { checkServer } from './submit.ts';

export const SCORECARD_USAGE = `hearth scorecard open --server URL --name NAME [--challenge ID] [--attempts K] [--model M] [--agent A] [--prompt P] [--meta k=v ...] [--key KEY] [--json]
hearth scorecard close ID --server URL --name NAME [--key KEY] [--json]
hearth scorecard show ID --server URL [--json]
hearth scorecard compare A B --server URL [--json]
hearth scorecard export ID --server URL [--format csv|json] [--out FILE]

  open prints the new scorecard's id (default set: ${CURRENT_CHALLENGE}; --attempts K: each seed played K times); send
  runs into it with hearth agent run ... --scorecard ID (or hearth submit <record> --scorecard ID), close it when
  done, show it any time (progress per game with its 95% interval, the overall bootstrap interval, k of N seeds,
  and every played seed). compare: the paired comparison of two scorecards on the same set (per game the mean
  difference of per-seed progress A - B with its 95% interval, wins/ties/losses over seeds). export: one row per
  game, seed and attempt (CSV), or the report (JSON). The player key is the one hearth submit saves.`;

export async function scorecardCommand(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${SCORECARD_USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (!['open', 'close', 'show', 'compare', 'export'].includes(sub))
    throw new UsageError(`unknown scorecard command "${sub}"\n\n${SCORECARD_USAGE}`);
  const x = readCall(sub, rest);
  if (sub === 'open') return openCard(x);
  if (sub === 'compare') return compareCards(x);
  const [id, ...extra] = x.positionals;
  if (!id || extra.length > 0) throw new UsageError(`scorecard ${sub} needs the scorecard id\n\n${SCORECARD_USAGE}`);
  if (sub === 'close') return closeCard(x, id);
  if (sub === 'export') return exportCard(x, id);
  const { status, body } = await callJson(apiUrl(x.server, `/api/scorecards/${encodeURIComponent(id)}`));
  if (body.ok !== true) return x.refused(status, body);
  x.print(body, formatReport(body));
  return 0;
}

const SCORECARD_FLAGS = {
  server: 'string',
  name: 'string',
  challenge: 'string',
  model: 'string',
  agent: 'string',
  prompt: 'string',
  key: 'string',
  json: 'boolean',
  attempts: 'string',
  format: 'string',
  out: 'string',
} as const satisfies OptionTypes;

/** One scorecard command's flags and positionals, its server, and how it prints an answer or a refusal. */
interface ScorecardCall {
  v: Parsed<typeof SCORECARD_FLAGS>['values'];
  positionals: string[];
  /** The --meta k=v pairs, in order. */
  metas: string[];
  server: string;
  print(body: Record<string, unknown>, text: string): void;
  refused(status: number, body: Record<string, unknown>): number;
}

function readCall(sub: string, rest: readonly string[]): ScorecardCall {
  // --meta may be given more than once: k=v pairs.
  const metas: string[] = [];
  const args = parseArgs(
    rest.filter((a, i) => {
      if (rest[i - 1] === '--meta') return false;
      if (a === '--meta') {
        metas.push(rest[i + 1] ?? '');
        return false;
      }
      return true;
    }),
    SCORECARD_FLAGS,
  );
  if ('error' in args) throw new UsageError(args.error);
  const v = args.values;
  if (!v.server) throw new UsageError(`scorecard ${sub} needs --server\n\n${SCORECARD_USAGE}`);
  checkServer(v.server);
  const server = v.server;
  return {
    v,
    positionals: args.positionals,
    metas,
    server,
    print: (body, text) => process.stdout.write(`${v.json ? JSON.stringify(body) : text}\n`),
    refused(status, body) {
      if (v.json) process.stdout.write(`${JSON.stringify(body)}\n`);
      process.stderr.write(`${server}: HTTP ${status}: ${refusalText(body)}\n`);
      return 1;
    },
  };
}

async function openCard({ v, positionals, metas, server, print, refused }: ScorecardCall): Promise<number> {
  if (!v.name || positionals.length > 0) throw new UsageError(`scorecard open needs --name\n\n${SCORECARD_USAGE}`);
  const meta: Record<string, string> = {};
  for (const m of metas) {
    const eq = m.indexOf('=');
    if (eq < 1) throw new UsageError(`--meta must be key=value (got ${JSON.stringify(m)})`);
    meta[m.slice(0, eq)] = m.slice(eq + 1);
  }
  const tags = { model: v.model ?? null, agent: v.agent ?? null, prompt: v.prompt ?? null, meta };
  const attempts = v.attempts === undefined ? 1 : Number(v.attempts);
  if (!Number.isInteger(attempts) || attempts < 1) throw new UsageError('--attempts must be a positive integer');
  const r = await openScorecard(server, v.name, v.challenge ?? CURRENT_CHALLENGE, tags, v.key, attempts);
  if (!r.ok) return refused(r.status, r.body);
  const card = r.body.scorecard as { id: string; challenge: string };
  print(
    r.body,
    `${card.id}\nopened on ${card.challenge}: fill it with hearth agent run ... --server ${server} --name ${v.name} --scorecard ${card.id} (or hearth submit <record> --scorecard ${card.id}), then hearth scorecard close ${card.id}`,
  );
  return 0;
}

async function compareCards({ positionals, server, print, refused }: ScorecardCall): Promise<number> {
  const [a, b, ...more] = positionals;
  if (!a || !b || more.length > 0) throw new UsageError(`scorecard compare needs two scorecard ids\n\n${SCORECARD_USAGE}`);
  const { status, body } = await callJson(apiUrl(server, `/api/scorecards/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`));
  if (body.ok !== true) return refused(status, body);
  print(body, formatComparison(body));
  return 0;
}

async function closeCard({ v, server, print, refused }: ScorecardCall, id: string): Promise<number> {
  if (!v.name) throw new UsageError(`scorecard close needs --name (its player)\n\n${SCORECARD_USAGE}`);
  const r = await closeScorecard(server, v.name, id, v.key);
  if (!r.ok) return refused(r.status, r.body);
  print(r.body, formatReport(r.body));
  return 0;
}

/** The scorecard as CSV (one row per game, seed and attempt) or its JSON report, to --out or standard output. */
async function exportCard({ v, server, refused }: ScorecardCall, id: string): Promise<number> {
  const format = v.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new UsageError('--format must be csv or json');
  const url = apiUrl(server, `/api/scorecards/${encodeURIComponent(id)}?format=${format}`);
  const res = await fetch(url, { signal: AbortSignal.timeout(httpTimeoutMs()) });
  const text = await res.text();
  if (!res.ok) {
    let body: Record<string, unknown> = { reason: `http_${res.status}`, message: text.slice(0, 200) };
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: the status says it
    }
    return refused(res.status, body);
  }
  if (v.out) {
    writeFileSync(v.out, text);
    process.stderr.write(`wrote ${v.out}\n`);
  } else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}

/** A paired comparison (GET /api/scorecards/compare) as text. */
export function formatComparison(body: Record<string, unknown>): string {
  type Side = { id: string; model: string | null; prompt: string | null; player: string; progress: number; complete: boolean };
  const r = body as {
    a: Side;
    b: Side;
    difference: number;
    interval: { low: number | null; high: number | null; method: string };
    wins: number;
    ties: number;
    losses: number;
    games: Array<{
      game: string;
      a: number;
      b: number;
      difference: number;
      interval: { low: number | null; high: number | null; method: string };
      wins: number;
      ties: number;
      losses: number;
      seeds: number;
    }>;
  };
  const name = (s: Side) => `${s.id} (${[s.model, s.prompt].filter(Boolean).join(', ') || s.player})${s.complete ? '' : ' [incomplete]'}`;
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  const iv = (i: { low: number | null; high: number | null }) =>
    i.low === null || i.high === null ? '(no interval)' : `[${signed(i.low)}, ${signed(i.high)}]`;
  return [
    `A = ${name(r.a)}`,
    `B = ${name(r.b)}`,
    '',
    table(
      ['game', 'A', 'B', 'A - B [95% CI]', 'wins/ties/losses (A over B, by seed)'],
      r.games.map((g) => [
        g.game,
        g.a.toFixed(1),
        g.b.toFixed(1),
        `${signed(g.difference)} ${iv(g.interval)}`,
        `${g.wins}/${g.ties}/${g.losses} of ${g.seeds}`,
      ]),
      (i) => i >= 1 && i <= 2,
    ),
    '',
    `overall A - B: ${signed(r.difference)} ${iv(r.interval)}; seeds ${r.wins}/${r.ties}/${r.losses}`,
    `per game: ${r.games[0]?.interval.method ?? ''}`,
    `overall: ${r.interval.method}`,
  ].join('\n');
}
