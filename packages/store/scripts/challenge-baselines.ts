// pnpm --filter @hearth/store challenges: plays the shipped random and strong bots on every seed of the fixed
// challenge sets and writes challenges/<id>.json (checked in; the server loads it into the database at start).
// Everything written is a pure function of the seeds, the bots and the rules, so the same commit rewrites the
// same bytes. CHALLENGE_WORKERS sets the worker threads (default 2).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games';
import { hash, streamId } from '@hearth/rng';
// The simulator's public API (its package index); relative because @hearth/store does not depend on @hearth/sim
// at run time: only this script needs it.
import { devWorkerUrl, type GameRecord, runSim } from '@hearth/sim';
import type { ChallengeSet } from '../src/types.ts';
import { CHALLENGE_MAX_TURNS, SEASONS } from './seasons.ts';

const workers = Number(process.env.CHALLENGE_WORKERS ?? 2);
const workerUrl = await devWorkerUrl();

async function play(game: string, policy: string, seeds: number[]): Promise<GameRecord[]> {
  const t = performance.now();
  const r = await runSim({ game, policy: { kind: 'name', name: policy }, seeds, workerUrl, workers, maxTurns: CHALLENGE_MAX_TURNS });
  process.stderr.write(`challenges: ${game} ${policy} x ${seeds.length}: ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  const bad = r.records.find((x) => x.end === 'error' || x.end === 'refused');
  if (bad) throw new Error(`${game}/${policy} seed ${bad.seed} ended in ${bad.end}: ${bad.error ?? bad.refusal}`);
  return r.records;
}

for (const season of SEASONS) {
  const set: ChallengeSet = { id: season.id, title: season.title, description: season.description, games: {} };
  for (const slug of registry.slugs) {
    // The set's seeds: hash(streamId(id), streamId(slug), i) for i = 0..count-1, as u32.
    const seeds = Array.from({ length: season.seedsPerGame }, (_, i) => hash(streamId(season.id), streamId(slug), i));
    const score = (records: GameRecord[]) => new Map(records.map((r) => [r.seed, r.score]));
    const random = score(await play(slug, 'random', seeds));
    const strong = score(await play(slug, 'strong', seeds));
    set.games[slug] = seeds.map((seed) => ({ seed, random: random.get(seed) ?? 0, strong: strong.get(seed) ?? 0 }));
  }
  const out = fileURLToPath(new URL(`../challenges/${season.id}.json`, import.meta.url));
  writeFileSync(out, `${JSON.stringify(set, null, 2)}\n`);
  process.stderr.write(`challenges: wrote ${out}\n`);
}
