// Requests for every route of the server, in their usual and their odd forms (refusals, wrong methods, HEAD,
// preflight, percent-encoding, dot segments, compression, conditional requests), played in order through a
// `send` of the caller's: the answers of one server, normalised where two servers differ by design (the time,
// fresh ids and keys, random IVs). Two ways of reaching one handler must give the same list.
export interface Reply {
  status: number;
  /** Lower-case names; the caller leaves out what its transport adds (Date, keep-alive). */
  headers: Record<string, string>;
  /** The body's bytes as latin1 text (compressed bodies compare byte for byte). */
  body: string;
}

export type Send = (method: string, path: string, headers?: [string, string][], body?: string) => Promise<Reply>;

export interface CaseOptions {
  slugs: readonly string[];
  /** The server has a store (runs, boards, challenges, scorecards answer). */
  store: boolean;
  /** The server serves a web folder holding index.html and assets/app.js (with .br and .gz siblings). */
  web: boolean;
}

export interface Played {
  what: string;
  reply: Reply;
}

import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

/**
 * Takes out of a reply what differs between two runs by design: times, fresh ids, keys, random IVs. A compressed
 * body is compared as its decompressed text (its headers still say how it came); a fresh token inside would make
 * the compressed bytes differ.
 */
export function normalise(reply: Reply): Reply {
  const coding = reply.headers['content-encoding'];
  const raw = Buffer.from(reply.body, 'latin1');
  const text =
    raw.length === 0
      ? ''
      : coding === 'br'
        ? brotliDecompressSync(raw).toString('latin1')
        : coding === 'gzip'
          ? gunzipSync(raw).toString('latin1')
          : reply.body;
  const body = text
    .replace(/"stateToken":"[A-Za-z0-9_-]+"/g, '"stateToken":"…"')
    .replace(/"(runId|id|uptime|ms)":[\d.]+/g, '"$1":0')
    .replace(/"where":"[^"]*"/g, '"where":"…"')
    .replace(/\/run\/\d+/g, '/run/0')
    .replace(/run \d+/g, 'run 0')
    .replace(/"(createdAt|openedAt|closedAt)":"[^"]*"/g, '"$1":"…"')
    .replace(/sc_[A-Za-z0-9_-]+/g, 'sc_…')
    .replace(/hk_[A-Za-z0-9_-]+/g, 'hk_…');
  const headers = Object.fromEntries(Object.entries(reply.headers).map(([k, v]) => [k, String(v).replace(/sc_[A-Za-z0-9_-]+/g, 'sc_…')]));
  // The length of what was sent, checked here, so a normalised body compares whatever its digits were.
  if (headers['content-length'] !== undefined && Number(headers['content-length']) === raw.length) headers['content-length'] = 'its length';
  return { status: reply.status, headers, body };
}

