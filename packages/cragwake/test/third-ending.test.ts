// Issue 17, the third ending: "A run ends when stamina reaches 0, when no legal move exists, or when you end it
// at a ledge", tested as the last step of a turn; a move is a step or a lunge, so breathing does not keep the run alive.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Wall } from '../src/generator.ts';
import { createGame } from '../src/index.ts';
import { apply, legalActions } from '../src/rules.ts';
import { craft, hold, setCell } from './craft.ts';
import { loadBoth } from './helpers.ts';

let wall: Wall;
beforeAll(async () => {
  ({ wall } = (await loadBoth()).wasm);
});

/** At (5, 2) on pitch 1, every cell in play a crimp (cost 2 to step onto, 4 to lunge onto) except your own. */
function cornered(stamina: number) {
  const s = craft(wall, { highPoint: 5, row: 5, col: 2, stamina, turn: 10 });
  for (const r of s.band) if (!r.fogged && r.row % 10 !== 0 && r.row <= 10) for (let c = 0; c < 6; c++) r.cells[c] = hold('crimp');
  s.pitchDipped = stamina <= 3;
  return s;
}

describe('the third ending: no move (step or lunge) legal after a turn', () => {
  it('a breath that leaves no affordable move ends the run (noMove), with stamina left and no legal action', () => {
    const s = cornered(3); // off a plain/crimp hold a breath costs 1: stamina 2 still affords a step onto a crimp
    setCell(s, 5, 2, hold('plain'));
    apply(wall, s, { type: 'breathe' });
    expect([s.phase, s.stamina]).toEqual(['climbing', 2]);
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(1);
    expect(s.phase).toBe('over');
    expect(s.ending).toBe('noMove');
    expect(legalActions(s)).toEqual([]);
    const game = createGame(wall);
    const view = game.view(s);
    expect(view.gameOver).toBe(true);
    expect(view.observation.endedBecause).toMatch(/no affordable move/);
    expect(view.observation.text).toContain('RUN OVER');
  });
  it('a move that leaves no affordable move ends the run; stamina 0 is still "exhausted"', () => {
    const s = cornered(3);
    apply(wall, s, { type: 'move', row: 6, col: 2 }); // crimp: 2, leaves 1 < 2
    expect([s.phase, s.ending, s.stamina]).toEqual(['over', 'noMove', 1]);
    const t = cornered(2);
    apply(wall, t, { type: 'move', row: 6, col: 2 });
    expect([t.phase, t.ending, t.stamina]).toEqual(['over', 'exhausted', 0]);
  });
  it('the test uses the new turn: a gust published for the next turn can corner you', () => {
    const s = cornered(6);
    s.gusts.next = [0, 1, 2, 3, 4, 5]; // a hand-made schedule: apply does not re-validate the state
    apply(wall, s, { type: 'move', row: 6, col: 2 }); // crimp 2, stamina 4; next turn every column gusts: steps cost 4
    expect(s.phase).toBe('climbing');
    const u = cornered(5);
    u.gusts.next = [0, 1, 2, 3, 4, 5];
    apply(wall, u, { type: 'move', row: 6, col: 2 }); // stamina 3 < 4
    expect([u.phase, u.ending]).toEqual(['over', 'noMove']);
  });
  it('a climbing state with no legal move, or a noMove ending with a move, is refused as invalid_state', () => {
    const game = createGame(wall);
    let r = game.init(2461);
    // Play the regression's greedy line to its noMove end, then forge the state back to climbing.
    while (!r.gameOver) r = game.act(r.state, game.policies.greedy!(0).decide(r.state, r.legalActions), { trusted: true }) as typeof r;
    expect(r.state.ending).toBe('noMove');
    expect(game.rules.parseState(r.state).ok).toBe(true);
    const climbing = game.act({ ...r.state, phase: 'climbing', ending: null }, { type: 'breathe' });
    expect(climbing.ok === false && climbing.reason).toBe('invalid_state');
    expect(climbing.ok === false && climbing.message).toMatch(/no legal move/);
  });
});
