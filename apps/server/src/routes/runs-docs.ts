// The runs, keys, leaderboards and challenges sections of /docs/api and /llms.txt, with worked curl examples.
import { CURRENT_CHALLENGE, NAME_RULE } from '@hearth/store';
import { DAILY_RULE } from './challenges.ts';
import type { ServerContext } from './context.ts';

/** What mountRuns configured for this server, for the docs (absent: the server runs without a database). */
export interface RunsSettings {
  maxRunActions: number;
  perPlayer: { perSecond: number; burst: number } | null;
  submitCost: number;
}
export const runsSettings = new WeakMap<ServerContext, RunsSettings>();

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function sections(ctx: ServerContext, base: string): [title: string, text: string[], example?: string][] {
  const s = runsSettings.get(ctx);
  if (!s)
    return [
      [
        'Runs and leaderboards',
        ['This server runs without a database: /api/runs, /api/leaderboards and /api/challenges answer 503 no_database.'],
      ],
    ];
  const perPlayer = s.perPlayer
    ? `${Math.round(s.perPlayer.perSecond * 60)} per minute per player name, bursts of ${s.perPlayer.burst}`
    : 'no per-player limit';
  return [
    [
      'Runs: submit a verified score',
      [
        `POST ${base}/api/runs with { "game": slug, "seed": N, "actions": [...], "player": name, "agent"?: text, "notes"?: text, "version"?: rules version, "challenge"?: set id, "scorecard"?: id, "record"?: episode record }. The server replays the actions (on a worker thread) and stores the run only when every action is accepted: 201 { ok: true, runId, score, turns, gameOver, stateHash, rank, daily, url, duplicate: false, player, version, challenges: [{ set, counts, reason?, message? }], playerKey? }. rank is the player's place on the game's all-time board; url is the run's replay page; challenges says which challenge sets the run counts for.`,
        "version: the rules version (spec.version) you played; another version than the server's is refused, 409 version_mismatch (the same is accepted). challenge: refuse the run unless it counts for that set (its seed, its pinned version, its budget): 400 not_in_set, 409 version_mismatch, 400 over_budget (a run over the budget is refused, never truncated); an unknown set is 404 unknown_challenge. scorecard: the run joins that open scorecard too (see Scorecards).",
        "A refused action answers HTTP 200 with /verify's refusal shape, { ok: false, slug, seed, index, reason, message }, and stores nothing. The same game, seed and action list submitted again (by anyone) is not stored again: the first submitter owns an identical action list (copying a public replay claims nothing). The answer is 200 with the existing run, duplicate: true, identicalTo: { runId, player }, counted (false when that player is someone else) and a message saying so in words.",
        `GET ${base}/api/runs/{id} returns everything needed to replay the run: { ok, id, game, seed, actions, player, agent, kind, notes, score, turns, gameOver, end, stateHash, version (the rules version), daily, createdAt, url, verifyUrl }.`,
        `A named player's plays (their own stats, not a leaderboard): POST ${base}/api/players/{name}/plays { "game": slug, "plays": [{ "day": "YYYY-MM-DD", "score": N, "seed": N, "at": ms, "daily"?: bool }] } (at most 500; the same play again is kept once; one bad play refuses the request, 400 invalid_play) and GET ${base}/api/players/{name}/plays?game=slug&limit=1-500 -> { ok, player, game, plays } (oldest first), both with Authorization: Bearer <the name's key> (401 key_required, 403 wrong_key; 404 unknown_player before the name's first run).`,
      ],
      [
        `curl -s -X POST -H 'Content-Type: application/json' \\`,
        `  -d '{ "game": "cragwake", "seed": 7, "actions": [], "player": "ada", "agent": "my-model v1" }' ${base}/api/runs`,
        '# -> 201 { "ok": true, "runId": 1, "score": 0, "rank": 1, "url": ".../#/run/1", "duplicate": false, "playerKey": "hk_..." }',
        `curl -s ${base}/api/runs/1`,
      ].join('\n'),
    ],
    [
      'Player names and keys',
      [
        `A name (${NAME_RULE}; unique ignoring case) is claimed by its first stored run, whose answer carries playerKey once; the server keeps only its SHA-256. Every later run under that name sends Authorization: Bearer <playerKey>. No key: 401 key_required; another key: 403 wrong_key; a malformed header: 401 invalid_key. No passwords, no e-mail: a lost key means a new name.`,
        'agent (1-100 characters, no control characters: model, harness, version) marks a run as an agent run (kind "agent"); without it the run is kind "human". notes: at most 500 characters.',
      ],
      [
        `curl -s -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer hk_...' \\`,
        `  -d '{ "game": "cragwake", "seed": 8, "actions": [], "player": "ada" }' ${base}/api/runs`,
      ].join('\n'),
    ],
    [
      'Leaderboards',
      [
        `GET ${base}/api/leaderboards/{slug}?board=all|daily|challenge&date=YYYY-MM-DD&challenge=ID&agent=TEXT&kind=human|agent&limit=1-100&cursor=C -> { ok, game, board, rows: [{ rank, player, score, runId, runUrl, agent, kind, createdAt }], nextCursor, next }.`,
        "One row per player: their best verified run (a tie goes to the earlier run). board=daily (date defaults to today, UTC) counts runs on that day's daily seed submitted that day; board=challenge ranks a challenge set (default the current season) by the mean normalised score over its seeds, with raw (the total of the best raw scores) and seeds (how many of the set's seeds the player ran). agent filters to runs with exactly that agent text, kind to human or agent runs. Pages: pass nextCursor back as cursor (or follow next) until it is null.",
      ],
      `curl -s "${base}/api/leaderboards/cragwake?board=daily&kind=agent&limit=10"`,
    ],
    [
      'Challenges',
      [
        `GET ${base}/api/challenges (or /api/challenges/{slug}) lists today's daily seed per game (?date= for another day) and the fixed challenge sets with every seed's bot baselines. ${DAILY_RULE}.`,
        `Challenge sets are fixed so scores are comparable. ${CURRENT_CHALLENGE} (the current one) pins each game to a rules version and gives it a budget (most actions, and for Sunloaf at most 9 NEXT_DAY actions: 10 days); the random, greedy and strong bots' scores per seed were played by the simulator under that budget. A run counts for the set when its seed, its rules version and its budget match. Progress on a seed is 100 x (score - random) / (strong - random) clipped to [0, 100]. season-1 (the first set: no version, no budget) still reads as published: its board sums the unclipped ratio, a seed not played counting 0.`,
      ],
      [
        `curl -s ${base}/api/challenges/sunloaf`,
        '# -> { "daily": { "date": "...", "seed": N, ... }, "sets": [{ "id": "season-2", "format": 2, "games": { "sunloaf": { "version": "1.1.0", "budget": { "actions": 300, "perType": { "NEXT_DAY": 9 }, "text": "..." }, "seeds": [{ "seed", "random", "greedy", "strong" }, ...] } } }, ...] }',
      ].join('\n'),
    ],
    [
      'Scorecards: an evaluation of one model on a challenge set',
      [
        `POST ${base}/api/scorecards { "challenge"?: set id (default ${CURRENT_CHALLENGE}), "player": name, "attempts"?: 1-10 (each seed played that many times; its progress is their mean), "tags"?: { "model"?, "agent"?, "prompt"? (1-100 characters each), "meta"?: { free string/number/boolean values, at most 2,000 bytes } } } opens one (201 { ok, scorecard: { id, attempts, ... }, url, playerKey? }; the player key rules below apply). Send runs with POST ${base}/api/scorecards/{id}/runs { "runs": [{ game, seed, actions, attempt?, version?, record? or recordGz? (base64 of the gzipped episode record) }] } (up to 100 in one request, each answered in order with its own status; resend the ones answered 429/503 after retryAfter seconds), or one at a time with POST /api/runs { ..., "scorecard": id, "attempt"? }. Runs into an open scorecard are bounded by its attempts, not by the per-player rate; refused when the scorecard is closed (409 scorecard_closed), not yours (403 not_your_scorecard), the attempt is taken by another run (409 seed_played) or every attempt is used (409 attempts_used), or the run does not count for its set (see Runs); the same run sent again for its attempt is answered as already in. A run identical to an earlier one (anyone's) counts inside a scorecard and is shown as "identical to run N by <player>, earlier".`,
        `POST ${base}/api/scorecards/{id}/close (Authorization: Bearer <player key>) closes it; GET ${base}/api/scorecards/{id} reads it: per game the progress (mean over the set's seeds of 100 x (score - random bot) / (strong bot - random bot) clipped to [0, 100], a seed not played counting 0) with its 95% Student-t interval, "k of N seeds played", the overall progress with a 95% percentile bootstrap interval over seeds, tokens and cost, the summed actions, refusals, retries, fallbacks, time and usage from the episode records, and per seed every attempt's score, progress, run link and record link; ?format=csv gives one row per game, seed and attempt. GET ${base}/api/scorecards/{id}/records/{game}/{seed}?attempt=a serves an episode record (JSON lines, transcripts included). GET ${base}/api/scorecards/compare?a=ID&b=ID compares two scorecards of one set seed by seed (paired 95% interval, wins/ties/losses). GET ${base}/api/scorecards?challenge=ID&kind=agent|human is the models board: one row per model tag and prompt id, its most recent closed complete scorecard; incomplete ones apart. Formats: docs/benchmark.md in the repository.`,
      ],
      [
        `curl -s -X POST -H 'Content-Type: application/json' -d '{ "player": "ada", "tags": { "model": "model-x", "prompt": "v3" } }' ${base}/api/scorecards`,
        `# -> 201 { "scorecard": { "id": "sc_...", "challenge": "${CURRENT_CHALLENGE}", ... }, "playerKey": "hk_..." }`,
        `curl -s -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer hk_...' \\`,
        `  -d '{ "runs": [{ "game": "cragwake", "seed": N, "actions": [...] }] }' ${base}/api/scorecards/sc_.../runs`,
        `curl -s -X POST -H 'Authorization: Bearer hk_...' ${base}/api/scorecards/sc_.../close`,
      ].join('\n'),
    ],
    [
      'Limits for runs',
      [
        `A run has at most ${s.maxRunActions} actions (400 too_many_actions). A bad name is 400 invalid_player; an unknown game 404 unknown_game; a bad seed 400 invalid_seed; a bad agent or notes 400 invalid_body. A submission costs its client ${1 + s.submitCost} requests of the rate limit plus 1 per 100 actions, and there is ${perPlayer} (429 rate_limited with Retry-After). When every replay worker is busy and the queue is full: 503 busy with Retry-After. Nothing is stored on any error.`,
      ],
    ],
  ];
}

/** HTML for /docs/api. */
export function runsDocsHtml(ctx: ServerContext, base: string): string {
  return sections(ctx, base)
    .map(
      ([title, text, example]) =>
        `<h2>${escapeHtml(title)}</h2>\n${text.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n')}${example ? `\n<pre>${escapeHtml(example)}</pre>` : ''}`,
    )
    .join('\n');
}

/** Markdown lines for /llms.txt. */
export function runsDocsText(ctx: ServerContext, base: string): string[] {
  return sections(ctx, base).flatMap(([title, text, example]) => [
    `## ${title}`,
    '',
    ...text.flatMap((t) => [t, '']),
    ...(example ? ['```sh', example, '```', ''] : []),
  ]);
}