/** Plays every case through `send`; the list of answers in order. */
export async function playRouteCases(send: Send, options: CaseOptions): Promise<Played[]> {
  const out: Played[] = [];
  let n = 0;
  const go = async (what: string, method: string, path: string, headers: [string, string][] = [], body?: string) => {
    const reply = await send(method, path, [['x-request-id', `case-${n++}`], ...headers], body);
    out.push({ what: `${what}: ${method} ${path.slice(0, 120).replace(/sc_[A-Za-z0-9_-]+/g, 'sc_…')}`, reply: normalise(reply) });
    return reply;
  };
  const slug = options.slugs[0] as string;

  // The front: hello, health, metrics' gate, preflight, unknown paths and methods.
  await go('hello', 'GET', '/hello');
  await go('hello with a query', 'GET', '/hello?x=1');
  await go('hello HEAD', 'HEAD', '/hello');
  for (const path of ['/livez', '/readyz', '/healthz']) {
    await go('health', 'GET', path);
    await go('health HEAD', 'HEAD', path);
    await go('health wrong method', 'POST', path, [JSON_TYPE], '{}');
  }
  await go('metrics through a proxy', 'GET', '/metrics', [['x-forwarded-for', '203.0.113.9']]);
  await go('metrics wrong method', 'DELETE', '/metrics');
  await go('index', 'GET', '/api/games');
  await go('index compressed', 'GET', '/api/games', [['accept-encoding', 'gzip, deflate, br']]);
  await go('index HEAD', 'HEAD', '/api/games');
  await go('index wrong method', 'POST', '/api/games', [JSON_TYPE], '{}');
  await go('index preflight', 'OPTIONS', '/api/games');
  await go('action preflight', 'OPTIONS', `/api/games/${slug}/action`);
  await go('preflight outside the API', 'OPTIONS', '/docs/api');
  await go('unknown API path', 'GET', '/api/nothing');
  await go('unknown API path, POST', 'POST', '/api/nothing', [JSON_TYPE], '{}');
  await go('unknown path, DELETE', 'DELETE', '/somewhere');
  await go('unknown game', 'GET', '/api/games/no-such-game/init');
  await go('unknown game spec', 'GET', '/api/games/no-such-game/spec');
  await go('unknown game action', 'POST', '/api/games/no-such-game/action', [JSON_TYPE], '{}');
  await go('unknown game verify', 'POST', '/api/games/no-such-game/verify', [JSON_TYPE], '{}');
  await go('long unknown game', 'GET', `/api/games/${'x'.repeat(100)}/init`);
  await go('percent-encoded slug', 'GET', `/api/games/${encodeURIComponent(slug).replace(/-/g, '%2D')}/init?seed=1&spec=0`);
  await go('encoded slash in slug', 'GET', '/api/games/a%2Fb/init');
  await go('bad percent-encoding', 'GET', '/api/games/%zz/init');
  await go('bad percent-encoding outside the API', 'GET', '/%zz');
  await go('trailing slash', 'GET', `/api/games/${slug}/init/`);
  await go('double slash', 'GET', `/api/games//${slug}/init`);
  await go('dot segments', 'GET', `/api/games/${slug}/../${slug}/init?seed=1&spec=0`);
  await go('encoded dot segments', 'GET', `/api/games/${slug}/%2e%2e/${slug}/init?seed=1&spec=0`);
  await go('init wrong method', 'POST', `/api/games/${slug}/init`, [JSON_TYPE], '{}');
  await go('action wrong method', 'GET', `/api/games/${slug}/action`);
  await go('action HEAD', 'HEAD', `/api/games/${slug}/action`);
  await go('verify wrong method', 'GET', `/api/games/${slug}/verify`);
  await go('mcp wrong method', 'PUT', '/mcp', [JSON_TYPE], '{}');
  await go('mcp not JSON-RPC', 'POST', '/mcp', [JSON_TYPE, ['accept', 'application/json, text/event-stream']], '{}');

  for (const game of options.slugs) {
    const base = `/api/games/${game}`;
    for (const query of [
      '?seed=7',
      '?seed=7&spec=0',
      '?seed=7&view=lean&spec=0',
      '?seed=7&view=compact',
      '?seed=7&view=full&spec=1',
      '?seed=x',
      '?seed=7&spec=2',
      '?seed=7&view=big',
      '?seed=7&view',
      '?seed=7&seed=8&spec=0',
      '?seed=%37&spec=0',
      '?seed=7&spec=0&view=lean+',
      '?seed=7&spec=0&view=le%61n',
      '?seed=7&spec=0#frag',
    ]) {
      await go('init', 'GET', `${base}/init${query}`);
    }
    await go('init HEAD', 'HEAD', `${base}/init?seed=1`);
    for (const accept of ['gzip, deflate, br', 'gzip', 'br;q=0, gzip', 'identity', '*', 'br;q=abc']) {
      await go('init compressed', 'GET', `${base}/init?seed=7`, [['accept-encoding', accept]]);
    }
    await go('spec', 'GET', `${base}/spec`);
    await go('spec compressed', 'GET', `${base}/spec`, [['accept-encoding', 'br']]);
    await go('spec HEAD', 'HEAD', `${base}/spec`);
    await go('lean schema', 'GET', `${base}/lean-schema`);

    const first = JSON.parse((await go('init for play', 'GET', `${base}/init?seed=11&spec=0`)).body);
    const carried = first.stateToken !== undefined ? { stateToken: first.stateToken } : { state: first.state };
    const action = first.legalActions?.[0] ?? { type: 'NOPE' };
    const body = JSON.stringify({ ...carried, action });
    for (const view of ['', '?view=lean', '?view=compact', '?view=full', '?view=nope', '?view=lean&view=full']) {
      await go('action', 'POST', `${base}/action${view}`, [JSON_TYPE], body);
    }
    await go('action compressed', 'POST', `${base}/action`, [JSON_TYPE, ['accept-encoding', 'gzip, br']], body);
    await go('action, reordered body', 'POST', `${base}/action`, [JSON_TYPE], JSON.stringify({ action, ...carried }));
    await go('action, spaced body', 'POST', `${base}/action`, [JSON_TYPE], JSON.stringify({ ...carried, action }, null, 1));
    const next = JSON.parse((await go('action for play', 'POST', `${base}/action?view=lean`, [JSON_TYPE], body)).body);
    if (next.ok) {
      const nextCarried = next.stateToken !== undefined ? { stateToken: next.stateToken } : { state: next.state };
      await go('second action', 'POST', `${base}/action?view=compact`, [JSON_TYPE], JSON.stringify({ ...nextCarried, action }));
    }
    const refusals: [string, [string, string][], string][] = [
      ['no content type', [], body],
      ['text/plain', [['content-type', 'text/plain']], body],
      ['charset utf-8', [['content-type', 'application/json; charset=utf-8']], body],
      ['latin-1 charset', [['content-type', 'application/json; charset=latin1']], body],
      ['two content types', [JSON_TYPE, JSON_TYPE], body],
      ['not JSON', [JSON_TYPE], '{"state":'],
      ['not UTF-8', [JSON_TYPE], '{"state":"\udc00"}'],
      ['not an object', [JSON_TYPE], '[1,2]'],
      ['empty', [JSON_TYPE], ''],
      ['an unknown action', [JSON_TYPE], JSON.stringify({ ...carried, action: { type: 'NOT_A_MOVE' } })],
      ['no action', [JSON_TYPE], JSON.stringify(carried)],
      [
        'a forged state',
        [JSON_TYPE],
        body.replace(/"seal":"v1\.[A-Za-z0-9_-]/, '"seal":"v1.A').replace(/"stateToken":"./, '"stateToken":"A'),
      ],
      ['no state', [JSON_TYPE], JSON.stringify({ action })],
      ['a state and a token', [JSON_TYPE], JSON.stringify({ state: first.state ?? {}, stateToken: 'abc', action })],
      ['state twice', [JSON_TYPE], `{"state":{},${body.slice(1)}`],
      ['too deep', [JSON_TYPE], `{"state":${'['.repeat(100)}${']'.repeat(100)}}`],
      ['too wide', [JSON_TYPE], JSON.stringify({ ...carried, action, pad: Array.from({ length: 70_000 }, () => 0) })],
      ['infinite number', [JSON_TYPE], `{"action":1e400,${body.slice(1)}`],
      ['too large', [JSON_TYPE], JSON.stringify({ ...carried, action, pad: 'x'.repeat(1100 * 1024) })],
    ];
    for (const [what, headers, refused] of refusals) await go(`action ${what}`, 'POST', `${base}/action`, headers, refused);

    await go('verify', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 11, actions: [action] }));
    await go('verify nothing', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 11, actions: [] }));
    await go('verify refused', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 11, actions: [{ type: 'NOT_A_MOVE' }] }));
    await go('verify bad seed', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 'x', actions: [] }));
    await go('verify no actions', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 1 }));
    await go('verify not JSON', 'POST', `${base}/verify`, [JSON_TYPE], 'nope');
    await go('verify text/plain', 'POST', `${base}/verify`, [['content-type', 'text/plain']], '{}');
    await go('verify too many', 'POST', `${base}/verify`, [JSON_TYPE], JSON.stringify({ seed: 1, actions: Array(5001).fill(action) }));
    await go('docs page', 'GET', `/docs/api/${game}`);
    await go('docs page compressed', 'GET', `/docs/api/${game}`, [['accept-encoding', 'gzip']]);
  }
  await go('docs', 'GET', '/docs/api');
  await go('docs HEAD', 'HEAD', '/docs/api');
  await go('docs compressed', 'GET', '/docs/api', [['accept-encoding', 'br']]);
  await go('docs of no game', 'GET', '/docs/api/no-such-game');
  await go('docs wrong method', 'POST', '/docs/api', [JSON_TYPE], '{}');
  await go('llms.txt', 'GET', '/llms.txt');
  await go('llms.txt forwarded host', 'GET', '/llms.txt', [
    ['x-forwarded-host', 'evil.example'],
    ['x-forwarded-proto', 'https'],
  ]);

  // Runs, boards, challenges, scorecards (or their 503 without a store).
  const run = JSON.stringify({ game: slug, seed: 11, actions: [], player: 'case-player', agent: 'cases' });
  await go('run', 'POST', '/api/runs', [JSON_TYPE], run);
  await go('run again', 'POST', '/api/runs', [JSON_TYPE], run);
  await go('run, bad player', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ game: slug, seed: 11, actions: [], player: '' }));
  await go('run, unknown game', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ game: 'nope', seed: 1, actions: [], player: 'p' }));
  await go('run, bad key', 'POST', '/api/runs', [JSON_TYPE, ['authorization', 'Basic x']], run);
  await go('run, version', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ ...JSON.parse(run), version: '0.0.0-nope' }));
  await go('run, unknown set', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ ...JSON.parse(run), challenge: 'no-set' }));
  await go('run, bad scorecard', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ ...JSON.parse(run), scorecard: 'x' }));
  await go('run, bad record', 'POST', '/api/runs', [JSON_TYPE], JSON.stringify({ ...JSON.parse(run), record: 5 }));
  await go('run wrong method', 'GET', '/api/runs');
  await go('run of no id', 'GET', '/api/runs/nope');
  await go('run of an unknown id', 'GET', '/api/runs/123456');
  await go('run wrong method', 'DELETE', '/api/runs/1');
  for (const query of [
    '',
    '?board=daily',
    '?board=challenge',
    '?board=nope',
    '?kind=agent',
    '?kind=x',
    '?limit=0',
    '?limit=5',
    '?cursor=zz',
  ]) {
    await go('board', 'GET', `/api/leaderboards/${slug}${query}`);
  }
  await go('board of no game', 'GET', '/api/leaderboards/nope');
  await go('challenges', 'GET', '/api/challenges');
  await go('challenges on a date', 'GET', '/api/challenges?date=2026-01-02');
  await go('challenges bad date', 'GET', '/api/challenges?date=yesterday');
  await go('challenges of a game', 'GET', `/api/challenges/${slug}?date=2026-01-02`);
  await go('challenges of no game', 'GET', '/api/challenges/nope');
  await go('challenges wrong method', 'POST', '/api/challenges', [JSON_TYPE], '{}');
  await go('scorecards', 'GET', '/api/scorecards');
  await go('scorecards bad kind', 'GET', '/api/scorecards?kind=x');
  await go('scorecards bad limit', 'GET', '/api/scorecards?limit=1000');
  await go('scorecards of no set', 'GET', '/api/scorecards?challenge=nope');
  await go('scorecard open, bad player', 'POST', '/api/scorecards', [JSON_TYPE], JSON.stringify({ player: '' }));
  await go('scorecard open, bad tags', 'POST', '/api/scorecards', [JSON_TYPE], JSON.stringify({ player: 'card-player', tags: { x: 1 } }));
  const opened = await go(
    'scorecard open',
    'POST',
    '/api/scorecards',
    [JSON_TYPE],
    JSON.stringify({ player: 'card-player', tags: { model: 'm' } }),
  );
  const card = options.store ? (JSON.parse(opened.body) as { scorecard?: { id: string }; playerKey?: string }) : {};
  const id = card.scorecard?.id ?? 'sc_none';
  const key: [string, string][] = card.playerKey ? [['authorization', `Bearer ${card.playerKey}`]] : [];
  await go('scorecard', 'GET', `/api/scorecards/${id}`);
  await go('scorecard as CSV', 'GET', `/api/scorecards/${id}?format=csv`);
  await go('scorecard bad format', 'GET', `/api/scorecards/${id}?format=xml`);
  const batch = { runs: [{ game: slug, seed: 11, actions: [] }, { game: slug, seed: 11, actions: 'no' }, 5] };
  await go('scorecard batch without key', 'POST', `/api/scorecards/${id}/runs`, [JSON_TYPE], JSON.stringify(batch));
  await go('scorecard batch', 'POST', `/api/scorecards/${id}/runs`, [JSON_TYPE, ...key], JSON.stringify(batch));
  await go('scorecard batch again', 'POST', `/api/scorecards/${id}/runs`, [JSON_TYPE, ...key], JSON.stringify(batch));
  await go('scorecard batch, no runs', 'POST', `/api/scorecards/${id}/runs`, [JSON_TYPE, ...key], JSON.stringify({ runs: [] }));
  await go(
    'scorecard batch, another player',
    'POST',
    `/api/scorecards/${id}/runs`,
    [JSON_TYPE, ...key],
    JSON.stringify({ ...batch, player: 'x' }),
  );
  await go('scorecard record bad attempt', 'GET', `/api/scorecards/${id}/records/${slug}/11?attempt=9`);
  await go('scorecards compared', 'GET', `/api/scorecards/compare?a=${id}&b=${id}`);
  await go('scorecards compared, one missing', 'GET', `/api/scorecards/compare?a=${id}`);
  await go('scorecards compared, unknown', 'GET', `/api/scorecards/compare?a=${id}&b=sc_nope`);
  await go('scorecard of no id', 'GET', '/api/scorecards/sc_nope');
  await go('scorecard record missing', 'GET', `/api/scorecards/${id}/records/${slug}/1`);
  await go('scorecard close without key', 'POST', `/api/scorecards/${id}/close`, [JSON_TYPE], '{}');
  await go('scorecard close', 'POST', `/api/scorecards/${id}/close`, [JSON_TYPE, ...key], '{}');
  await go('scorecard close wrong method', 'GET', `/api/scorecards/${id}/close`);

  // The web app's files.
  if (options.web) {
    await go('web root', 'GET', '/');
    await go('web index', 'GET', '/index.html');
    await go('web asset', 'GET', '/assets/app.js');
    await go('web asset br', 'GET', '/assets/app.js', [['accept-encoding', 'gzip, br']]);
    await go('web asset gzip', 'GET', '/assets/app.js', [['accept-encoding', 'gzip']]);
    await go('web asset HEAD', 'HEAD', '/assets/app.js');
    await go('web asset not modified', 'GET', '/assets/app.js', [['if-none-match', '*']]);
    await go('web asset since', 'GET', '/assets/app.js', [['if-modified-since', 'Wed, 01 Jan 2100 00:00:00 GMT']]);
    await go('web missing', 'GET', '/nope.js');
    await go('web climbing', 'GET', '/..%2f..%2fetc/passwd');
    await go('web nul', 'GET', '/a%00b');
    await go('web bad encoding', 'GET', '/%E0%A4%A');
  } else {
    await go('no web root', 'GET', '/');
    await go('no web index', 'GET', '/index.html');
    await go('no web file', 'GET', '/app.js');
  }
  return out;
}
