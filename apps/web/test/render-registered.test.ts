// Every registered game's board, drawn over real engine responses along a played game: it never throws,
// draws an SVG (or the generic picture), and offers every legal action somewhere a player can reach it.
import { createWire, type OkResponse, PlainTokenCodec } from '@hearth/engine';
import type { View } from '@hearth/engine/web';
import { isLegal } from '@hearth/engine/web';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { rendererFor } from '../src/render/index.ts';
import { actsIn } from './view.ts';

const withoutCost = (a: unknown) => {
  const { cost: _cost, ...rest } = a as Record<string, unknown>;
  return JSON.stringify(rest);
};

/** Every action a player can send from this view: data-act elements, plus tiles after selecting each piece. */
function reachable(slug: string, view: View): Set<string> {
  const r = rendererFor(slug);
  const ui = r.initUi();
  const out = new Set(actsIn(r.render(view, ui)).map(withoutCost));
  const tokens = [...r.render(view, ui).matchAll(/data-ui="([^"]*)"/g)].map((m) => m[1] as string);
  for (const t of tokens.filter((t) => t.startsWith('cat:'))) {
    const u = r.initUi();
    r.onUi?.(t, view, u);
    for (const tile of r.render(view, u).matchAll(/data-ui="(tile:\d+)"/g)) {
      const intent = r.onUi?.(tile[1] as string, view, u);
      if (intent && 'act' in intent) out.add(withoutCost(intent.act));
    }
  }
  return out;
}

/** Buttons carrying one fixed action: disabled exactly when the action is not in legalActions. */
function disabledMatchesLegal(html: string, view: View, where: string) {
  for (const m of html.matchAll(/<button type="button" data-act="([^"]*)"[^>]*>/g)) {
    const action = JSON.parse((m[1] as string).replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))));
    const disabled = / disabled[ >]/.test(m[0]);
    const unlisted = view.response.legalActions.length === 0 && !view.response.gameOver;
    expect(disabled, `${where}: ${JSON.stringify(action)}`).toBe(!unlisted && !isLegal(view, action));
  }
}

describe.skipIf(registry.slugs.length === 0)('boards of the registered games', () => {
  for (const slug of registry.slugs) {
    it(`${slug}: draws every position of a played game and offers every legal action`, async () => {
      const game = (await registry.load(slug))!;
      const wire = createWire(game, { codec: PlainTokenCodec });
      for (const seed of [1, 2, 3]) {
        let response: OkResponse = wire.init(seed);
        for (let step = 0; step < 40; step++) {
          const view: View = { slug, spec: game.spec, response, lastAction: undefined, replaying: false };
          const html = rendererFor(slug).render(view, rendererFor(slug).initUi());
          expect(html).toMatch(/<svg|board-text/);
          const offered = reachable(slug, view);
          for (const a of response.legalActions)
            expect(offered.has(withoutCost(a)), `${slug} seed ${seed} step ${step}: ${JSON.stringify(a)}`).toBe(true);
          disabledMatchesLegal(html, view, `${slug} seed ${seed} step ${step}`);
          if (response.gameOver || response.legalActions.length === 0) break;
          // walk the list so the game moves on: the last action is often END_RUN, so take one from the middle
          const action = response.legalActions[(seed + step) % Math.max(1, response.legalActions.length - 1)];
          const next = wire.act({ state: response.state, stateToken: response.stateToken, action });
          expect(next.ok).toBe(true);
          if (next.ok) response = next;
        }
      }
    });
  }
});
