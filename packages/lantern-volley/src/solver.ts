// The solver bot. Waves are independent (a layout is a pure function of seed and wave, and nothing carries
// over), and a flight does not depend on which lanterns are lit, so one sweep of the 1,501 angles tells what
// every shot of the wave can do. The solver then searches exactly: dynamic programming over (lit mask, wisps
// left), clearing the wave first (failing ends the round) and maximising the wave's points second.
import { lanternPoints, POINTS } from './constants.ts';
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
      // The kernel scores a light with the same function (assembly/constants.ts): one scoring table.
      points += lanternPoints(chain, move.banked[i]!);
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

  private readonly shotsMemo = new Map<number, number>();

  /** Fewest shots that light every lantern from `mask` (Infinity if impossible). */
  minShots(mask: number): number {
    if (mask === this.full) return 0;
    const hit = this.shotsMemo.get(mask);
    if (hit !== undefined) return hit;
    this.shotsMemo.set(mask, Number.POSITIVE_INFINITY);
    let best = Number.POSITIVE_INFINITY;
    for (const move of this.moves) {
      const { next } = this.gain(move, mask);
      if (next !== mask) best = Math.min(best, 1 + this.minShots(next));
    }
    this.shotsMemo.set(mask, best);
    return best;
  }

  /**
   * The greedy player: one shot of look-ahead over every distinct outcome of the 1,501 angles, taking the shot that
   * scores most now (wave bonuses included) among those that keep the wave clearable with the wisps left.
   */
  greedyAngle(mask: number, left: number): number {
    let best = -1;
    let bestPoints = -1;
    for (const move of this.moves) {
      const { points, next } = this.gain(move, mask);
      if (next === mask) continue;
      let total = points;
      if (next === this.full) {
        total += POINTS.waveClear + POINTS.perUnspentWisp * (left - 1);
        if (mask === 0 && left === this.wisps && this.lanternCount >= POINTS.oneShotWonderMinLanterns) total += POINTS.oneShotWonder;
      } else if (this.minShots(next) > left - 1) continue;
      if (total > bestPoints) {
        best = move.index;
        bestPoints = total;
      }
    }
    return best < 0 ? this.bestAngle(mask, left) : best;
  }

  /** The table index (0..1500) of the best next shot, or the first angle when nothing helps. */
  bestAngle(mask: number, left: number): number {
    const { move } = this.value(mask, left);
    return move < 0 ? 0 : this.moves[move]!.index;
  }
}
