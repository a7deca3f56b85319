// The engines' public act on ordinary steps, the cost every action request pays before any HTTP (issue 26):
// for every game, CPU per step of the trusted path with the observation (what the server runs on a sealed
// state), of the validating path (parseState first: an unsealed state), and of the lean path (no observation),
// printed beside the targets (trusted < 30 us, validating < 60 us). The steps are the later halves of games played
// by each game's strongest shipped policy (the bench's recorded traffic); each step is timed over REPEAT calls
// and the median step is reported, so a rare expensive step (Lantern Volley's wave clear, which generates the next
// wave) is not an ordinary one. Sides alternate, after a warm-up pass.
// Run: npx tsx bench/act.bench.ts (part of pnpm bench).
import type { Game } from '@hearth/engine';
import { registry } from '@hearth/games';
import { playedSteps } from './traffic.ts';

const REPEAT = Number(process.env.ACT_REPEAT ?? 20);
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
const missed: string[] = [];
for (const slug of registry.slugs) {
  const game = (await registry.load(slug))!;
  // States as the server holds them: parsed from JSON (the engine state as the wire carries it, parsed afresh).
  const steps = playedSteps(game).map(({ state, action }) => ({ state: JSON.parse(JSON.stringify(state)), action }));
  const sides: Side[] = ['trusted', 'validating', 'lean'];
  for (const { state, action } of steps) for (const side of sides) game.act(state, action, OPTIONS[side]);
  const per: Record<Side, number[]> = { trusted: [], validating: [], lean: [] };
  for (const { state, action } of steps) for (const side of sides) per[side].push(cpuPerCall(game, state, action, side));
  const [t, v, l] = sides.map((s) => quantile(per[s], 0.5)) as [number, number, number];
  console.log(
    `${slug.padEnd(16)}${String(steps.length).padStart(9)}${fmt(t)}${fmt(quantile(per.trusted, 0.9))}${fmt(TARGET.trusted)}${fmt(v)}${fmt(quantile(per.validating, 0.9))}${fmt(TARGET.validating)}${fmt(l)}${fmt(quantile(per.lean, 0.9))}`,
  );
  if (t >= TARGET.trusted) missed.push(`${slug} trusted ${t.toFixed(1)} us (target < ${TARGET.trusted})`);
  if (v >= TARGET.validating) missed.push(`${slug} validating ${v.toFixed(1)} us (target < ${TARGET.validating})`);
}
console.log(missed.length === 0 ? 'every game meets both act targets' : `missed: ${missed.join('; ')}`);
