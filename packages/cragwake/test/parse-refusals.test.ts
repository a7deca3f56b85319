// @ts-nocheck
// What an agent reads when its state or action is refused: `invalid_state` (a state that is not a Cragwake state)
// or `unknown_action` (a malformed action, the document's "A malformed shape comes back as unknown_action"), with a
// message naming the field and the figures behind the bound. Each case takes a real state (from play, or the
// generated wall of a seed) and changes one field to just past a bound the document sets, then asserts the exact
// reason and message; the figures in each expected message are worked out here from the document's numbers
// (pitch 1's tank 24; 100n a pitch, 15 a stamina, 150 x streak capped at 6; ten rows a pitch, a ledge every tenth;
// the band three rows below the high point and the foresight above), never read off the code's output.
import { beforeAll, describe, expect, it } from 'vitest';
import { freshBand } from '../src/band.ts';
import type { Wall } from '../src/generator.ts';
import type { CragAction, CragState } from '../src/index.ts';
import { type CragGame, loadBoth } from './helpers.ts';

let game: CragGame;
let wall: Wall;
beforeAll(async () => {
  ({ game, wall } = (await loadBoth()).wasm);
});

const PREFIX = 'invalid cragwake state: ';
/** 'accepted', or the message an agent gets with reason invalid_state. */
const verdict = (t: CragState): string => {
  const p = game.rules.parseState(t);
  return p.ok ? 'accepted' : p.message;
};
const refused = (t: CragState, why: string) => expect(verdict(t)).toBe(PREFIX + why);
const edit = (s: CragState, f: (t: CragState) => void): CragState => {
  const t = structuredClone(s);
  f(t);
  return t;
};
const step = (s: CragState, a: CragAction): CragState => {
  const r = game.act(s, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.reason} ${r.message}`);
  return r.state;
};

/** The fastest climb of one seed: every turn two rows up or onto the belay, climbing on at each ledge. */
function fastestClimb(pitches: number): CragState[] {
  for (let seed = 1; seed < 400; seed++) {
    const path: CragState[] = [game.init(seed).state];
    const go = (s: CragState): boolean => {
      if (s.phase === 'atLedge') {
        if (s.pitch > pitches) return true;
        path.push(step(s, { type: 'climbOn' }));
        if (go(path.at(-1)!)) return true;
        path.pop();
        return false;
      }
      for (const a of game.rules.legalActions(s)) {
        if (a.type !== 'move' || !(a.row === s.row + 2 || a.row === 10 * s.pitch) || a.row <= s.highPoint) continue;
        const next = step(s, a);
        if (next.phase === 'over') continue;
        path.push(next);
        if (go(next)) return true;
        path.pop();
      }
      return false;
    };
    if (go(path[0]!)) return path;
  }
  throw new Error('no fast climb');
}

describe('parseAction: a malformed action is unknown_action, naming what is wrong in the grammar', () => {
  const start = () => game.init(5).state;
  const answer = (action: unknown) => {
    const r = game.act(start(), action);
    return r.ok ? 'accepted' : { reason: r.reason, message: r.message, legal: r.legalActions.length };
  };
  const legal = () => game.rules.legalActions(start()).length;
  it('not an object (null, an array, a string) is not an action with a type', () => {
    for (const action of [null, [], 'move', 7])
      expect(answer(action), JSON.stringify(action)).toEqual({
        reason: 'unknown_action',
        message: 'an action must be a JSON object with a type',
        legal: legal(),
      });
  });
  it('a type outside the four branches names the four', () => {
    for (const action of [{ type: 'jump' }, {}, { type: 'Move', row: 1, col: 3 }, { type: ['move'] }])
      expect(answer(action), JSON.stringify(action)).toEqual({
        reason: 'unknown_action',
        message: 'action.type must be one of move, breathe, climbOn, endRun',
        legal: legal(),
      });
  });
  it('a move needs integer row and col: the first missing one is named', () => {
    for (const [action, field] of [
      [{ type: 'move', col: 3 }, 'row'],
      [{ type: 'move', row: 1.5, col: 3 }, 'row'],
      [{ type: 'move', row: '1', col: 3 }, 'row'],
      [{ type: 'move', row: 1 }, 'col'],
      [{ type: 'move', row: 1, col: 2.5 }, 'col'],
    ] as const)
      expect(answer(action), JSON.stringify(action)).toEqual({
        reason: 'unknown_action',
        message: `move.${field} must be an integer`,
        legal: legal(),
      });
    // A well-formed move, even with an extra key, is an action (here a legal one).
    const a = game.rules.legalActions(start()).find((x) => x.type === 'move')!;
    expect(game.rules.parseAction({ ...a, cost: 3 })).toEqual({ ok: true, value: a });
    expect(game.rules.parseAction({ type: 'breathe', row: 'x' })).toEqual({ ok: true, value: { type: 'breathe' } });
  });
});

describe('parseState: the shape, then pitch, height and position against each other', () => {
  it('a state that is no object is refused as the state itself; the reason is invalid_state', () => {
    refused(null, 'state: expected object (got null)');
    const r = game.act(null, { type: 'breathe' });
    expect([r.ok, r.reason, r.message, r.legalActions]).toEqual([false, 'invalid_state', `${PREFIX}state: expected object (got null)`, []]);
  });
  it("the tank is the pitch's tank: pitch 1 fills to 24", () => {
    const s = game.init(5).state;
    expect(verdict(s)).toBe('accepted');
    refused(
      edit(s, (t) => Object.assign(t, { tank: 25, stamina: 24 })),
      'tank must be 24 (the tank of pitch 1), got 25',
    );
    refused(
      edit(s, (t) => Object.assign(t, { tank: 23, stamina: 23 })),
      'tank must be 24 (the tank of pitch 1), got 23',
    );
  });
  it('the high point lies within the pitch: rows 0 to 9 on pitch 1, 10 to 19 on pitch 2', () => {
    const s = game.init(5).state;
    refused(
      edit(s, (t) => (t.highPoint = 10)),
      'highPoint 10 must be within pitch 1 (rows 0 to 9)',
    );
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    expect([ledge.pitch, ledge.highPoint]).toEqual([2, 10]);
    refused(
      edit(ledge, (t) => (t.highPoint = 20)),
      'highPoint 20 must be within pitch 2 (rows 10 to 19)',
    );
    refused(
      edit(ledge, (t) => (t.highPoint = 9)),
      'highPoint 9 must be within pitch 2 (rows 10 to 19)',
    );
  });
  it("the climber stands between the floor (three below the high point, never under the pitch's ledge) and the high point", () => {
    const path = fastestClimb(1);
    const s = path.find((x) => x.highPoint === 6)!;
    expect([s.pitch, s.row, s.phase]).toEqual([1, 6, 'climbing']);
    refused(
      edit(s, (t) => (t.row = 2)),
      'row 2 must be between the floor (3) and highPoint (6)',
    );
    refused(
      edit(s, (t) => (t.row = 7)),
      'row 7 must be between the floor (3) and highPoint (6)',
    );
    const ledge = path.find((x) => x.phase === 'atLedge')!;
    refused(
      edit(ledge, (t) => (t.row = 9)),
      'row 9 must be between the floor (10) and highPoint (10)',
    );
  });
  it('the clean streak counts completed pitches at most; spindrift is a turn each at most', () => {
    const s = game.init(5).state;
    refused(
      edit(s, (t) => (t.cleanStreak = 1)),
      'cleanStreak 1 exceeds the 0 completed pitches',
    );
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    expect(ledge.cleanStreak).toBe(1);
    refused(
      edit(ledge, (t) => (t.cleanStreak = 2)),
      'cleanStreak 2 exceeds the 1 completed pitches',
    );
    refused(
      edit(s, (t) => (t.spindrift = 1)),
      'spindrift 1 exceeds the 0 turns played',
    );
  });
  it('at a ledge the climber stands on the ledge, which is the high point', () => {
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    expect([ledge.row, ledge.highPoint]).toEqual([10, 10]);
    expect(verdict(ledge)).toBe('accepted');
    // Height pays 10 a row, so the score follows the forged high point and only the ledge rule is broken.
    refused(
      edit(ledge, (t) => Object.assign(t, { highPoint: 11, score: t.score + 10 })),
      'at a ledge the climber must be on row 10, the high point',
    );
    refused(
      edit(ledge, (t) => Object.assign(t, { highPoint: 11, row: 11, score: t.score + 10 })),
      'at a ledge the climber must be on row 10, the high point',
    );
    const ended = step(ledge, { type: 'endRun' });
    refused(
      edit(ended, (t) => Object.assign(t, { highPoint: 12, score: t.score + 20 })),
      'at a ledge the climber must be on row 10, the high point',
    );
  });
});

describe("parseState: the pace on a pitch's ledge, where every turn costs exactly 1", () => {
  it('on the starting ledge stamina is 24 - turn: two breaths leave 22', () => {
    let s = game.init(5).state;
    s = step(step(s, { type: 'breathe' }), { type: 'breathe' });
    expect([s.turn, s.stamina]).toEqual([2, 22]);
    refused(
      edit(s, (t) => (t.stamina = 21)),
      'stamina 21 at turn 2 on the starting ledge (highPoint 0): every turn there costs exactly 1, so stamina must be tank 24 - turn 2 = 22',
    );
    refused(
      edit(s, (t) => (t.turn = 3)),
      'stamina 22 at turn 3 on the starting ledge (highPoint 0): every turn there costs exactly 1, so stamina must be tank 24 - turn 3 = 21',
    );
  });
  it('on a later ledge each stamina spent there is a turn beyond the 4 a pitch takes', () => {
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    const on = step(ledge, { type: 'climbOn' });
    const breathed = step(step(on, { type: 'breathe' }), { type: 'breathe' });
    // The fastest pitch 1: four turns; then two breaths on ledge 10, each costing 1.
    expect([breathed.turn, breathed.highPoint, breathed.tank - breathed.stamina]).toEqual([on.turn + 2, 10, 2]);
    expect(on.turn).toBe(4);
    expect(verdict(breathed)).toBe('accepted');
    const tank = breathed.tank;
    refused(
      edit(breathed, (t) => (t.turn = 5)),
      `turn 5 is too early for stamina ${tank - 2} of tank ${tank} at highPoint 10, the ledge of pitch 2: at least 6 turns`,
    );
    refused(
      edit(breathed, (t) => Object.assign(t, { turn: 6, stamina: tank - 3 })),
      `turn 6 is too early for stamina ${tank - 3} of tank ${tank} at highPoint 10, the ledge of pitch 2: at least 7 turns`,
    );
  });
});

describe('parseState: the score lies between what the completed pitches can have paid', () => {
  // Height pays 10 a row of the high point; pitch n pays 100n plus 15 a stamina on arrival (at most the tank); a clean
  // pitch arrived with at least 4 stamina (it never dipped to 3) and paid 150 x its streak (capped at 6); the pitch
  // before the streak dipped and paid no clean award.
  const range = (s: CragState) =>
    `score ${s.score} is impossible with highPoint ${s.highPoint}, pitch ${s.pitch} and cleanStreak ${s.cleanStreak}`;
  it('at ledge 10 with a clean pitch 1: 100 + 100 + 150 + 15 x (4 to 24), so 410 to 710', () => {
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    expect([ledge.pitch, ledge.highPoint, ledge.cleanStreak]).toEqual([2, 10, 1]);
    expect(verdict(ledge)).toBe('accepted');
    for (const score of [410, 710]) expect(verdict(edit(ledge, (t) => (t.score = score)))).toBe('accepted');
    for (const score of [409, 711]) {
      const t = edit(ledge, (x) => (x.score = score));
      refused(t, `${range(t)} (between 410 and 710)`);
    }
  });
  it('at ledge 10 after a dipped pitch 1: 100 + 100 + 15 x (0 to 24), so 200 to 560', () => {
    const ledge = fastestClimb(1).find((x) => x.phase === 'atLedge')!;
    const dipped = edit(ledge, (t) => (t.cleanStreak = 0));
    for (const score of [200, 560]) expect(verdict(edit(dipped, (t) => (t.score = score)))).toBe('accepted');
    for (const score of [199, 561]) {
      const t = edit(dipped, (x) => (x.score = score));
      refused(t, `${range(t)} (between 200 and 560)`);
    }
  });
  it('at ledge 20: pitches 1 and 2 pay 100 + 200, each clean one 150 x streak', () => {
    const ledge = fastestClimb(2).find((x) => x.phase === 'atLedge' && x.pitch === 3)!;
    expect([ledge.highPoint, ledge.cleanStreak]).toEqual([20, 2]);
    expect(verdict(ledge)).toBe('accepted');
    const tank2 = wall.difficulty(2).tank;
    // Both clean: 200 + 300 + (150 + 60) + (300 + 60) = 1070 at least; at most 200 + 300 + 15 x (24 + tank2) + 450.
    const max2 = 200 + 300 + 15 * (24 + tank2) + 450;
    for (const [score, streak, lo, hi] of [
      [1069, 2, 1070, max2],
      [max2 + 1, 2, 1070, max2],
      // Pitch 2 clean (150, at least 4 stamina), pitch 1 dipped: 200 + 300 + 210 = 710; at most 200 + 300 + 15 x (24 + tank2) + 150.
      [709, 1, 710, max2 - 300],
      [max2 - 299, 1, 710, max2 - 300],
    ] as const) {
      const t = edit(ledge, (x) => Object.assign(x, { score, cleanStreak: streak }));
      refused(t, `${range(t)} (between ${lo} and ${hi})`);
    }
    expect(verdict(edit(ledge, (x) => Object.assign(x, { score: 710, cleanStreak: 1 })))).toBe('accepted');
    expect(verdict(edit(ledge, (x) => Object.assign(x, { score: max2 - 300, cleanStreak: 1 })))).toBe('accepted');
  });
});

/**
 * A climbing state on the generated wall of a seed, as play can leave it before anything on the wall changed: the
 * band as generated, `rise` rows above pitch `pitch`'s ledge at the fewest turns that takes (4 a pitch, a turn per 2
 * rows) plus `extra`, the score at its least (each pitch arrived with 0 stamina, none clean), the published gusts and
 * rockfall of that turn.
 */
function onWall(seed: number, pitch: number, rise: number, extra = 0): CragState {
  const d = wall.difficulty(pitch);
  const highPoint = 10 * (pitch - 1) + rise;
  const band = freshBand(wall, seed, highPoint, d.foresight);
  const col = band[highPoint - band[0].row].cells.findIndex((c) => c !== null);
  const turn = 4 * (pitch - 1) + Math.ceil(rise / 2) + extra;
  let score = 10 * highPoint;
  for (let n = 1; n < pitch; n++) score += 100 * n;
  return {
    band,
    cleanStreak: 0,
    col,
    ending: null,
    gusts: { next: wall.gusts(seed, turn + 1, pitch), now: wall.gusts(seed, turn, pitch) },
    highPoint,
    phase: 'climbing',
    pitch,
    pitchDipped: true,
    rockfall: { next: wall.rockfall(seed, turn + 1, pitch), now: wall.rockfall(seed, turn, pitch) },
    row: highPoint,
    score,
    seed,
    spindrift: 0,
    stamina: d.tank,
    tank: d.tank,
    turn,
  };
}
/** The first seed whose onWall state parses and passes `fits`. */
function findOnWall(pitch: number, rise: number, fits: (s: CragState) => boolean): CragState {
  for (let seed = 1; seed < 3000; seed++)
    for (let extra = 0; extra < 10; extra++) {
      const s = onWall(seed, pitch, rise, extra);
      if (s.col >= 0 && verdict(s) === 'accepted' && fits(s)) return s;
    }
  throw new Error('no such seed');
}
const cellsInPlay = (s: CragState) =>
  s.band.flatMap((r, i) =>
    r.fogged || r.row % 10 === 0 || r.row > 10 * s.pitch ? [] : r.cells.map((cell, c) => ({ i, row: r.row, c, cell })),
  );

describe('parseState: gusts and rockfall are the schedule published for the seed and the turn', () => {
  it('on pitch 1 there are neither: a forged gust or rock names the list and the turn it was published for', () => {
    const s = game.init(5).state;
    refused(
      edit(s, (t) => (t.gusts.now = [2])),
      'gusts.now is not the published gust schedule of seed 5 at turn 0',
    );
    refused(
      edit(s, (t) => (t.gusts.next = [4])),
      'gusts.next is not the published gust schedule of seed 5 at turn 1',
    );
    refused(
      edit(s, (t) => (t.rockfall.now = 2)),
      'rockfall.now is not the published rockfall schedule of seed 5 at turn 0',
    );
    refused(
      edit(s, (t) => (t.rockfall.next = 0)),
      'rockfall.next is not the published rockfall schedule of seed 5 at turn 1',
    );
  });
  it('a gust list is ascending columns', () => {
    const s = game.init(5).state;
    refused(
      edit(s, (t) => (t.gusts.now = [3, 1])),
      'gusts.now must be ascending',
    );
    refused(
      edit(s, (t) => (t.gusts.next = [4, 2, 5])),
      'gusts.next must be ascending',
    );
  });
  it('on pitch 6 (a gusting column every 5 turns, as on pitch 5), no gust, another column or an extra one is refused', () => {
    // A turn where both pitch 6's and pitch 5's schedules gust (the turns straddling a belay may use either).
    const s = findOnWall(6, 3, (t) => t.gusts.now.length > 0 && wall.gusts(t.seed, t.turn, 5).length > 0);
    const other = [0, 1, 2, 3, 4, 5].find((c) => !s.gusts.now.includes(c) && !wall.gusts(s.seed, s.turn, 5).includes(c))!;
    const why = `gusts.now is not the published gust schedule of seed ${s.seed} at turn ${s.turn}`;
    refused(
      edit(s, (t) => (t.gusts.now = [])),
      why,
    );
    refused(
      edit(s, (t) => (t.gusts.now = [other])),
      why,
    );
    refused(
      edit(s, (t) => (t.gusts.now = [...new Set([...t.gusts.now, other])].sort((a, b) => a - b))),
      why,
    );
  });
});

describe('parseState: the band is the ten rows from max(0, highPoint - 3), fogged above the foresight', () => {
  it('row numbers run up from the bottom; rows past the foresight are fogged and blank, the others are not fogged', () => {
    const s = game.init(5).state; // highPoint 0, foresight 6 on pitch 1: rows 0 to 9, 7 to 9 fogged
    expect(s.band.map((r) => [r.row, r.fogged])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r, r > 6]));
    refused(
      edit(s, (t) => (t.band[2].row = 5)),
      'band[2].row must be 2 (the band starts at max(0, highPoint - 3)), got 5',
    );
    refused(
      edit(s, (t) => (t.band[7].fogged = false)),
      'band[7].fogged must be true (foresight reaches row 6)',
    );
    refused(
      edit(s, (t) => (t.band[6].fogged = true)),
      'band[6].fogged must be false (foresight reaches row 6)',
    );
    refused(
      edit(s, (t) => (t.band[8].cells[2] = { kind: 'plain', breaths: 0, cracks: 0, ice: 'dry' })),
      'band[8] is fogged, so it must be blank (overhang false, cells null)',
    );
    refused(
      edit(s, (t) => (t.band[9].overhang = true)),
      'band[9] is fogged, so it must be blank (overhang false, cells null)',
    );
  });
});

describe("parseState: every cell can come from the seed's wall by what play does to it", () => {
  const jug = (extra = {}) => ({ kind: 'jug', breaths: 2, cracks: 0, ice: 'dry', ...extra });
  const plain = (extra = {}) => ({ kind: 'plain', breaths: 0, cracks: 0, ice: 'dry', ...extra });
  const cannot = (s: CragState, i: number, c: number, tail = '') =>
    `band[${i}].cells[${c}] (row ${s.band[i].row}) cannot come from the wall of seed ${s.seed}${tail}`;
  /** The first cell in play (not a ledge, not above the belay, in view) that passes `fits`. */
  const find = (s: CragState, fits: (cell) => boolean) => {
    const hit = cellsInPlay(s).find((x) => fits(x.cell) && !(x.row === s.row && x.c === s.col));
    if (!hit) throw new Error('no such cell');
    return hit;
  };
  it('before turn 1 nothing has changed: a breath spent, a hold turned plain or gone is refused', () => {
    const s = game.init(5).state;
    const j = find(s, (x) => x?.kind === 'jug');
    const tail = ': nothing changes before turn 1';
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = jug({ breaths: 1 }))),
      cannot(s, j.i, j.c, tail),
    );
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = plain())),
      cannot(s, j.i, j.c, tail),
    );
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = null)),
      cannot(s, j.i, j.c, tail),
    );
  });
  it('a ledge never changes (six jugs with no breaths, immune to everything), on any turn', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 2 && x.phase === 'climbing')!;
    expect([s.band[0].row, s.turn > 0]).toEqual([0, true]);
    const tail = ': this row is not in play yet, or a ledge';
    refused(
      edit(s, (t) => (t.band[0].cells[1] = plain())),
      cannot(s, 0, 1, tail),
    );
    refused(
      edit(s, (t) => (t.band[0].cells[1] = jug({ breaths: 1 }))),
      cannot(s, 0, 1, tail),
    );
    refused(
      edit(s, (t) => (t.band[0].cells[1] = jug({ breaths: 0, ice: 'frosting' }))),
      cannot(s, 0, 1, tail),
    );
    refused(
      edit(s, (t) => (t.band[0].cells[1] = null)),
      cannot(s, 0, 1, tail),
    );
  });
  it('rows above the next belay are not in play yet: exactly as generated', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 6 && x.phase === 'climbing')!;
    // Foresight 6 shows rows up to 12; rows 11 and 12 belong to pitch 2.
    const i = s.band.findIndex((r) => r.row === 11);
    expect([s.band[i].fogged, s.turn > 0]).toEqual([false, true]);
    const c = s.band[i].cells.findIndex((x) => x !== null);
    const tail = ': this row is not in play yet, or a ledge';
    refused(
      edit(s, (t) => (t.band[i].cells[c] = null)),
      cannot(s, i, c, tail),
    );
    refused(
      edit(s, (t) => (t.band[i].cells[c] = plain({ cracks: 1 }))),
      cannot(s, i, c, tail),
    );
  });
  it('in play, a plain hold has no breaths and at most one crack more than generated (a swept plain hold)', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 6 && x.phase === 'climbing')!;
    const p = find(s, (x) => x?.kind === 'plain' && x.cracks === 0);
    refused(
      edit(s, (t) => (t.band[p.i].cells[p.c] = plain({ breaths: 1 }))),
      cannot(s, p.i, p.c),
    );
    refused(
      edit(s, (t) => (t.band[p.i].cells[p.c] = plain({ cracks: 2 }))),
      cannot(s, p.i, p.c),
    );
  });
  it('in play, a jug or crimp stays its kind and only loses breaths and cracks, and its ice only grows', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 6 && x.phase === 'climbing')!;
    const j = find(s, (x) => x?.kind === 'jug' && x.breaths === 2 && x.cracks === 0);
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = { kind: 'crimp', breaths: 0, cracks: 0, ice: 'dry' })),
      cannot(s, j.i, j.c),
    );
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = jug({ breaths: 3 }))),
      cannot(s, j.i, j.c),
    );
    refused(
      edit(s, (t) => (t.band[j.i].cells[j.c] = jug({ cracks: 1 }))),
      cannot(s, j.i, j.c),
    );
    // Pitch 6 generates some icy holds; ice never thaws (a plain hold may be one the repair wrote, dry).
    const icyHold = (x) => x && x.kind !== 'plain' && x.ice !== 'dry';
    const w = findOnWall(6, 3, (t) => cellsInPlay(t).some((x) => icyHold(x.cell) && !(x.row === t.row && x.c === t.col)));
    const ice = find(w, icyHold);
    refused(
      edit(w, (t) => (t.band[ice.i].cells[ice.c].ice = 'dry')),
      cannot(w, ice.i, ice.c),
    );
  });
});

describe('parseState: what the band shows spent fits the turns played', () => {
  it('cracks spent on jugs and crimps in view are at most the moves made: a turn each, plus a belay move a pitch', () => {
    // Seed 1869's pitch 2, three rows up at the fewest turns (4 for pitch 1, 2 for three rows): turn 6, so at most
    // 6 + 1 holds were left. Its jugs and crimps in play carry 8 cracks: all spent is one too many.
    const s = onWall(1869, 2, 3);
    expect([s.turn, verdict(s)]).toEqual([6, 'accepted']);
    const cracked = cellsInPlay(s).filter((x) => x.cell && x.cell.kind !== 'plain' && x.cell.cracks > 0);
    expect(cracked.reduce((n, x) => n + x.cell.cracks, 0)).toBe(8);
    const spentAll = edit(s, (t) => {
      for (const x of cracked) t.band[x.i].cells[x.c].cracks = 0;
    });
    refused(spentAll, 'band: 8 cracks spent on the holds in view, more than the 7 moves possible by turn 6');
    const oneLeft = edit(spentAll, (t) => (t.band[cracked[0].i].cells[cracked[0].c].cracks = 1));
    expect(verdict(oneLeft)).toBe('accepted');
    // A plain hold's cracks count neither way: it may be a swept hold ("a plain hold into a cracked one") or one the
    // repair wrote, so a plain hold with a crack more than generated does not pay back a crack spent elsewhere.
    const p = cellsInPlay(s).find((x) => x.cell?.kind === 'plain' && x.cell.cracks === 0 && !(x.row === s.row && x.c === s.col))!;
    refused(
      edit(spentAll, (t) => (t.band[p.i].cells[p.c].cracks = 1)),
      'band: 8 cracks spent on the holds in view, more than the 7 moves possible by turn 6',
    );
  });
});

describe('parseState: the climber, the endings and the repair', () => {
  it('the climber stands on a hold', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 6 && x.phase === 'climbing')!;
    const i = s.band.findIndex((r) => r.row === s.row);
    refused(
      edit(s, (t) => (t.band[i].cells[t.col] = null)),
      `the climber's cell (6, ${s.col}) is bare rock`,
    );
  });
  it("ending noMove: stamina left and no move legal (greedy seed 2461's regression)", async () => {
    const replay = (await import('../golden/regressions/no-move-greedy-seed-2461.replay.json')).default;
    let s = game.init(replay.seed).state;
    for (const a of replay.actions) s = step(s, a);
    expect([s.phase, s.ending, s.stamina > 0]).toEqual(['over', 'noMove', true]);
    expect(verdict(s)).toBe('accepted');
    refused(
      edit(s, (t) => Object.assign(t, { stamina: 0, pitchDipped: true })),
      'ending noMove needs stamina above 0 (at 0 the ending is exhausted)',
    );
    // With the full tank some step is affordable (every move costs at most 9).
    refused(
      edit(s, (t) => (t.stamina = t.tank)),
      'ending noMove, but a move is legal in this state',
    );
  });
  it('a hold with nothing a step above it in play is refused: the repair would have written one', () => {
    const s = fastestClimb(1).find((x) => x.highPoint === 4 && x.phase === 'climbing')!;
    // Empty row 7 (two above the climber, in play): row 6's holds have nothing within a step above.
    const i = s.band.findIndex((r) => r.row === 7);
    expect(s.band[i - 1].cells.some((c) => c !== null)).toBe(true);
    refused(
      edit(s, (t) => (t.band[i].cells = [null, null, null, null, null, null])),
      'row 6 has a hold with nothing within a step above it: the repair was not applied',
    );
  });
});
