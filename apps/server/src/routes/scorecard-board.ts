// The models board (GET /api/scorecards) and the paired comparison of two scorecards on one set
// (GET /api/scorecards/compare).
import {
  type ChallengeSet,
  CURRENT_CHALLENGE,
  overallInterval,
  type PlayerKind,
  pairedComparison,
  type Scorecard,
  type ScorecardEntry,
  textSeed,
} from '@hearth/store';
import { type Answer, fail, isAnswer, json } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import { scorecardUrl, unknownChallenge } from './runs.ts';
import { BOARD_SCORECARDS, type ScorecardDeps } from './scorecard-deps.ts';
import { type ScorecardReport, scorecardReport } from './scorecard-report.ts';

const rowKey = (card: Scorecard) =>
  card.kind === 'agent'
    ? `agent\n${card.tags.model ?? card.tags.agent ?? ''}\n${card.tags.prompt ?? ''}`
    : `human\n${card.player.toLowerCase()}`;

/** GET /api/scorecards?challenge=&kind=&limit=: one row per model and prompt, its latest closed complete scorecard. */
export async function scorecardBoard(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const challenge = x.query('challenge') ?? CURRENT_CHALLENGE;
  const set = d.sets.get(challenge);
  if (!set) return unknownChallenge(challenge, d.sets);
  const kind = x.query('kind') as PlayerKind | undefined;
  if (kind !== undefined && kind !== 'agent' && kind !== 'human') return fail(400, 'invalid_query', 'kind must be agent or human');
  const rawLimit = x.query('limit') ?? '20';
  const limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
  if (limit < 1 || limit > 100) return fail(400, 'invalid_query', 'limit must be an integer from 1 to 100');
  const base = d.ctx.baseUrl(x);
  const cards = (await d.store.scorecards.closed(challenge, BOARD_SCORECARDS)).filter((card) => kind === undefined || card.kind === kind);
  // Most recent close first: a row is its model's (or person's) latest closed complete scorecard, never its best.
  cards.sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0) || (a.id < b.id ? -1 : 1));
  const latest = new Map<string, { card: Scorecard; entries: ScorecardEntry[] }>();
  const earlier = new Map<string, Array<{ card: Scorecard; entries: ScorecardEntry[]; complete: boolean }>>();
  const incomplete: Array<{ card: Scorecard; entries: ScorecardEntry[] }> = [];
  for (const card of cards) {
    const entries = await d.entriesOf(card);
    const complete = scorecardReport(base, card, set, entries, { overall: false }).complete;
    const key = rowKey(card);
    if (complete && !latest.has(key)) latest.set(key, { card, entries });
    else earlier.set(key, [...(earlier.get(key) ?? []), { card, entries, complete }]);
    if (!complete) incomplete.push({ card, entries });
  }
  const brief = (card: Scorecard, report: ScorecardReport) => ({
    scorecard: card.id,
    model: card.tags.model,
    prompt: card.tags.prompt,
    promptHash: typeof card.tags.meta.promptHash === 'string' ? card.tags.meta.promptHash : null,
    agent: card.tags.agent,
    player: card.player,
    kind: card.kind,
    attempts: card.attempts,
    progress: report.progress,
    runs: report.totals.runs,
    runsExpected: report.runsExpected,
    complete: report.complete,
    url: scorecardUrl(base, card.id),
    page: `${base}/#/scorecards/${card.id}`,
    closedAt: new Date(card.closedAt ?? 0).toISOString(),
  });
  const rows = [...latest.entries()]
    .map(([key, { card, entries }]) => ({ key, card, report: scorecardReport(base, card, set, entries) }))
    .sort((a, b) => b.report.progress - a.report.progress || (b.card.closedAt ?? 0) - (a.card.closedAt ?? 0))
    .slice(0, limit)
    .map(({ key, card, report }, i) => ({
      rank: i + 1,
      ...brief(card, report),
      interval: report.interval,
      games: Object.fromEntries(
        report.games.map((g) => [g.game, { progress: g.progress, interval: g.interval, played: g.played, seeds: g.seeds }]),
      ),
      tokens: { input: report.totals.usage.input, output: report.totals.usage.output },
      cost: report.cost,
      identical: report.identical,
      refusals: report.totals.refusals,
      retries: report.totals.retries,
      fallbacks: report.totals.fallbacks,
      earlier: (earlier.get(key) ?? []).map((e) => brief(e.card, scorecardReport(base, e.card, set, e.entries, { overall: false }))),
    }));
  return json({
    ok: true,
    challenge,
    kind: kind ?? 'all',
    ranking:
      'one row per model tag and prompt id (people: per player): its most recent closed complete scorecard (every seed of every game played k times), ranked by overall progress (the mean of the games); earlier scorecards are listed under the row, incomplete ones apart',
    interval: rows[0]?.interval?.method ?? null,
    identical:
      'a run identical to one stored earlier (by anyone) counts inside a scorecard and is disclosed: per seed "identical to run N by P, earlier", and counted here',
    rows,
    incomplete: incomplete
      .slice(0, limit)
      .map(({ card, entries }) => brief(card, scorecardReport(base, card, set, entries, { overall: false }))),
  });
}

