// The bundled binary in real terminals (tmux) of 80x24, 100x30 and 120x40, for every registered game, without
// colour: the screen fills the terminal, the board grows with it, every word of the panel is on screen whole
// (the panel as the in-process renderer wrote it for the same position), and a resize repaints at the new size.
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games';
import { afterEach, describe, expect, it } from 'vitest';
import { controllerFor } from '../src/render/index.ts';
import { layoutFor } from '../src/tui/layout.ts';
import { createStyle } from '../src/tui/style.ts';
import { HAS_TMUX, Tmux } from './helpers/tmux.ts';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const SEED = 7;
const SIZES = [
  { width: 80, height: 24 },
  { width: 100, height: 30 },
  { width: 120, height: 40 },
];

let tmux: Tmux | undefined;
afterEach(() => tmux?.kill());

/** Where the board ends: the column of the body's separator `│` on the second line. */
const separatorColumn = (screen: string) => [...(screen.split('\n')[1] ?? '')].lastIndexOf('│');
const ruleWidth = (screen: string) => Math.max(...screen.split('\n').map((l) => (/^─+$/.test(l.trimEnd()) ? l.trimEnd().length : 0)));

describe.skipIf(!HAS_TMUX)('hearth play at 80x24, 100x30 and 120x40 (tmux)', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: fills each size, panel words whole, the board grows; a resize repaints`, async () => {
      const game = (await registry.load(slug))!;
      const init = game.init(SEED);
      const separators: number[] = [];
      for (const size of SIZES) {
        const t = new Tmux();
        tmux = t;
        t.start(`node ${BIN} play ${slug} --seed ${SEED}`, { NO_COLOR: '1' }, size);
        const screen = await t.waitFor((s) => s.includes('? help   : action as JSON'), `${slug} at ${size.width}x${size.height}`);
        const lines = screen.replace(/\n$/, '').split('\n');
        expect(lines).toHaveLength(size.height);
        expect(ruleWidth(screen)).toBe(size.width);
        const layout = layoutFor(size);
        const view = { spec: game.spec, seed: SEED, response: init, turn: 0, lastAction: undefined, previous: undefined };
        const words = controllerFor(slug)
          .panel(view, createStyle(false), layout.panelWidth)
          .flatMap((l) => l.split(' '))
          .filter((w) => w !== '');
        for (const w of words) expect(screen, `${slug} ${size.width}x${size.height}: "${w}" is cut`).toContain(w);
        separators.push(separatorColumn(screen));
        t.kill();
      }
      // The board's share grows with the width (the panel separator moves right).
      expect(separators[1]!).toBeGreaterThan(separators[0]!);
      expect(separators[2]!).toBeGreaterThan(separators[1]!);

      // One program, resized from 80x24 to 120x40 and back: it repaints at each size.
      const t = new Tmux();
      tmux = t;
      t.start(`node ${BIN} play ${slug} --seed ${SEED}`, { NO_COLOR: '1' });
      await t.waitFor((s) => ruleWidth(s) === 80 && s.includes('? help'), 'the 80x24 screen');
      t.resize(120, 40);
      // (tmux cuts a wider picture to the new size at once; the program's repaint is told by its layout.)
      const repainted = (col: number) => (s: string) => separatorColumn(s) === col && (s.split('\n')[0] ?? '').includes(game.name);
      await t.waitFor(repainted(separators[2]!), 'the repaint at 120x40');
      t.resize(80, 24);
      const back = await t.waitFor(repainted(separators[0]!), 'the repaint at 80x24');
      expect(ruleWidth(back)).toBe(80);
    });
  }
});
