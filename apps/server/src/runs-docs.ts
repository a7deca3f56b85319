// The runs, keys, leaderboards and challenges sections of /docs/api and /llms.txt, with worked curl examples.
import { NAME_RULE } from '@hearth/store';
import type { ServerContext } from './context.ts';
import { DAILY_RULE } from './routes/challenges.ts';

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
        `POST ${base}/api/runs with { "game": slug, "seed": N, "actions": [...], "player": name, "agent"?: text, "notes"?: text }. The server replays the actions (on a worker thread) and stores the run only when every action is accepted: 201 { ok: true, runId, score, turns, gameOver, stateHash, rank, daily, url, duplicate: false, player, playerKey? }. rank is the player's place on the game's all-time board; url is the run's replay page.`,
        "A refused action answers HTTP 200 with /verify's refusal shape, { ok: false, slug, seed, index, reason, message }, and stores nothing. The same game, seed and action list submitted again (by anyone) answers 200 with the existing run and duplicate: true.",
        `GET ${base}/api/runs/{id} returns everything needed to replay the run: { ok, id, game, seed, actions, player, agent, kind, notes, score, turns, gameOver, end, stateHash, version (the rules version), daily, createdAt, url, verifyUrl }.`,
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
        "Challenge sets (season-1: 20 seeds per game) are fixed so scores are comparable. A seed's normalised score is 100 x (your best score - the shipped random bot's) / (the strong bot's - the random bot's), both bots played by the simulator on that seed; a seed not played counts 0. The random bot scores 0, the strong bot 100, which makes the four games a benchmark for agents.",
      ],
      [
        `curl -s ${base}/api/challenges/sunloaf`,
        '# -> { "daily": { "date": "...", "seed": N, "initUrl": ".../init?seed=N", ... }, "sets": [{ "id": "season-1", "games": { "sunloaf": { "seeds": [{ "seed", "random", "strong" }, ...] } } }] }',
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
