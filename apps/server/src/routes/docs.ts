import type { Game } from '@hearth/engine';
import { fail, text } from '../http/answer.ts';
import { COMPRESS_MAX_BYTES, COMPRESS_MIN_BYTES } from '../http/compress.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import { SEAL_FIELD } from '../state/hmac-sealer.ts';
import { SERVICE_DESCRIPTION } from './api.ts';
import type { ServerContext } from './context.ts';
import { runsDocsHtml, runsDocsText } from './runs-docs.ts';
import { sampleFromSchema } from './schema-sample.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const pre = (s: string) => `<pre>${escapeHtml(s)}</pre>`;
const paragraphs = (s: string) =>
  s
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}' +
  'pre{background:#f4f4f4;padding:.75rem;overflow-x:auto;font-size:13px}code{background:#f4f4f4;padding:0 .2rem}' +
  'table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}';

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>\n${body}\n</body></html>\n`;
}

/** The example action for the worked example: the first legal action, or one built from the grammar when the list is empty by design. */
export function exampleAction(game: Game, legalActions: unknown[]): unknown {
  return legalActions.length > 0 ? legalActions[0] : sampleFromSchema(game.spec.actionGrammar);
}

/** The request and response limits, written once for the docs page and llms.txt. */
export function limitsText(ctx: ServerContext): string {
  const l = ctx.limits;
  return (
    `POST bodies: at most ${l.maxBytes} bytes (413 body_too_large), JSON nested at most ${l.maxDepth} levels deep and at most ${l.maxItems} items ` +
    `in any array or object (400 invalid_body); /verify replays at most ${ctx.maxVerifyActions} actions. ` +
    `A response body of ${COMPRESS_MIN_BYTES / 1024} KB to ${COMPRESS_MAX_BYTES / 1024} KB comes compressed (Content-Encoding br, else gzip) ` +
    'when your Accept-Encoding takes one, with Vary: Accept-Encoding; without Accept-Encoding every response is plain.'
  );
}

export const ERRORS: [number, string, string][] = [
  [
    200,
    'ok: false, reason from the game',
    'The action is illegal now (or malformed: unknown_action). Nothing changed; pick from legalActions.',
  ],
  [
    400,
    'invalid_state',
    `The state or stateToken was altered, truncated, or sealed by another server secret (or the ${SEAL_FIELD} field is missing).`,
  ],
  [
    400,
    'invalid_json / invalid_body',
    'The body is not JSON, not an object, too deeply nested, has too many items, or a field has the wrong type.',
  ],
  [400, 'invalid_seed', 'seed is not an integer within +-(2^53 - 1).'],
  [400, 'invalid_query', 'spec is not 0 or 1, or view is not full, compact or lean.'],
  [404, 'unknown_game / not_found', 'No such game slug, or no such path.'],
  [405, 'method_not_allowed', 'Wrong HTTP method; the Allow header lists the right ones.'],
  [413, 'body_too_large', 'The body is over the size limit.'],
  [415, 'unsupported_media_type', 'POST bodies must be sent with Content-Type: application/json.'],
  [429, 'rate_limited', 'Too many requests from this client (a /verify costs one more request per 100 actions); wait Retry-After seconds.'],
  [503, 'busy', 'Every replay worker is busy and the replay queue is full (/verify, runs); retry after Retry-After seconds.'],
  [
    503,
    'database_unavailable',
    'The database is not answering just now (runs, leaderboards, scorecards); play and /verify still work; retry after Retry-After seconds. A first run under a new name may bring its own key (Authorization: Bearer hk_ + 32 or more random base64url characters), so a retry after a lost answer is safe.',
  ],
];

/** The cheapest way to play, for scripts and language models: no spec in every init, the lean response per step. */
export function cheapLoop(base: string): string[] {
  return [
    `Read the rules once: GET ${base}/api/games/{slug}/spec (goal, scoring, rules, summary, actionGrammar, decisions), or the page ${base}/docs/api/{slug}.`,
    `GET ${base}/api/games/{slug}/init?seed=N&spec=0&view=lean: the lean response, { ok, state, score, gameOver, view } (a stateToken game sends { ok, stateToken, score, gameOver, view }): no spec, no observation, no legalActions list. "view" is { score, gameOver, text, actions }: text is a small picture with the numbers that matter, actions the legal actions in a compact, game-documented form.`,
    `POST ${base}/api/games/{slug}/action?view=lean with { "state": <state from the last response, unchanged>, "action": <action> } (or { "stateToken", "action" } when carry is "stateToken"): the next lean response, whose "view" adds "recap" ({ text, points, items }: what the action did). Read view, send back state (or stateToken) unchanged, until gameOver. A refusal is the usual { ok: false, reason, message, legalActions }.`,
    `The lean response's JSON Schema: GET ${base}/api/games/{slug}/lean-schema. view=compact (e.g. init?seed=N&spec=0&view=compact) is the full response with "view" added, for a client that wants both; a stateToken game's lean response leaves out the readable state beside the token, and game-specific extras are left out (the recap tells what the action did).`,
    'Without spec=0 and view=lean or view=compact every response is exactly the full gameboard response (spec on init; observation and legalActions always there).',
  ];
}

export function sealText(): string {
  return (
    `The server keeps no session: every response carries the whole state and the client sends it back. ` +
    `For games whose spec.carry is "state", the state is readable JSON with one extra field, "${SEAL_FIELD}": an HMAC-SHA256 over the rest of the state ` +
    `(canonical JSON, keys sorted), made with the server's secret. Send the state back exactly as received (key order and whitespace may change; values may not). ` +
    `For games whose spec.carry is "stateToken", the response holds an opaque "stateToken" (AES-256-GCM, hiding the random cursor) beside a readable "state" ` +
    `without a seal; send { stateToken, action }. A state or token that was changed, cut short, or sealed by another secret is refused with HTTP 400 ` +
    `invalid_state, and nothing is stepped. Every instance sharing one STATE_SECRET accepts the others' states. Old states stay valid ` +
    `(the server cannot know which is the latest), so an honest score is one /verify recomputes from the seed and the actions.`
  );
}

