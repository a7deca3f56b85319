// hearth leaderboard <slug> --server URL [--board all|daily|challenge] [--kind human|agent] [--agent TEXT]
// [--limit N] [--json]: GET {URL}/api/leaderboards/{slug}, printed as a table (best verified run per player).

import { fmt } from '../agent/scorecard.ts';
import { parseArgs } from '../args.ts';
import { UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { checkServer } from './submit.ts';

const USAGE =
  'usage: hearth leaderboard <slug> --server URL [--board all|daily|challenge] [--kind human|agent] [--agent TEXT] [--limit N] [--json]';

interface Row {
  rank: number;
  player: string;
  agent: string | null;
  score: number;
  runId: number;
  createdAt: string;
  kind?: string;
  normalized?: number;
  raw?: number;
  seeds?: number;
}

export async function leaderboard(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { server: 'string', board: 'string', kind: 'string', agent: 'string', limit: 'string', json: 'boolean' });
  if ('error' in args) throw new UsageError(args.error);
  const [slug, ...extra] = args.positionals;
  const { server, board = 'all', kind, agent, limit } = args.values;
  if (!slug || extra.length > 0 || !server) throw new UsageError(USAGE);
  checkServer(server);
  if (!['all', 'daily', 'challenge'].includes(board)) throw new UsageError('--board must be all, daily or challenge');
  if (kind !== undefined && kind !== 'human' && kind !== 'agent') throw new UsageError('--kind must be human or agent');
  if (limit !== undefined && !/^\d{1,3}$/.test(limit)) throw new UsageError('--limit must be a whole number (at most 3 digits)');
  const query = new URLSearchParams({ board, ...(kind ? { kind } : {}), ...(agent ? { agent } : {}), ...(limit ? { limit } : {}) });
  const { status, body } = await callJson(apiUrl(server, `/api/leaderboards/${encodeURIComponent(slug)}?${query}`));
  if (args.values.json) process.stdout.write(`${JSON.stringify(body)}\n`);
  if (body.ok !== true) {
    process.stderr.write(`${server}: HTTP ${status}: ${refusalText(body)}\n`);
    return 1;
  }
  if (args.values.json) return 0;
  // The server names the list `rows`; `entries` is accepted too.
  const rows = (Array.isArray(body.rows) ? body.rows : Array.isArray(body.entries) ? body.entries : []) as Row[];
  const title = `${slug} · ${board}${typeof body.date === 'string' ? ` ${body.date}` : ''}${typeof body.challenge === 'string' ? ` ${body.challenge}` : ''}${kind ? ` · ${kind}s` : ''}`;
  process.stdout.write(`${formatBoard(title, rows, typeof body.score === 'string' ? body.score : undefined)}\n`);
  if (typeof body.nextCursor === 'string') process.stdout.write(`more: ${String(body.next ?? body.nextCursor)}\n`);
  return 0;
}

export function formatBoard(title: string, rows: readonly Row[], scoreNote?: string): string {
  if (rows.length === 0) return `${title}\n(no runs yet)`;
  const cols = ['rank', 'player', 'score', 'agent', 'run', 'when'];
  const table = rows.map((r) => [
    String(r.rank),
    r.player,
    // One decimal: a challenge board's mean progress is not an integer (48.68584212353427 reads as 48.7).
    fmt(r.normalized ?? r.score),
    r.agent ?? (r.kind === 'agent' ? 'agent' : '-'),
    String(r.runId),
    r.createdAt.slice(0, 16).replace('T', ' '),
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...table.map((t) => t[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 2 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [title, ...(scoreNote ? [`score: ${scoreNote}`] : []), line(cols), ...table.map(line)].join('\n');
}
