// parseState's reachability bounds, each at its exact edge: a state of real play that sits on the bound is accepted,
// and the same state one step past it is refused. The bounds come from the document's sentences (README
// "Reachability bounds in parseState"): a pitch takes at least 4 turns and every row gained a turn per 2 ("every
// legal move is at most 2 rows up"; the belay move does not advance the turn); on the starting ledge every turn costs
// exactly 1 and moves you at most 2 columns from column 3; while the high point is the pitch's ledge stamina has only
// fallen, so the pitch dipped exactly when stamina is 3 or below.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CragAction, CragState } from '../src/index.ts';
import { type CragGame, loadBoth } from './helpers.ts';

let game: CragGame;
beforeAll(async () => {
  game = (await loadBoth()).wasm.game;
});

const verdict = (t: CragState): string => {
  const p = game.rules.parseState(t);
  return p.ok ? 'accepted' : p.message;
};
const edit = (s: CragState, f: (t: CragState) => void): CragState => {
  const t = structuredClone(s);
  f(t);
  return t;
};
const step = (s: CragState, a: CragAction): CragState => {
  const r = game.act(s, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.reason}`);
  return r.state;
};

/** The fastest climb: every turn a move two rows up (or onto the belay), found by search over a seed's real wall. */
function fastestClimb(pitches: number): CragState[] | null {
  for (let seed = 1; seed < 400; seed++) {
    const path: CragState[] = [game.init(seed).state];
    const go = (s: CragState): boolean => {
      if (s.pitch > pitches) return true;
      if (s.phase === 'atLedge') {
        path.push(step(s, { type: 'climbOn' }));
        if (go(path.at(-1)!)) return true;
        path.pop();
        return false;
      }
      const belay = 10 * s.pitch;
      for (const a of game.rules.legalActions(s)) {
        if (a.type !== 'move' || !(a.row === s.row + 2 || a.row === belay)) continue;
        if (a.row <= s.highPoint) continue;
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
  return null;
}

describe('the pace bound: at least 4 turns a pitch and a turn per 2 rows', () => {
  it('every state of the fastest climb sits on the bound and is accepted; one turn earlier is refused naming turn', () => {
    const path = fastestClimb(3);
    expect(path).not.toBeNull();
    let onBound = 0;
    for (const s of path!) {
      const min = 4 * (s.pitch - 1) + Math.ceil((s.highPoint - 10 * (s.pitch - 1)) / 2);
      expect(verdict(s), JSON.stringify([s.pitch, s.highPoint, s.turn])).toBe('accepted');
      if (s.turn !== min) continue;
      onBound++;
      if (s.turn > 0) expect(verdict(edit(s, (t) => (t.turn -= 1)))).toMatch(/turn/);
    }
    // The climb reaches pitch 4 at turn 12, each pitch's ledge exactly 4 turns after the last.
    const last = path!.at(-1)!;
    expect([last.pitch, last.turn, last.highPoint]).toEqual([4, 12, 30]);
    expect(onBound).toBeGreaterThan(10);
  });
});

describe('the starting ledge: stamina = tank - turn, within 2 columns a turn of column 3', () => {
  it('20 breaths leave 4 stamina, a clean pitch; 21 leave 3, a dip; both parse, and each flag flipped is refused', () => {
    let s = game.init(5).state;
    for (let i = 0; i < 20; i++) s = step(s, { type: 'breathe' });
    expect([s.stamina, s.pitchDipped, s.turn]).toEqual([4, false, 20]);
    expect(verdict(s)).toBe('accepted');
    expect(verdict(edit(s, (t) => (t.pitchDipped = true)))).toMatch(/pitchDipped/);
    expect(verdict(edit(s, (t) => (t.stamina = 5)))).toMatch(/stamina/);
    s = step(s, { type: 'breathe' });
    expect([s.stamina, s.pitchDipped]).toEqual([3, true]);
    expect(verdict(s)).toBe('accepted');
    expect(verdict(edit(s, (t) => (t.pitchDipped = false)))).toMatch(/pitchDipped/);
  });
  it('one turn along the ledge reaches column 1 or 5 and no further', () => {
    const init = game.init(5).state;
    for (const col of [1, 5]) {
      const s = step(init, { type: 'move', row: 0, col });
      expect([s.turn, s.col, s.stamina]).toEqual([1, col, 23]);
      expect(verdict(s)).toBe('accepted');
    }
    const s = step(init, { type: 'move', row: 0, col: 1 });
    expect(verdict(edit(s, (t) => (t.col = 0)))).toMatch(/col 0/);
    const two = step(s, { type: 'move', row: 0, col: 0 });
    expect(verdict(two)).toBe('accepted');
    expect(verdict(edit(two, (t) => (t.turn = 1)))).toMatch(/turn|stamina/);
  });
});

describe('phases and endings', () => {
  it('at a ledge: a completed pitch, on its ledge at the high point, the full tank, a clean new pitch', () => {
    const path = fastestClimb(1)!;
    const ledge = path.find((s) => s.phase === 'atLedge')!;
    expect([ledge.pitch, ledge.row, ledge.highPoint, ledge.stamina, ledge.pitchDipped]).toEqual([2, 10, 10, ledge.tank, false]);
    expect(verdict(ledge)).toBe('accepted');
    expect(verdict(edit(ledge, (t) => (t.stamina -= 1)))).toMatch(/at a ledge stamina must be the full tank/);
    expect(verdict(edit(ledge, (t) => (t.pitchDipped = true)))).toMatch(/at a ledge stamina must be the full tank/);
    expect(verdict(edit(ledge, (t) => (t.col = (t.col + 1) % 6)))).toBe('accepted');
    const ended = step(ledge, { type: 'endRun' });
    expect([ended.phase, ended.ending]).toEqual(['over', 'ended']);
    expect(verdict(ended)).toBe('accepted');
    expect(verdict(edit(ended, (t) => (t.stamina -= 1)))).toMatch(/at a ledge stamina must be the full tank/);
    // The starting ledge is no completed pitch.
    const start = game.init(5).state;
    expect(verdict(edit(start, (t) => (t.phase = 'atLedge')))).toMatch(/atLedge needs a completed pitch/);
    expect(verdict(edit(start, (t) => Object.assign(t, { phase: 'over', ending: 'ended' })))).toMatch(
      /ending ended needs a completed pitch/,
    );
  });
  it('an ending exactly when the run is over; exhausted exactly at stamina 0; never climbing at 0', () => {
    let s = game.init(5).state;
    for (let i = 0; i < 24; i++) s = step(s, { type: 'breathe' });
    expect([s.phase, s.ending, s.stamina]).toEqual(['over', 'exhausted', 0]);
    expect(verdict(s)).toBe('accepted');
    expect(verdict(edit(s, (t) => (t.ending = null)))).toMatch(/ending must be set exactly when phase is over/);
    expect(verdict(edit(s, (t) => (t.phase = 'climbing')))).toMatch(/ending must be set exactly when phase is over/);
    expect(verdict(edit(s, (t) => Object.assign(t, { phase: 'climbing', ending: null })))).toMatch(/stamina 0 while climbing/);
    const early = step(game.init(5).state, { type: 'breathe' });
    expect(verdict(edit(early, (t) => Object.assign(t, { phase: 'over', ending: 'exhausted' })))).toMatch(/exhausted needs stamina 0/);
  });
});
