// The engines' public act on ordinary steps, the cost every action request pays before any HTTP (issue 26):
// for every game, CPU per step of the trusted path with the observation (what the server runs on a sealed
// state), of the validating path (parseState first: an unsealed state), and of the lean path (no observation),
// printed beside the targets (trusted < 30 us, validating < 60 us). The steps are the later halves of games played
// by each game's strongest shipped policy (the bench's recorded traffic); each step is timed over REPEAT calls
// and the median step is reported, so a rare expensive step (Lantern Volley's wave clear, which generates the next
// wave) is not an ordinary one. Sides alternate, each going first in turn, after 40 warm-up passes.
// Run: npx tsx bench/act.bench.ts (part of pnpm bench).
import { Session } from 'node:inspector/promises';
import type { Game } from '@hearth/engine';
import { registry } from '@hearth/games';
import { type Figure, passes, printFigures, profileSummary } from './report.ts';
import { playedSteps } from './traffic.ts';

const REPEAT = Number(process.env.ACT_REPEAT ?? 20);
const WARMUP = Number(process.env.ACT_WARMUP ?? 40);
/** Measured passes over the steps: the median is taken over every step of every pass. */
const PASSES = Number(process.env.ACT_PASSES ?? 4);
const TARGET = { trusted: 30, validating: 60 };

type Side = 'trusted' | 'validating' | 'lean';
const OPTIONS: Record<Side, { trusted?: boolean; lean?: true }> = {
  trusted: { trusted: true },
  validating: {},
  lean: { trusted: true, lean: true },
};

/** CPU microseconds of one call, the mean over REPEAT calls. */
function cpuPerCall(game: Game, state: unknown, action: unknown, side: Side): number {
  const options = OPTIONS[side];
  const t = process.cpuUsage();
  for (let i = 0; i < REPEAT; i++) game.act(state, action, options);
  const d = process.cpuUsage(t);
  return (d.user + d.system) / REPEAT;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const fmt = (n: number) => n.toFixed(1).padStart(9);

console.log(`engine act per ordinary step, CPU us (median step over the later half of policy play; ${REPEAT} calls per step)`);
console.log(
  `${'game'.padEnd(16)}${['steps', 'trusted', 'p90', 'target', 'valid.', 'p90', 'target', 'lean', 'p90'].map((h) => h.padStart(9)).join('')}`,
);
const figures: Figure[] = [];
const loaded: { game: Game; steps: { state: unknown; action: unknown }[] }[] = [];
for (const slug of registry.slugs) {
  const game = (await registry.load(slug))!;
  // States as the server holds them: parsed from JSON (the engine state as the wire carries it, parsed afresh).
  const steps = playedSteps(game).map(({ state, action }) => ({ state: JSON.parse(JSON.stringify(state)), action }));
  const sides: Side[] = ['trusted', 'validating', 'lean'];
  // Warm-up: every side over every step, WARMUP times, so the optimising compiler has settled before the clock runs
  // (process CPU time counts its threads too, and one pass left some of the lean path's compiling in the measurement).
  for (let w = 0; w < WARMUP; w++) for (const { state, action } of steps) for (const side of sides) game.act(state, action, OPTIONS[side]);
  const per: Record<Side, number[]> = { trusted: [], validating: [], lean: [] };
  // The sides take turns going first (rotated step by step), so none always pays for the garbage of the one before.
  for (let pass = 0; pass < PASSES; pass++)
    for (const [i, { state, action }] of steps.entries())
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(i + k) % sides.length]!;
        per[side].push(cpuPerCall(game, state, action, side));
      }
  const [t, v, l] = sides.map((s) => quantile(per[s], 0.5)) as [number, number, number];
  console.log(
    `${slug.padEnd(16)}${String(steps.length).padStart(9)}${fmt(t)}${fmt(quantile(per.trusted, 0.9))}${fmt(TARGET.trusted)}${fmt(v)}${fmt(quantile(per.validating, 0.9))}${fmt(TARGET.validating)}${fmt(l)}${fmt(quantile(per.lean, 0.9))}`,
  );
  figures.push({ name: `${slug}: act, trusted path (median step)`, value: t, unit: 'us', target: TARGET.trusted, want: 'below' });
  figures.push({ name: `${slug}: act, validating path (median step)`, value: v, unit: 'us', target: TARGET.validating, want: 'below' });
  // The lean path should cost no more than the trusted path it replaces (it computes no observation).
  figures.push({ name: `${slug}: act, lean path (median step)`, value: l, unit: 'us', target: Math.max(t, 0.1), want: 'below' });
  loaded.push({ game, steps });
}
printFigures("engine act figures (the lean target is the same game's trusted figure)", figures);

// Where the time goes on a missed figure: a CPU profile of that game and side over its steps.
const session = new Session();
session.connect();
await session.post('Profiler.enable');
for (const f of figures.filter((x) => !passes(x))) {
  const slug = f.name.slice(0, f.name.indexOf(':'));
  const side: Side = f.name.includes('validating') ? 'validating' : f.name.includes('lean') ? 'lean' : 'trusted';
  const { game, steps } = loaded.find((x) => x.game.slug === slug)!;
  await session.post('Profiler.start');
  for (let k = 0; k < 20; k++) for (const { state, action } of steps) game.act(state, action, OPTIONS[side]);
  const { profile } = await session.post('Profiler.stop');
  console.log(`\nCPU profile, ${slug} ${side} act over its steps (missed: ${f.name}):`);
  for (const l of profileSummary(profile as never, 10)) console.log(l);
}
session.disconnect();
