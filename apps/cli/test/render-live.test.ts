// Every registered game's screen over many positions of random play (later pitches, reaches, waves, days), at
// 80x24, 100x30 and 120x40: exactly the terminal's lines, none wider; colour never changes the layout; the
// game's own renderer never falls back to the plain picture; no panel line is cut mid-word (every word the
// panel wrote is on screen whole); the board uses the extra room; without colour the legend's kinds keep
// distinct glyphs, and no move key is one of them.

import { TARGET_KEYS as CRAG_KEYS } from '@hearth/cragwake/draw';
import { type Game, type OkResponse, publicStateOf } from '@hearth/engine';
import type { View } from '@hearth/engine/terminal';
import { registry } from '@hearth/games';
import { TARGET_KEYS as SUNLOAF_KEYS } from '@hearth/sunloaf/draw';
import { describe, expect, it } from 'vitest';
import { controllerFor } from '../src/render/index.ts';
import { layoutFor, type Size } from '../src/tui/layout.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle, stripAnsi, visibleWidth } from '../src/tui/style.ts';
import { frozenSession } from './helpers/frozen-session.ts';

export const SIZES: Size[] = [
  { width: 80, height: 24 },
  { width: 100, height: 30 },
  { width: 120, height: 40 },
];

function* randomPlay(game: Game, seed: number, turns: number): Generator<OkResponse> {
  let x = seed * 2654435761 || 1;
  const random = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  let r: OkResponse = game.init(seed);
  for (let t = 0; t < turns && !r.gameOver; t++) {
    yield { ...r, state: publicStateOf(game, r.state) };
    const legal = r.legalActions.filter((a) => !/^end_?run$/i.test(String((a as { type?: unknown }).type)));
    const action =
      legal.length > 0 ? legal[Math.floor(random() * legal.length)] : { type: 'SHOOT', angleDeg: 15 + Math.floor(random() * 1501) / 10 };
    const next = game.act(r.state, action);
    if (next.ok) r = next;
  }
  yield { ...r, state: publicStateOf(game, r.state) };
}

const viewOf = (game: Game, seed: number, response: OkResponse): View => ({
  spec: game.spec,
  seed,
  response,
  turn: 0,
  lastAction: undefined,
  previous: undefined,
});

describe('screens over random play', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: fits 80x24, 100x30 and 120x40 at every sampled position, no word cut, the board grows`, async () => {
      const game = (await registry.load(slug))!;
      let frames = 0;
      for (const seed of [1, 2, 3]) {
        let i = 0;
        for (const response of randomPlay(game, seed, 200)) {
          if (i++ % 5 !== 0 && !response.gameOver) continue;
          const boardWidths: number[] = [];
          for (const size of SIZES) {
            const controller = controllerFor(slug);
            const draw = (colour: boolean) =>
              new PlayApp({ session: frozenSession(game.spec, seed, response), controller, style: createStyle(colour) }).frame(size);
            const plain = draw(false);
            const coloured = draw(true);
            expect(plain).toHaveLength(size.height);
            for (const l of coloured) expect(visibleWidth(l)).toBeLessThanOrEqual(size.width);
            expect(coloured.map(stripAnsi)).toEqual(plain);
            const screen = plain.join('\n');
            expect(screen).not.toContain('renderer failed');
            const layout = layoutFor(size);
            const view = viewOf(game, seed, response);
            const plainStyle = createStyle(false);
            // Only lines the body has room for are checked (a panel longer than the body ends at the rule).
            const panelWords = controller
              .panel(view, plainStyle, layout.panelWidth)
              .slice(0, Math.floor(layout.bodyHeight / 2))
              .flatMap((l) => l.split(' '))
              .filter((w) => w !== '');
            // (At game over the game-over box covers the middle of the screen.)
            if (!response.gameOver)
              for (const w of panelWords) expect(screen, `${slug} ${size.width}x${size.height}: "${w}" cut`).toContain(w);
            const board = controller.board(view, plainStyle, { width: layout.boardWidth, height: layout.bodyHeight });
            expect(board.length).toBeLessThanOrEqual(layout.bodyHeight);
            for (const l of board) expect(visibleWidth(l)).toBeLessThanOrEqual(layout.boardWidth);
            boardWidths.push(Math.max(...board.map(visibleWidth)));
          }
          expect(boardWidths[2]!, `${slug}: the board at 120x40 is no wider than at 80x24`).toBeGreaterThan(boardWidths[0]!);
          frames++;
        }
      }
      expect(frames).toBeGreaterThan(3);
    });
  }

  it('without colour, every kind a legend names has its own glyph, and no move key is one of them', async () => {
    for (const slug of registry.slugs) {
      const legend = controllerFor(slug).legend?.((await registry.load(slug))!.spec) ?? [];
      expect(legend.length, `${slug} has no legend`).toBeGreaterThan(3);
      const glyphs = legend.map((k) => k.glyph);
      expect(new Set(glyphs).size, `${slug}: ${glyphs.join(' ')}`).toBe(glyphs.length);
      const keys = slug === 'cragwake' ? CRAG_KEYS : slug === 'sunloaf' ? SUNLOAF_KEYS : [];
      for (const k of keys) expect(glyphs, `${slug}: key ${k} is a board glyph`).not.toContain(k);
    }
  });

  it('every glyph of a legend is drawn on its board somewhere in random play (the legend is the board’s)', async () => {
    for (const slug of registry.slugs) {
      const game = (await registry.load(slug))!;
      const controller = controllerFor(slug);
      const glyphs = new Set((controller.legend?.(game.spec) ?? []).map((k) => k.glyph));
      const seen = new Set<string>();
      for (const seed of [1, 2, 3, 4]) {
        for (const response of randomPlay(game, seed, 150)) {
          const board = controller.board(viewOf(game, seed, response), createStyle(false), { width: 74, height: 33 });
          // The legend lines themselves do not count: only the picture above them.
          const picture = board.slice(0, board.length - 3).join('');
          for (const ch of picture) if (glyphs.has(ch)) seen.add(ch);
        }
      }
      // Some kinds are rare (a warden, a cursor only while a cat is picked): most must show up in 600 positions.
      expect(seen.size / glyphs.size, `${slug}: seen ${[...seen].join('')} of ${[...glyphs].join('')}`).toBeGreaterThan(0.5);
    }
  });
});
