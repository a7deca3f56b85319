// pnpm calibrate: plays the bots named in the design documents' claims and writes docs/calibration.md.
// Everything in the page is a pure function of the seeds, the policies and the rules (no timings), so
// running the same command on the same commit rewrites the same bytes. CALIBRATE_SCALE=2 doubles every
// seed count; CALIBRATE_WORKERS sets the worker count (default: all cores).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games';
import { devWorkerUrl, type GameRecord, quantile, runSim, summarize } from '../src/index.ts';

const scale = Number(process.env.CALIBRATE_SCALE ?? 1);
const workers = Number(process.env.CALIBRATE_WORKERS ?? availableParallelism());
const workerUrl = await devWorkerUrl();
const out = fileURLToPath(new URL('../../../docs/calibration.md', import.meta.url));
const seedsOf = (n: number) => Array.from({ length: Math.max(1, Math.round(n * scale)) }, (_, i) => i + 1);

async function play(game: string, policy: string, count: number, maxTurns: number): Promise<GameRecord[]> {
  const seeds = seedsOf(count);
  process.stderr.write(`calibrate: ${game} ${policy} on ${seeds.length} seeds...`);
  const t = performance.now();
  const r = await runSim({ game, policy: { kind: 'name', name: policy }, seeds, workerUrl, workers, maxTurns });
  process.stderr.write(` ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  const bad = r.records.filter((x) => x.end === 'error' || x.end === 'refused');
  if (bad.length) throw new Error(`${game}/${policy}: ${bad.length} games ended in ${bad[0]!.end}: ${bad[0]!.error ?? bad[0]!.refusal}`);
  return r.records;
}

const f0 = (x: number) => (Number.isNaN(x) ? '-' : Math.round(x).toLocaleString('en-US'));
const f1 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const stat = (r: GameRecord, key: string) => Number(r.stats[key] ?? Number.NaN);

function distribution(values: number[], fmt: (x: number) => string) {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return {
    mean,
    cells: [fmt(mean), fmt(quantile(s, 0.5)), fmt(quantile(s, 0.1)), fmt(quantile(s, 0.9)), fmt(s[0]!), fmt(s[s.length - 1]!)],
  };
}
/** A Markdown table laid out the way the repository's formatter (Biome) writes it: first column left, the rest right. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => r[i]!.length)));
  const cell = (c: string, i: number) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
const DIST = ['mean', 'median', 'p10', 'p90', 'min', 'max'];

const sections: string[] = [];
const missing: string[] = [];
const has = (slug: string) => {
  if (!registry.has(slug)) missing.push(slug);
  return registry.has(slug);
};

if (has('lantern-volley')) {
  const recs = await play('lantern-volley', 'strong', 60, 1000);
  const scores = recs.map((r) => r.score);
  const d = distribution(scores, f0);
  const inside = scores.filter((s) => s >= 9000 && s <= 12000).length / scores.length;
  const above = scores.filter((s) => s > 12000).length / scores.length;
  const won = recs.filter((r) => stat(r, 'wavesCleared') === 8).length / recs.length;
  const below = scores.filter((s) => s < 9000).length / scores.length;
  const shares = `${pct(inside)} of its rounds fall inside 9,000 to 12,000, ${pct(above)} above and ${pct(below)} below`;
  const verdict =
    inside >= 0.5
      ? `Matches: the strong bot's median is ${d.cells[1]}; ${shares}.`
      : `Misses: the strong bot's median is ${d.cells[1]}; only ${shares}.${above > 0.5 ? " The document's range describes a weaker player than an exact per-wave search." : ''}`;
  sections.push(`## Lantern Volley: the strong bot against "a realistic skilled round is 9,000 to 12,000"

Strong bot: the game's own \`solver\` (exact search per wave over the 1,501 angles). ${recs.length} rounds, seeds 1..${recs.length}; it cleared all 8 waves in ${pct(won)} of them.

${table(['policy', 'rounds', ...DIST, 'in 9,000..12,000', 'above 12,000'], [['strong', String(recs.length), ...d.cells, pct(inside), pct(above)]])}

**${verdict.trim()}**`);
}

if (has('stormlark')) {
  // 200 seeds: issue 17 asks for the ratio over at least 200 (the pair costs about a minute of CPU).
  const dodge = await play('stormlark', 'dodge-only', 200, 20000);
  const clear = await play('stormlark', 'strong', 200, 20000);
  const dd = distribution(
    dodge.map((r) => r.score),
    f0,
  );
  const dc = distribution(
    clear.map((r) => r.score),
    f0,
  );
  const ratio = dd.mean / dc.mean;
  const paired = dodge.map((r, i) => r.score / Math.max(1, clear[i]!.score)).sort((a, b) => a - b);
  const reach = (rs: GameRecord[]) => f1(rs.reduce((a, r) => a + stat(r, 'reachesCleared'), 0) / rs.length);
  const verdict =
    ratio >= 0.15 && ratio <= 0.25
      ? `Matches: dodging alone earns ${pct(ratio)} of what the clearing bot scores (the document says about a fifth).`
      : `Misses: dodging alone earns ${pct(ratio)} of what the clearing bot scores (mean against mean; the median of the per-seed ratios is ${pct(quantile(paired, 0.5))}), ${ratio < 0.15 ? 'well under' : 'well over'} the document's "about a fifth".`;
  sections.push(`## Stormlark: dodge-only against a clearing bot, vs "about a fifth"

Both bots are the game's own policies (\`game.policies\` of packages/stormlark, resolved through the registry): the same exhaustive 4-ply lookahead through the rules, with the same leaf value (hull far above points), always flying on at a Gate and playing until the hull runs out; \`dodge-only\` never searches FIRE, \`strong\` does. ${dodge.length} runs each, seeds 1..${dodge.length}.

${table(
  ['policy', 'runs', ...DIST, 'reaches cleared (mean)', 'turns (mean)'],
  [
    ['dodge-only', String(dodge.length), ...dd.cells, reach(dodge), f0(summarize(dodge).meanTurns)],
    ['strong (clears)', String(clear.length), ...dc.cells, reach(clear), f0(summarize(clear).meanTurns)],
  ],
)}

**${verdict}**`);
}

if (has('cragwake')) {
  const rows: string[][] = [];
  let strongPitches: number[] = [];
  for (const policy of ['game:greedy', 'strong']) {
    const recs = await play('cragwake', policy, policy === 'strong' ? 16 : 40, 100000);
    const pitches = recs.map((r) => stat(r, 'pitchesCompleted'));
    if (policy === 'strong') strongPitches = pitches;
    rows.push([policy, String(recs.length), ...distribution(pitches, f1).cells, f0(summarize(recs).mean)]);
  }
  // Reaching pitch 34 (climbing it) means 33 completed.
  const past = strongPitches.filter((p) => p >= 33).length / strongPitches.length;
  sections.push(`## Cragwake: pitches reached by the strong bot

Strong bot: rollouts over the game's own greedy climber (each candidate move is played out 12 turns and valued by score plus 15 per stamina left, with running dry penalised). Pitches completed per run; the document says difficulty rises until pitch 34 and holds there. \`game:greedy\` is the game's shipped greedy climber, for reference.

${table(['policy', 'runs', ...DIST.map((h) => `pitches ${h}`), 'mean score'], rows)}

**The strong bot completes a median of ${f1(
    quantile(
      [...strongPitches].sort((a, b) => a - b),
      0.5,
    ),
  )} pitches; ${pct(past)} of its runs reach pitch 34, where the wall stops getting harder.** The document makes no numeric claim about how far a strong climber gets, so there is nothing to miss here.`);
}

// A reference run that meets every quota never ends; the cap keeps the page a few minutes' work (about 1,300 days).
const SUNLOAF_TURNS = 20_000;
if (has('sunloaf')) {
  const rows: string[][] = [];
  const medians: Record<string, number> = {};
  let referenceRuns: GameRecord[] = [];
  // Sunloaf's strong bot is its reference policy (policies.strong is policies.reference), so only the reference is played.
  for (const [policy, count] of [['reference', 24]] as const) {
    const recs = await play('sunloaf', policy, count, SUNLOAF_TURNS);
    referenceRuns = recs;
    const days = recs.map((r) => stat(r, 'daysCompleted'));
    medians[policy] = quantile(
      [...days].sort((a, b) => a - b),
      0.5,
    );
    rows.push([policy, String(recs.length), ...distribution(days, f1).cells, f0(summarize(recs).mean)]);
  }
  // The day each reference run failed: what it earned that day against the day's par and quota.
  const failed = referenceRuns.filter((r) => r.stats.outcome === 'quota_missed');
  const failRows = failed
    .slice(0, 8)
    .map((r) => [
      String(r.seed),
      String(stat(r, 'day')),
      f0(stat(r, 'dayCosyRaw')),
      f0(stat(r, 'dayPar')),
      f0(stat(r, 'dayQuota')),
      String(stat(r, 'quotaRatio')),
    ]);
  const belowPar = failed.filter((r) => stat(r, 'dayCosyRaw') < stat(r, 'dayPar')).length;
  const capped = referenceRuns.filter((r) => r.end === 'max_turns').length;
  const quota =
    failed.length === 0
      ? `No reference run missed a quota: all ${referenceRuns.length} were still playing when the ${SUNLOAF_TURNS.toLocaleString('en-US')}-turn cap stopped them (${capped} capped). The quota is at most 95% of dayPar, dayPar is the reference's own raw cosy for the room, and the reference meets it from every state it reaches, as the document's framing needs.`
      : `The quota is at most 95% of dayPar, and dayPar is the reference policy's own raw cosy for the room (per Sunloaf's served decisions). Yet ${failed.length} of ${referenceRuns.length} reference runs ended on a missed quota, and in ${belowPar} of them the reference earned less than its own par on the day it failed. The first failing days:\n\n${table(['seed', 'day', 'raw cosy that day', 'dayPar', 'quota', 'ratio'], failRows)}`;
  sections.push(`## Sunloaf: days reached by the reference policy

\`reference\` is the game's own reference policy (the planner whose honest score sets every dayPar), and also the simulator's \`strong\` for Sunloaf (rollouts over it lost every run to a missed quota once the reference met its own). Days completed per run (a run ends at the first missed quota or at the ${SUNLOAF_TURNS.toLocaleString('en-US')}-turn cap; the reference never ends a run by choice).

${table(['policy', 'runs', ...DIST.map((h) => `days ${h}`), 'mean score'], rows)}

**The reference policy completes a median of ${f1(medians.reference!)} days.**

${quota}`);
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

const page = `# Calibration against the design documents

Generated by \`pnpm calibrate\` (in packages/sim: \`npx tsx scripts/calibrate.ts\`) at commit ${commit}${scale !== 1 ? `, CALIBRATE_SCALE=${scale}` : ''}. Every figure is a pure function of the seeds, the policies and the rules, so the same command on the same commit writes the same page. Seeds start at 1; "p10"/"p90" are linearly interpolated percentiles.
${missing.length ? `\nNot calibrated (not registered when this ran): ${missing.join(', ')}.\n` : ''}
${sections.join('\n\n')}
`;
writeFileSync(out, page);
process.stderr.write(`calibrate: wrote ${out}\n`);