function curlExample(ctx: ServerContext, x: Exchange, game: Game): string {
  const base = ctx.baseUrl(x);
  const first = game.init(7);
  const action = exampleAction(game, first.legalActions);
  const next = game.act(first.state, action);
  const carry = game.spec.carry === 'stateToken' ? 'stateToken' : 'state';
  const outcome = next.ok
    ? `{ "ok": true, "score": ${next.score}, "gameOver": ${next.gameOver}, "${carry}": ..., "observation": ..., "legalActions": [...] }`
    : `{ "ok": false, "reason": ${JSON.stringify(next.reason)}, ... }`;
  return [
    `# 1. Start a game (seed 7). The response has ${carry}, observation, legalActions, spec, score, gameOver.`,
    `curl -s "${base}/api/games/${game.slug}/init?seed=7" > step.json`,
    '',
    `# 2. Take an action: send back the ${carry} unchanged, with the action.`,
    `jq '{ ${carry}: .${carry}, action: ${JSON.stringify(action)} }' step.json \\`,
    `  | curl -s -X POST -H 'Content-Type: application/json' --data-binary @- "${base}/api/games/${game.slug}/action" > next.json`,
    `# -> ${outcome}`,
    '',
    '# 3. Repeat step 2 with next.json until gameOver is true. Then have the score recomputed from seed and actions:',
    `curl -s -X POST -H 'Content-Type: application/json' -d '{ "seed": 7, "actions": [${JSON.stringify(action)}] }' "${base}/api/games/${game.slug}/verify"`,
    `# -> { "ok": true, "score": ..., "gameOver": ..., "turns": 1, "stateHash": "..." }`,
  ].join('\n');
}

