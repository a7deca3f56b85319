// Golden replays: `pnpm golden:update lantern-volley` (GOLDEN_UPDATE=1) rewrites golden/*.replay.json from the
// recipes below; the conformance kit (test/conformance.test.ts) replays every file.
import { fileURLToPath } from 'node:url';
import { readGoldens, writeGolden } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';

const goldenDir = fileURLToPath(new URL('../golden', import.meta.url));
const UPDATE = process.env.GOLDEN_UPDATE === '1';

describe.skipIf(!UPDATE)('golden:update', () => {
  it('writes the golden replays', async () => {
    const g = await gameModule.load();
    const play = (seed: number, policy: string) => {
      const p = g.policies[policy]!(seed);
      const sim = g.createSim();
      sim.reset(seed);
      const actions: unknown[] = [];
      while (!sim.gameOver()) {
        const a = p.decide(sim.state, []);
        actions.push(a);
        sim.step(a);
      }
      return actions;
    };
    for (const seed of [1, 7, 2026, 4294967295])
      writeGolden(goldenDir, `solver-seed-${seed}`, g, seed, play(seed, 'solver'), 'full 8-wave round by the solver policy');
    writeGolden(goldenDir, 'greedy-seed-42', g, 42, play(42, 'greedy'), 'a round by the greedy policy');
    const edges = [14.95, 165.04, 90, 15, 165];
    writeGolden(
      goldenDir,
      'edge-angles-seed-5',
      g,
      5,
      edges.map((angleDeg) => ({ type: 'SHOOT', angleDeg })),
      'quantization edges; ends out of wisps or later',
    );
    expect(readGoldens(goldenDir).length).toBeGreaterThanOrEqual(6);
  });
});
