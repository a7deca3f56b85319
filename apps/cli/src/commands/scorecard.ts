// hearth scorecard open|close|show: a scorecard on a server groups one evaluation's runs on a challenge set under
// tags (model, agent version, prompt version, free metadata); docs/benchmark.md. Runs go in with
// `hearth submit --scorecard ID` or `hearth agent run --server URL --name NAME`.
import { CURRENT_CHALLENGE } from '@hearth/store/challenges';
import { formatReport } from '../agent/scorecard.ts';
import { parseArgs } from '../args.ts';
import { UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { closeScorecard, openScorecard } from './agent.ts';
import { checkServer } from './submit.ts';

export const SCORECARD_USAGE = `hearth scorecard open --server URL --name NAME [--challenge ID] [--model M] [--agent A] [--prompt P] [--meta k=v ...] [--key KEY] [--json]
hearth scorecard close ID --server URL --name NAME [--key KEY] [--json]
hearth scorecard show ID --server URL [--json]

  open prints the new scorecard's id (default set: ${CURRENT_CHALLENGE}); send runs into it with
  hearth submit <record> --scorecard ID, close it when done, show it any time (progress per game with its
  95% interval, k of N seeds, and every played seed). The player key is the one hearth submit saves.`;

export async function scorecardCommand(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    process.stdout.write(`${SCORECARD_USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (!['open', 'close', 'show'].includes(sub)) throw new UsageError(`unknown scorecard command "${sub}"\n\n${SCORECARD_USAGE}`);
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
    {
      server: 'string',
      name: 'string',
      challenge: 'string',
      model: 'string',
      agent: 'string',
      prompt: 'string',
      key: 'string',
      json: 'boolean',
    },
  );
  if ('error' in args) throw new UsageError(args.error);
  const v = args.values;
  if (!v.server) throw new UsageError(`scorecard ${sub} needs --server\n\n${SCORECARD_USAGE}`);
  checkServer(v.server);
  const print = (body: Record<string, unknown>, text: string) => process.stdout.write(`${v.json ? JSON.stringify(body) : text}\n`);
  const refused = (status: number, body: Record<string, unknown>) => {
    if (v.json) process.stdout.write(`${JSON.stringify(body)}\n`);
    process.stderr.write(`${v.server}: HTTP ${status}: ${refusalText(body)}\n`);
    return 1;
  };
  if (sub === 'open') {
    if (!v.name || args.positionals.length > 0) throw new UsageError(`scorecard open needs --name\n\n${SCORECARD_USAGE}`);
    const meta: Record<string, string> = {};
    for (const m of metas) {
      const eq = m.indexOf('=');
      if (eq < 1) throw new UsageError(`--meta must be key=value (got ${JSON.stringify(m)})`);
      meta[m.slice(0, eq)] = m.slice(eq + 1);
    }
    const tags = { model: v.model ?? null, agent: v.agent ?? null, prompt: v.prompt ?? null, meta };
    const r = await openScorecard(v.server, v.name, v.challenge ?? CURRENT_CHALLENGE, tags, v.key);
    if (!r.ok) return refused(r.status, r.body);
    const card = r.body.scorecard as { id: string; challenge: string };
    print(
      r.body,
      `${card.id}\nopened on ${card.challenge}: send runs with hearth submit <record> --scorecard ${card.id}, then hearth scorecard close ${card.id}`,
    );
    return 0;
  }
  const [id, ...extra] = args.positionals;
  if (!id || extra.length > 0) throw new UsageError(`scorecard ${sub} needs the scorecard id\n\n${SCORECARD_USAGE}`);
  if (sub === 'close') {
    if (!v.name) throw new UsageError(`scorecard close needs --name (its player)\n\n${SCORECARD_USAGE}`);
    const r = await closeScorecard(v.server, v.name, id, v.key);
    if (!r.ok) return refused(r.status, r.body);
    print(r.body, formatReport(r.body));
    return 0;
  }
  const { status, body } = await callJson(apiUrl(v.server, `/api/scorecards/${encodeURIComponent(id)}`));
  if (body.ok !== true) return refused(status, body);
  print(body, formatReport(body));
  return 0;
}