function overviewPage(ctx: ServerContext, x: Exchange): string {
  const base = ctx.baseUrl(x);
  const games = [...ctx.games.values()]
    .map(
      ({ game }) =>
        `<tr><td><a href="/docs/api/${escapeHtml(game.slug)}">${escapeHtml(game.name)}</a></td><td><code>${escapeHtml(game.slug)}</code></td><td>${escapeHtml(game.spec.genre)}</td><td>${escapeHtml(game.spec.description)}</td><td><code>${game.spec.carry}</code></td></tr>`,
    )
    .join('\n');
  const errors = ERRORS.map(([s, r, m]) => `<tr><td>${s}</td><td><code>${escapeHtml(r)}</code></td><td>${escapeHtml(m)}</td></tr>`).join(
    '\n',
  );
  return page(
    'hearth API',
    `<h1>hearth agent API</h1>
<p>${escapeHtml(SERVICE_DESCRIPTION)}</p>
<h2>Games</h2>
<table><tr><th>Game</th><th>slug</th><th>genre</th><th>description</th><th>carry</th></tr>
${games}</table>
<h2>The cheap loop (scripts and language models: start here)</h2>
<ol>
${cheapLoop(base)
  .map((step) => `<li>${escapeHtml(step)}</li>`)
  .join('\n')}
</ol>
<h2>The full loop</h2>
<ol>
<li><code>GET ${escapeHtml(base)}/api/games/{slug}/init?seed=N</code> (seed optional: without it the server picks one; it is inside the state) returns <code>{ ok: true, state, observation, legalActions, spec, score, gameOver }</code>.</li>
<li><code>POST ${escapeHtml(base)}/api/games/{slug}/action</code> with <code>Content-Type: application/json</code> and <code>{ "state": &lt;state&gt;, "action": &lt;action&gt; }</code> (or <code>{ "stateToken": ..., "action": ... }</code> when the spec's <code>carry</code> is <code>stateToken</code>) returns the next response.</li>
<li>Repeat until <code>gameOver</code>. An illegal action returns HTTP 200 <code>{ ok: false, reason, message, legalActions }</code> and changes nothing.</li>
<li><code>POST ${escapeHtml(base)}/api/games/{slug}/verify</code> with <code>{ "seed": N, "actions": [...] }</code> replays the game and returns <code>{ ok, score, gameOver, turns, stateHash, end }</code> (<code>end</code>: the final observation's end reason, or null; or the index of the first refused action). Without <code>?seed=</code> the server picks a seed and it travels in the state; a stateToken game hides it in the token, so pass <code>?seed=N</code> yourself to verify such a run later.</li>
</ol>
<p>Also: <a href="/api/games">/api/games</a> (machine-readable index), <code>/api/games/{slug}/spec</code>, <a href="/llms.txt">/llms.txt</a>, <a href="/healthz">/healthz</a>, <a href="/metrics">/metrics</a>.</p>
<h2>Sealed states</h2>
${paragraphs(sealText())}
<h2>Errors and limits</h2>
<table><tr><th>HTTP</th><th>reason</th><th>meaning</th></tr>
${errors}</table>
<p>${escapeHtml(limitsText(ctx))} Every error body is <code>{ ok: false, reason, message }</code>. Every response carries an <code>X-Request-Id</code> header (yours, if you send a short one).</p>
${runsDocsHtml(ctx, base)}`,
  );
}

function gamePage(ctx: ServerContext, x: Exchange, game: Game): string {
  const s = game.spec;
  const decisions = s.decisions.map((d) => `<tr><td>${escapeHtml(d.topic)}</td><td>${escapeHtml(d.decision)}</td></tr>`).join('\n');
  const legend = Object.entries(s.legend)
    .map(([k, v]) => `<tr><td><code>${escapeHtml(k)}</code></td><td>${escapeHtml(v)}</td></tr>`)
    .join('\n');
  return page(
    `${s.name} - hearth API`,
    `<p><a href="/docs/api">All games</a></p>
<h1>${escapeHtml(s.name)}</h1>
<p><em>${escapeHtml(s.genre)}</em> - ${escapeHtml(s.description)} Rules version ${escapeHtml(s.version)}; the client carries <code>${s.carry}</code>.</p>
<h2>Goal</h2>${paragraphs(s.goal)}
<h2>Scoring</h2>${paragraphs(s.scoring)}
<h2>Rules</h2>${paragraphs(s.rules)}
<h2>Action grammar</h2>${pre(JSON.stringify(s.actionGrammar, null, 2))}
<h2>Worked example</h2>${pre(curlExample(ctx, x, game))}
<h2>Decisions</h2><p>Points the design document left open, and what this engine does.</p>
<table><tr><th>topic</th><th>decision</th></tr>${decisions}</table>
<h2>Observation legend</h2><table>${legend}</table>
${s.appendix ? `<h2>Appendix</h2>${pre(JSON.stringify(s.appendix, null, 2))}` : ''}
<p>Full machine-readable spec (with the state and observation schemas): <a href="/api/games/${escapeHtml(s.slug)}/spec">/api/games/${escapeHtml(s.slug)}/spec</a>.</p>`,
  );
}

