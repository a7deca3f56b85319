// The adapters' data: recap (what an action did), the compact view for models and its size goal, and the
// observation's drawable fields (lit tiles, warm hearth, band tiles, room, outcome words) against the rules.

import type { OkResponse } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { isLit, lineOf, warmthCap } from '../src/geometry.ts';
import { loadSunloaf } from '../src/index.ts';
import { type Action, cloneState, type State } from '../src/state.ts';
import { rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

const game = loadSunloaf();
const SIZE_GOAL = 1300;

/** States and the accepted action that led to each, from reference play with 1 action in 4 random, to day 40. */
function visits(seeds: number, every: number): { before: State; action: Action; after: State }[] {
  const out: { before: State; action: Action; after: State }[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const policy = game.policies.reference!(seed);
    const stream = new Stream(seed, streamId('sunloaf-view-test'));
    let r: OkResponse<State, Action> = game.init(seed);
    for (let step = 0; !r.gameOver && r.state.day <= 40; step++) {
      const legal = r.legalActions as Action[];
      const pool = legal.filter((a) => a.type !== 'END_RUN');
      const action =
        stream.below(4) === 0 && r.state.phase === 'day' ? pool[stream.below(pool.length)]! : (policy.decide(r.state, legal) as Action);
      const next = game.act(r.state, action, { trusted: true });
      if (!next.ok) throw new Error(`seed ${seed}: ${next.reason}`);
      if (step % every === 0 || next.gameOver || next.state.phase === 'sunset') out.push({ before: r.state, action, after: next.state });
      r = next;
    }
  }
  return out;
}

describe('recap and the compact view', () => {
  const seen = visits(Number(process.env.SL_SEEDS ?? 12), Number(process.env.SL_EVERY ?? 5));
  it('visits late days', () => {
    expect(seen.length).toBeGreaterThan(300);
    expect(Math.max(...seen.map((v) => v.after.day))).toBeGreaterThanOrEqual(20);
  });
  it('recap.points is the score change and the item points add up to it', () => {
    const bad: string[] = [];
    for (const { before, action, after } of seen) {
      const r = game.recap(before, after, action);
      const sum = r.items.reduce((a, i) => a + (i.points ?? 0), 0);
      if (r.points !== after.score - before.score || sum !== r.points) bad.push(`${JSON.stringify(action)}: ${r.points} ${sum} ${r.text}`);
      if (!/^[a-z_]+$/.test(r.items[0]?.kind ?? 'x') || r.text.length === 0) bad.push(`bad recap ${JSON.stringify(r)}`);
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });
  it('names eaten bowls, dog resets, sunset and a missed quota', () => {
    const kinds = new Set(seen.flatMap(({ before, action, after }) => game.recap(before, after, action).items.map((i) => i.kind)));
    for (const k of ['purr', 'move', 'bowl_eaten', 'chain', 'dog_reset', 'day_end', 'day_start', 'cloud']) expect(kinds).toContain(k);
  });
  it(`JSON of game.compact(state, recap) stays under ${SIZE_GOAL} bytes`, () => {
    const sizes = seen.map(({ before, action, after }) =>
      Buffer.byteLength(JSON.stringify(game.compact(after, game.recap(before, after, action)))),
    );
    sizes.sort((a, b) => a - b);
    console.log(`sunloaf compact view over ${sizes.length} states: median ${sizes[sizes.length >> 1]} B, max ${sizes[sizes.length - 1]} B`);
    expect(sizes[sizes.length - 1]).toBeLessThan(SIZE_GOAL);
  });
  it('compact actions are exactly the legal actions', () => {
    for (const { after } of seen.slice(0, 200)) {
      const { move, other } = game.compact(after).actions as { move: Record<string, number[]>; other: string[] };
      const listed = [
        ...Object.entries(move).flatMap(([cat, tiles]) => tiles.map((tile) => ({ type: 'MOVE', cat: Number(cat), tile }))),
        ...other.map((type) => ({ type })),
      ];
      expect(listed).toEqual(game.rules.legalActions(after));
    }
  });
});

describe('recap on a hand-built room', () => {
  it('names the purr, the cats that earned it and what their pile added', () => {
    // North window, band on column 0 for turns 0-2: cat 0 lit on (3, 0) with settled 4, cat 1 beside it in the dark.
    const before = room({
      cats: [
        { tile: tileAt(3, 0), settled: 4 },
        { tile: tileAt(3, 1), settled: 2 },
      ],
    });
    const after = cloneState(before);
    rest(after);
    // Cat 0: tier 5 (purr 7), pile 1: floor(10 * 7 * 5 / 4) = 87 raw, 70 of it without the pile.
    const r = game.recap(before, after, { type: 'REST' });
    expect(r.points).toBe(87);
    expect(r.items).toEqual([{ kind: 'purr', text: '+87 purr (cat 0, pile +17)', points: 87 }]);
  });
});

describe('the observation carries what renderers draw', () => {
  it('lit, warmHearth, band.tiles and each cat’s warmthCap agree with the rules', () => {
    for (const { after: s } of visits(4, 3)) {
      const o = game.rules.observe(s);
      if (s.phase !== 'day') {
        expect([o.lit, o.band.tiles, o.warmHearth, o.band.line]).toEqual([[], [], null, null]);
        expect(o.outcomeText === null).toBe(s.phase !== 'over');
        continue;
      }
      const tiles = [...Array(49).keys()];
      expect(o.band.tiles).toEqual(tiles.filter((t) => lineOf(s.layout.window, t) === o.band.line));
      expect(o.lit).toEqual(tiles.filter((t) => isLit(s.layout, t, s.turn)));
      const hearthCap = warmthCap(s.layout, s.layout.hearth, s.turn);
      expect(o.warmHearth).toBe(hearthCap === 3 ? s.layout.hearth : null);
      for (const c of o.cats) expect(c.warmthCap).toBe(o.lit.includes(c.tile) ? 6 : o.warmHearth === c.tile ? 3 : 0);
      expect(o.room.furniture).toEqual(s.layout.furniture);
      expect(o.clouds).toEqual(s.layout.clouds.filter((t) => t >= s.turn));
      expect(o.turn).toBe(s.turn);
    }
  });
  it('says how the run ended in words beside the code', () => {
    const r = game.init(3);
    const over = game.act(r.state, { type: 'END_RUN' });
    expect(over.ok && over.observation.outcome).toBe('good_game');
    expect(over.ok && over.observation.outcomeText).toMatch(/^Good game/);
    expect(game.spec.summary!.length).toBeGreaterThanOrEqual(3);
  });
});