/** GET /api/scorecards/compare?a=&b=: two scorecards on one set, seed by seed, with a paired interval. */
export async function compareScorecards(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const ids = [x.query('a') ?? '', x.query('b') ?? ''];
  if (!ids[0] || !ids[1]) return fail(400, 'invalid_query', 'compare needs ?a=<scorecard id>&b=<scorecard id>');
  const found = [];
  for (const id of ids) {
    const f = await d.find(id);
    if (isAnswer(f)) return f;
    found.push(f);
  }
  const [a, b] = found as [{ card: Scorecard; set: ChallengeSet }, { card: Scorecard; set: ChallengeSet }];
  if (a.card.challenge !== b.card.challenge)
    return fail(
      409,
      'different_sets',
      `${a.card.id} is on ${a.card.challenge} and ${b.card.id} on ${b.card.challenge}: a paired comparison needs the same set`,
    );
  const base = d.ctx.baseUrl(x);
  const ra = scorecardReport(base, a.card, a.set, await d.entriesOf(a.card));
  const rb = scorecardReport(base, b.card, b.set, await d.entriesOf(b.card));
  const games = ra.games.map((ga) => {
    const gb = rb.games.find((g) => g.game === ga.game)!;
    const pa = ga.perSeed.map((s) => s.progress);
    const pb = gb.perSeed.map((s) => s.progress);
    const p = pairedComparison(pa, pb);
    return {
      game: ga.game,
      a: ga.progress,
      b: gb.progress,
      difference: p.difference,
      interval: { low: p.low, high: p.high, method: p.method },
      wins: p.wins,
      ties: p.ties,
      losses: p.losses,
      seeds: p.seeds,
      complete: { a: ga.complete, b: gb.complete },
      perSeed: ga.perSeed.map((s, i) => ({ seed: s.seed, a: s.progress, b: pb[i]!, difference: s.progress - pb[i]! })),
    };
  });
  const overall = overallInterval(
    games.map((g) => ({ perSeed: g.perSeed.map((s) => ({ progress: s.difference })) })),
    textSeed(`${a.card.id}\n${b.card.id}`),
  );
  const side = (r: ScorecardReport) => ({
    id: r.scorecard.id,
    model: r.scorecard.tags.model,
    prompt: r.scorecard.tags.prompt,
    player: r.scorecard.player,
    attempts: r.scorecard.attempts,
    closed: r.scorecard.closed,
    complete: r.complete,
    progress: r.progress,
    url: r.scorecard.url,
  });
  return json({
    ok: true,
    set: ra.set,
    a: side(ra),
    b: side(rb),
    difference: ra.progress - rb.progress,
    interval: { low: overall.low, high: overall.high, method: `${overall.method.replace('means', 'differences')} (per seed A - B)` },
    wins: games.reduce((n, g) => n + g.wins, 0),
    ties: games.reduce((n, g) => n + g.ties, 0),
    losses: games.reduce((n, g) => n + g.losses, 0),
    games,
  });
}