function llmsText(ctx: ServerContext, x: Exchange): string {
  const base = ctx.baseUrl(x);
  const games = [...ctx.games.values()].map(
    ({ game }) =>
      `- [${game.name}](${base}/docs/api/${game.slug}): ${game.spec.description} slug \`${game.slug}\`, carry \`${game.spec.carry}\`, spec: ${base}/api/games/${game.slug}/spec`,
  );
  return [
    '# hearth',
    '',
    `> ${SERVICE_DESCRIPTION}`,
    '',
    '## MCP (start here if your client speaks it)',
    '',
    `Connect an MCP client to ${base}/mcp (streamable HTTP), or run \`node apps/cli/dist/hearth.mjs mcp --server ${base}\` over stdio. The server keeps each game's state: send only a gameId and an action. Tools: list_games; rules { game }; new_game { game, seed?, challenge? }; act { gameId, action, usage? } (the next small view, with what the action did); view; legal_actions; verify { gameId }; submit_run { gameId, player, key?, scorecard? }; open_scorecard { player, challenge?, model?, agent?, prompt?, attempts?, key? } and close_scorecard for a benchmark run on a challenge set. A name's playerKey, returned once, goes in the key argument.`,
    '',
    '## The cheap loop (HTTP, no MCP)',
    '',
    ...cheapLoop(base).map((step, i) => `${i + 1}. ${step}`),
    '',
    '## The full loop',
    '',
    `1. GET ${base}/api/games/{slug}/init?seed=N (seed optional) -> { ok: true, state, observation, legalActions, spec, score, gameOver }. Read spec.goal, spec.scoring, spec.rules, spec.actionGrammar, spec.decisions; observation.text is a plain-text picture of the board (legend in spec.legend).`,
    `2. POST ${base}/api/games/{slug}/action, Content-Type: application/json, body { "state": <state from the last response, unchanged>, "action": <action> }. If spec.carry is "stateToken", send { "stateToken": <stateToken>, "action": <action> } instead.`,
    '3. Repeat until gameOver is true. An illegal action returns HTTP 200 { ok: false, reason, message, legalActions } and changes nothing: pick again. legalActions lists every action the engine accepts now (a game may document an empty list and accept any action matching the grammar).',
    `4. POST ${base}/api/games/{slug}/verify with { "seed": N, "actions": [...] } -> { ok, score, gameOver, turns, stateHash, end } (end: the final observation's end reason, or null): any score can be recomputed from its seed and actions. Without ?seed= the server picks a seed and it travels in the state; a stateToken game hides it in the token (with the random cursor), so pass ?seed=N yourself if you want to verify such a run later.`,
    '',
    '## Sealed states',
    '',
    sealText(),
    '',
    '## Errors and limits',
    '',
    ...ERRORS.map(([s, r, m]) => `- ${s} ${r}: ${m}`),
    `- ${limitsText(ctx)}`,
    '',
    ...runsDocsText(ctx, base),
    '## Games',
    '',
    ...games,
    '',
    '## Links',
    '',
    `- [API overview](${base}/docs/api)`,
    `- [Machine-readable index](${base}/api/games)`,
    '',
  ].join('\n');
}

const HTML = 'text/html; charset=UTF-8';

export function registerDocsRoutes(router: Router, ctx: ServerContext): void {
  router.get('/docs/api', (x) => {
    x.route = '/docs/api';
    return text(overviewPage(ctx, x), HTML);
  });
  router.get('/docs/api/:slug', (x) => {
    x.route = '/docs/api/:slug';
    const served = ctx.games.get(x.param('slug'));
    if (!served) return fail(404, 'unknown_game', `no game with slug ${JSON.stringify(x.param('slug').slice(0, 64))}`);
    x.game = served.game.slug;
    return text(gamePage(ctx, x, served.game), HTML);
  });
  router.get('/llms.txt', (x) => {
    x.route = '/llms.txt';
    return text(llmsText(ctx, x), 'text/plain; charset=utf-8');
  });
}
