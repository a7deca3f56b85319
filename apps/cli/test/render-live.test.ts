// Every registered game's screen over many positions of random play (later pitches, reaches, waves, days):
// always 24 lines of at most 80 columns, colour never changes the layout, and the game's own renderer never
// falls back to the plain picture.
import { type Game, type OkResponse, publicStateOf } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { controllerFor } from '../src/render/index.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle, stripAnsi, visibleWidth } from '../src/tui/style.ts';
import { frozenSession } from './helpers/frozen-session.ts';

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
    const legal = r.legalActions.filter((a: any) => !/^end_?run$/i.test(String(a?.type)));
    const action =
      legal.length > 0 ? legal[Math.floor(random() * legal.length)] : { type: 'SHOOT', angleDeg: 15 + Math.floor(random() * 1501) / 10 };
    const next = game.act(r.state, action);
    if (next.ok) r = next;
  }
  yield { ...r, state: publicStateOf(game, r.state) };
}

describe('screens over random play', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: fits 80x24 at every sampled position`, async () => {
      const game = (await registry.load(slug))!;
      let frames = 0;
      for (const seed of [1, 2, 3]) {
        let i = 0;
        for (const response of randomPlay(game, seed, 200)) {
          if (i++ % 4 !== 0 && !response.gameOver) continue;
          const draw = (colour: boolean) =>
            new PlayApp({
              session: frozenSession(game.spec, seed, response),
              controller: controllerFor(slug),
              style: createStyle(colour),
            }).frame();
          const plain = draw(false);
          const coloured = draw(true);
          expect(plain).toHaveLength(24);
          for (const l of coloured) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
          expect(coloured.map(stripAnsi)).toEqual(plain);
          expect(plain.join('\n')).not.toContain('renderer failed');
          frames++;
        }
      }
      expect(frames).toBeGreaterThan(3);
    });
  }
});
