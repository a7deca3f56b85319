// hearth submit <file> --server URL --name NAME [--agent TEXT] [--notes TEXT] [--key KEY] [--scorecard ID] [--json]
// Sends a record to POST {URL}/api/runs; the server replays it and stores it only when every action is accepted.
// A name is claimed by its first run: that answer carries the player key once, saved here for later runs.
import { gzipSync } from 'node:zlib';
import { parseArgs } from '../args.ts';
import { UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { claimKey, dropRefusedKey, keysPath, saveKey } from '../net/keys.ts';
import { readRecord } from '../record.ts';

const USAGE =
  'usage: hearth submit <file> --server URL --name NAME [--agent TEXT] [--notes TEXT] [--key KEY] [--scorecard ID] [--json]\n' +
  '  <file>: a { slug, seed, actions } record or an episode record (.jsonl, sent with the run)';

export async function submit(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, {
    server: 'string',
    name: 'string',
    agent: 'string',
    notes: 'string',
    key: 'string',
    scorecard: 'string',
    json: 'boolean',
  });
  if ('error' in args) throw new UsageError(args.error);
  const [file, ...extra] = args.positionals;
  const { server, name } = args.values;
  if (!file || extra.length > 0 || !server || !name) throw new UsageError(USAGE);
  checkServer(server);
  const record = readRecord(file);
  const result = await submitRecord(
    server,
    record,
    { name, agent: args.values.agent, notes: args.values.notes, key: args.values.key },
    { scorecard: args.values.scorecard, version: record.version, record: record.episode },
  );
  if (args.values.json) process.stdout.write(`${JSON.stringify(result.body)}\n`);
  else process.stdout.write(`${result.lines.join('\n')}\n`);
  return result.ok ? 0 : 1;
}

const fmtScore = (n: unknown) => (typeof n === 'number' && !Number.isInteger(n) ? n.toFixed(1) : String(n));

export function checkServer(server: string): void {
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`--server must be an http(s) URL, e.g. http://127.0.0.1:8787 (got ${JSON.stringify(server)})`);
  }
}

export interface SubmitOutcome {
  ok: boolean;
  body: Record<string, unknown>;
  lines: string[];
}

/** One submission; the key comes from --key, else from the saved keys; a newly issued key is saved. */
export async function submitRecord(
  server: string,
  record: { slug: string; seed: number; actions: readonly unknown[] },
  who: { name: string; agent?: string | undefined; notes?: string | undefined; key?: string | undefined },
  /** Into a scorecard, with the rules version played and the episode record (JSON lines). */
  extra: { scorecard?: string | undefined; version?: string | undefined; record?: string | undefined } = {},
): Promise<SubmitOutcome> {
  const { key, chosen } = claimKey(server, who.name, who.key);
  const { status, body } = await callJson(apiUrl(server, '/api/runs'), {
    headers: { authorization: `Bearer ${key}` },
    body: {
      game: record.slug,
      seed: record.seed,
      actions: record.actions,
      player: who.name,
      ...(who.agent !== undefined ? { agent: who.agent } : {}),
      ...(who.notes !== undefined ? { notes: who.notes } : {}),
      ...(extra.scorecard !== undefined ? { scorecard: extra.scorecard } : {}),
      ...(extra.version !== undefined ? { version: extra.version } : {}),
      // gzipped: a record with transcripts is often larger than the server's 1 MiB body limit as text
      ...(extra.record !== undefined ? { recordGz: gzipSync(extra.record).toString('base64') } : {}),
    },
  });
  if (body.ok !== true) {
    const where = typeof body.index === 'number' ? ` (action ${body.index})` : '';
    const dropped = dropRefusedKey(server, who.name, who.key, body.reason);
    const hint =
      body.reason === 'key_required'
        ? ` Pass --key KEY (no key for ${who.name} at this server in ${keysPath()}).`
        : dropped
          ? ` ${who.name} is another player's name at this server (the key this client had for it is not its key and was removed from ${keysPath()}): pass --key KEY if the name is yours, or choose another --name.`
          : '';
    return { ok: false, body, lines: [`${server} refused the run${where}, HTTP ${status}: ${refusalText(body)}${hint}`] };
  }
  const lines = [
    body.duplicate === true && typeof body.message === 'string'
      ? `not stored: ${body.message}`
      : `stored as run ${String(body.runId)}: score ${fmtScore(body.score)}, rank ${String(body.rank)} on ${record.slug}`,
  ];
  const card = body.scorecard as { id: string; counted: boolean; progress: number } | undefined;
  if (card) lines.push(`in scorecard ${card.id}: ${card.counted ? `progress ${card.progress.toFixed(1)}` : 'shown, not counted'}`);
  if (typeof body.url === 'string') lines.push(`watch it: ${body.url}`);
  const issued = typeof body.playerKey === 'string' ? body.playerKey : undefined;
  if (issued) saveKey(server, who.name, issued);
  if (issued || (chosen && body.duplicate !== true))
    lines.push(`${who.name} is yours at this server: its player key is saved in ${keysPath()} (mode 0600); later runs use it.`);
  return { ok: true, body, lines };
}
