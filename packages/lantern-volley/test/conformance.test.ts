// The shared conformance suite, with Lantern Volley's own invariants, sampled angles and forged states.
import { fileURLToPath } from 'node:url';
import { readGoldens, runConformance, verifyGolden } from '@hearth/conformance';
import type { Stream } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { BRAZIER, EVENT_CAP, waveRow } from '../src/constants.ts';
import { gameModule, type LanternVolleyGame, type State } from '../src/index.ts';
import { forgedStates } from './forged-states.ts';

// pnpm mutate runs these checks against every surviving mutant; it sets HEARTH_MUTATE=1 for a tenth of the volume
// (the same checks, forged states and goldens over fewer seeds; see the README's "Rule-bearing files").
const MUTATE = process.env.HEARTH_MUTATE === '1';

const goldenDir = fileURLToPath(new URL('../golden', import.meta.url));
let game: LanternVolleyGame;

runConformance({
  label: 'lantern-volley',
  canonicalOrder: true,
  load: async () => {
    game = await gameModule.load();
    return game;
  },
  seeds: MUTATE ? 20 : 200,
  ...(MUTATE ? { probeStates: 30 } : {}),
  maxTurns: MUTATE ? 200 : 400,
  emptyLegalActions: true,
  extraFields: 'refused',
  goldenDir,
  // Random angles (on and off the 0.1-degree grid), the quantization edges, one out of range, and the solver's pick
  // so that random play also reaches later waves.
  sampleActions: (state: State, stream: Stream) => [
    { type: 'SHOOT', angleDeg: (150 + stream.below(1501)) / 10 },
    { type: 'SHOOT', angleDeg: 14.95 + stream.below(1_000_000) * 0.00015 },
    { type: 'SHOOT', angleDeg: stream.percent(50) ? 14.96 : 165.04 },
    { type: 'SHOOT', angleDeg: stream.percent(50) ? 14.94 : 165.05 },
    game.policies.solver!(0).decide(state, []),
    game.policies.solver!(0).decide(state, []),
  ],
  invariants: (prev: State, action: { angleDeg: number }, next: State, response) => {
    const out: string[] = [];
    const shot = next.lastShot;
    if (!shot) return ['no lastShot after a shot'];
    if (JSON.stringify((response as any).lastShot) !== JSON.stringify(shot)) out.push('response.lastShot differs from state.lastShot');
    if (shot.angleDeg !== Math.round(action.angleDeg * 10) / 10) out.push(`angle ${shot.angleDeg} is not ${action.angleDeg} quantized`);
    if (next.score !== prev.score + shot.points) out.push('score did not grow by lastShot.points');
    if (next.shots !== prev.shots + 1) out.push('shots did not grow by one');
    if (shot.wave !== prev.wave) out.push('lastShot.wave is not the wave it was fired in');
    if (shot.events.length > EVENT_CAP) out.push('more than 64 events');
    const start = shot.path[0]!;
    if (start.x !== BRAZIER.x || start.y !== BRAZIER.y) out.push('path does not start at the brazier');
    const last = shot.events[shot.events.length - 1]!;
    const end = shot.path[shot.path.length - 1]!;
    if (end.x !== last.x || end.y !== last.y) out.push('path does not end at the terminal event');
    const cap = waveRow(prev.wave).bounceCap;
    let distance = 0;
    let bounces = 0;
    let chain = 0;
    const litNow = [...prev.lit];
    for (const e of shot.events) {
      if (e.distance < distance) out.push('distance went down');
      distance = e.distance;
      if (e.type === 'bounce') bounces++;
      if (e.bounces !== bounces) out.push(`event bounces ${e.bounces}, counted ${bounces}`);
      if (e.type === 'light') {
        chain++;
        if (e.chain !== chain || e.points !== 100 * chain + 40 * Math.min(5, bounces)) out.push('light scored wrongly');
      }
      if (e.type === 'gong' && e.points !== 25) out.push('gong did not score 25');
    }
    if (bounces > cap) out.push(`${bounces} bounces over the cap ${cap}`);
    if (shot.path.length !== bounces + 2) out.push('path length is not bounces + 2');
    const lights = shot.events.filter((e) => e.type === 'light').length;
    const newlyLit = prev.lit.filter((l) => !l).length - (shot.waveCleared ? 0 : next.lit.filter((l) => !l).length);
    if (lights !== newlyLit) out.push(`${lights} light events but ${newlyLit} lanterns newly lit`);
    if (!shot.waveCleared) {
      if (next.wave !== prev.wave || next.wispsLeft !== prev.wispsLeft - 1) out.push('wave or wisps changed wrongly');
      litNow.forEach((l, i) => {
        if (l && !next.lit[i]) out.push('a lit lantern went out');
      });
    } else if (!next.won && (next.wave !== prev.wave + 1 || next.wispsLeft !== waveRow(next.wave).wisps)) out.push('clear did not advance');
    return out;
  },
  forgedStates,
  // Every change of these fields in a turn-0 state is unreachable at turn 0 (the seed is not listed: every u32 seed
  // starts a round). lastShot is null at turn 0, so its fields are covered by forged-states.ts instead.
  mutation: {
    fields: ['wave', 'wispsLeft', 'score', 'shots', 'gameOver', 'won', 'lit.0', 'lit.1', 'lit.2'],
    count: MUTATE ? 2_000 : 20_000,
  },
});

// The golden files also reproduce on the JavaScript build of the kernel.
describe('golden replays on the JavaScript kernel build', () => {
  for (const { file, golden } of readGoldens(goldenDir)) {
    it(`${file.slice(goldenDir.length + 1)} reproduces`, async () => {
      const js = await gameModule.load({ kernel: 'js' });
      expect(verifyGolden(js, golden)).toEqual([]);
    });
  }
});
