// The solver bot. Waves are independent (a layout is a pure function of seed and wave, and nothing carries
// over), and a flight does not depend on which lanterns are lit, so one sweep of the 1,501 angles tells what
// every shot of the wave can do. The solver then searches exactly: dynamic programming over (lit mask, wisps
// left), clearing the wave first (failing ends the round) and maximising the wave's points second.
import { POINTS } from './constants.ts';
import type { AngleEffect } from './sweep.ts';

/** A distinct shot outcome (angles with the same lanterns, bounces and gong rings behave the same). */
interface Move {
  index: number;
  lanterns: number[];
  banked: number[];
  gongs: number;
}

const FAIL = -1_000_000;

export class WavePlanner {
  private readonly moves: Move[];
  private readonly memo = new Map<number, { value: number; move: number }>();
  private readonly full: number;

  constructor(
    effects: readonly AngleEffect[],
    readonly lanternCount: number,
    readonly wisps: number,
  ) {
    this.full = (1 << lanternCount) - 1;
    const seen = new Set<string>();
    this.moves = [];
    for (const e of effects) {
      if (e.lanterns.length === 0 && e.gongs === 0) continue;
      const banked = e.bounces.map((b) => Math.min(b, POINTS.bankedBounceCap));
      const key = `${e.lanterns.join(',')}|${banked.join(',')}|${e.gongs}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.moves.push({ index: e.index, lanterns: e.lanterns, banked, gongs: e.gongs });
    }
  }

  /** Points of a move from `mask` and the mask after it. */
  gain(move: Move, mask: number): { points: number; next: number } {
    let chain = 0;
    let points = move.gongs * POINTS.gong;
    let next = mask;
    for (let i = 0; i < move.lanterns.length; i++) {
      const bit = 1 << move.lanterns[i]!;
      if (next & bit) continue;
      next |= bit;
      chain++;
      points += POINTS.lanternStep * chain + POINTS.bankPerBounce * move.banked[i]!;
    }
    return { points, next };
  }

  /** Best achievable points from (mask, wisps left), with the wave-clear bonuses; FAIL-based when no clear exists. */
  value(mask: number, left: number): { value: number; move: number } {
    const key = mask * 16 + left;
    const hit = this.memo.get(key);
    if (hit) return hit;
    let best = { value: FAIL * 2, move: -1 };
    if (left === 0) {
      best = { value: FAIL, move: -1 };
    } else {
      for (let m = 0; m < this.moves.length; m++) {
        const { points, next } = this.gain(this.moves[m]!, mask);
        if (next === mask && points === 0) continue;
        let v: number;
        if (next === this.full) {
          v = points + POINTS.waveClear + POINTS.perUnspentWisp * (left - 1);
          if (mask === 0 && left === this.wisps && this.lanternCount >= POINTS.oneShotWonderMinLanterns) v += POINTS.oneShotWonder;
        } else {
          v = points + this.value(next, left - 1).value;
        }
        if (v > best.value) best = { value: v, move: m };
      }
      if (best.move < 0) best = { value: FAIL, move: -1 };
    }
    this.memo.set(key, best);
    return best;
  }

  /** The angle that scores most on the next shot alone (most new lanterns first, then points; lowest index on ties). */
  greedyAngle(mask: number): number {
    let best = -1;
    let bestLit = 0;
    let bestPoints = -1;
    for (const move of this.moves) {
      const { points, next } = this.gain(move, mask);
      const lit = popcount(next & ~mask);
      if (lit > bestLit || (lit === bestLit && points > bestPoints)) {
        best = move.index;
        bestLit = lit;
        bestPoints = points;
      }
    }
    return Math.max(best, 0);
  }

  /** The table index (0..1500) of the best next shot, or the first angle when nothing helps. */
  bestAngle(mask: number, left: number): number {
    const { move } = this.value(mask, left);
    return move < 0 ? 0 : this.moves[move]!.index;
  }
}

function popcount(x: number): number {
  let n = 0;
  for (let m = x; m; m &= m - 1) n++;
  return n;
}
