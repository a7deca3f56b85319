// Renderer snapshots: one known position per game (test/fixtures/states, captured from the engines),
// drawn on the full play screen without colour; plus the 80x24 fit and colour-only-styling checks.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { controllerFor, hasOwnController } from '../src/render/index.ts';
import { helpLines } from '../src/tui/help.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle, stripAnsi, visibleWidth } from '../src/tui/style.ts';
import type { StateFixture } from './fixtures/capture.ts';
import { frozenSession } from './helpers/frozen-session.ts';

const dir = new URL('./fixtures/states/', import.meta.url);
const fixtures: StateFixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));

export function screen(f: StateFixture, colour: boolean, keys: string[] = []): Promise<string[]> {
  const app = new PlayApp({
    session: frozenSession(f.spec, f.seed, f.response),
    controller: controllerFor(f.slug),
    style: createStyle(colour),
  });
  return keys.reduce((p, k) => p.then(() => app.key({ name: k })), Promise.resolve<unknown>(undefined)).then(() => app.frame());
}

describe('renderers', () => {
  it('has a fixture and its own screen for each of the four games', () => {
    expect(fixtures.map((f) => f.slug).sort()).toEqual(['cragwake', 'lantern-volley', 'stormlark', 'sunloaf']);
    for (const f of fixtures) expect(hasOwnController(f.slug)).toBe(true);
  });

  for (const f of fixtures) {
    describe(f.slug, () => {
      it('matches its snapshot (NO_COLOR)', async () => {
        const frame = await screen(f, false);
        expect(frame.join('\n')).not.toContain('\x1b');
        expect(`\n${frame.join('\n')}\n`).toMatchSnapshot();
      });

      it('fits 80x24 and colour changes only styling, never layout', async () => {
        const plain = await screen(f, false);
        const coloured = await screen(f, true);
        expect(plain).toHaveLength(24);
        for (const l of [...plain, ...coloured]) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
        expect(coloured.join('\n')).toContain('\x1b[');
        expect(coloured.map(stripAnsi)).toEqual(plain);
      });

      it('shows the score and the help screen from the spec', async () => {
        expect((await screen(f, false)).join('\n')).toContain(`score ${f.response.score}`);
        const help = (await screen(f, false, ['?'])).join('\n');
        expect(help).toContain('KEYS');
        // The first page opens with the game's how-to-play (spec.summary) where it has one; the goal follows.
        expect(help).toContain((f.spec.summary?.[0] ?? f.spec.goal).slice(0, 30));
        const all = helpLines(f.spec, controllerFor(f.slug), 78).join(' ');
        expect(all.replace(/\s+/g, ' ')).toContain(f.spec.goal.replace(/\s+/g, ' ').slice(0, 40));
      });
    });
  }

  it('Sunloaf light is drawn from observation.lit, never from the text picture', async () => {
    const f = fixtures.find((x) => x.slug === 'sunloaf')!;
    const lit = f.response.observation.lit as number[];
    expect(lit.length).toBeGreaterThan(0);
    const blanked = { ...f, response: { ...f.response, observation: { ...f.response.observation, text: '' } } };
    expect(await screen(blanked, false)).toEqual(await screen(f, false));
  });
});
