// pnpm --filter @hearth/sim challenges: plays the shipped random, greedy and strong bots on every seed of each
// season in seasons.ts under the season's budget and writes packages/store/challenges/<id>.json (checked in;
// servers load it into the database at start). Everything written is a pure function of the seeds, the bots,
// the budgets and the rules, so the same commit rewrites the same bytes. Prints each game's progress per bot.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Game } from '@hearth/engine';
import { registry } from '@hearth/games';
import { hash, streamId } from '@hearth/rng';
import { type GameRecord, type PolicyFactory, playSeeds, resolvePolicy } from '../src/index.ts';
import { SEASONS, type SeasonBudget } from './seasons.ts';

const POLICIES = ['random', 'greedy', 'strong'] as const;

/** Thrown by a budgeted policy instead of an action the budget does not allow: the game ends before it. */
class BudgetReached extends Error {
  override name = 'BudgetReached';
}

/** The policy, stopped before any action past a per-type limit (the action cap is playSeeds' maxTurns). */
function budgeted(factory: PolicyFactory, budget: SeasonBudget): PolicyFactory {
  if (!budget.perType) return factory;
  const limits = budget.perType;
  return (seed) => {
    const inner = factory(seed);
    const counts = new Map<string, number>();
    return {
      name: inner.name,
      decide(state, legal) {
        const action = inner.decide(state, legal) as { type?: unknown } | undefined;
        const type = typeof action?.type === 'string' ? action.type : undefined;
        if (type !== undefined && limits[type] !== undefined) {
          const n = (counts.get(type) ?? 0) + 1;
          if (n > limits[type]) throw new BudgetReached(`${type} ${n} > ${limits[type]}`);
          counts.set(type, n);
        }
        return action;
      },
    };
  };
}

function play(game: Game, policy: string, seeds: number[], budget: SeasonBudget): GameRecord[] {
  const t = performance.now();
  const records = playSeeds(game, budgeted(resolvePolicy(game, policy), budget), seeds, { policyName: policy, maxTurns: budget.actions });
  let limited = 0;
  for (const r of records) {
    if (r.end === 'error' && r.error?.startsWith('BudgetReached')) {
      r.end = 'max_turns';
      delete r.error;
      limited++;
    }
  }
  const bad = records.find((x) => x.end === 'error' || x.end === 'refused');
  if (bad) throw new Error(`${game.slug}/${policy} seed ${bad.seed} ended in ${bad.end}: ${bad.error ?? bad.refusal}`);
  const capped = records.filter((r) => r.end === 'max_turns').length - limited;
  const longest = Math.max(...records.map((r) => r.turns));
  process.stderr.write(
    `challenges: ${game.slug} ${policy} x ${seeds.length}: ${((performance.now() - t) / 1000).toFixed(1)} s, longest ${longest} actions, ${capped} stopped by the action cap, ${limited} by a per-type limit\n`,
  );
  if (policy === 'strong' && capped > 0)
    throw new Error(`${game.slug}: the strong bot hit the ${budget.actions}-action cap on ${capped} seeds: raise the budget`);
  return records;
}

const progress = (score: number, random: number, strong: number) =>
  strong > random ? Math.min(100, Math.max(0, (100 * (score - random)) / (strong - random))) : score >= strong ? 100 : 0;

for (const season of SEASONS) {
  const games: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const slug of registry.slugs) {
    const budget = season.budgets[slug];
    if (!budget) continue;
    const game = await registry.load(slug);
    if (!game) throw new Error(`the registry has no ${slug}`);
    // The set's seeds: hash(streamId(id), streamId(slug), i) for i = 0..count-1, as u32.
    const seeds = Array.from({ length: season.seedsPerGame }, (_, i) => hash(streamId(season.id), streamId(slug), i));
    const scores: Record<string, Map<number, number>> = {};
    for (const policy of POLICIES) {
      const records = play(game, policy, seeds, budget);
      scores[policy] = new Map(records.map((r) => [r.seed, r.score]));
    }
    const rows = seeds.map((seed) => ({
      seed,
      random: scores.random!.get(seed) ?? 0,
      greedy: scores.greedy!.get(seed) ?? 0,
      strong: scores.strong!.get(seed) ?? 0,
    }));
    games[slug] = { version: game.spec.version, budget, seeds: rows };
    const greedy = rows.reduce((a, r) => a + progress(r.greedy, r.random, r.strong), 0) / rows.length;
    lines.push(`${slug} ${game.spec.version}, ${budget.text}: random 0.0, greedy ${greedy.toFixed(1)}, strong 100.0`);
  }
  const set = { id: season.id, title: season.title, description: season.description, format: 2, games };
  const out = fileURLToPath(new URL(`../../store/challenges/${season.id}.json`, import.meta.url));
  writeFileSync(out, `${JSON.stringify(set, null, 2)}\n`);
  process.stderr.write(`challenges: wrote ${out}\n${season.id} progress (mean over seeds, clipped 0-100):\n${lines.join('\n')}\n`);
}
