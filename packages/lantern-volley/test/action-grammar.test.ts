// The served action grammar accepts exactly what the rules accept (quantize first, then range-check).
import type { Game } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';
import { actionGrammar } from '../src/schemas.ts';

/** The neighbouring double toward +infinity (dir 1) or -infinity (dir -1). */
function nextDouble(x: number, dir: 1 | -1): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 === dir > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

/** A JSON Schema check for the keywords the grammar uses, read from the served grammar itself. */
function grammarAccepts(action: unknown): boolean {
  const g = actionGrammar as any;
  if (action === null || typeof action !== 'object' || Array.isArray(action)) return false;
  const a = action as Record<string, unknown>;
  for (const k of g.required as string[]) if (!(k in a)) return false;
  if (g.additionalProperties === false) for (const k of Object.keys(a)) if (!(k in g.properties)) return false;
  if (a.type !== g.properties.type.const) return false;
  const p = g.properties.angleDeg;
  const n = a.angleDeg;
  if (typeof n !== 'number' || !Number.isFinite(n)) return false;
  if (p.minimum !== undefined && n < p.minimum) return false;
  if (p.exclusiveMinimum !== undefined && n <= p.exclusiveMinimum) return false;
  if (p.maximum !== undefined && n > p.maximum) return false;
  if (p.exclusiveMaximum !== undefined && n >= p.exclusiveMaximum) return false;
  return true;
}

let game: Game;
let state: unknown;
beforeAll(async () => {
  game = await gameModule.load();
  state = game.init(3).state;
});

const rulesAccept = (angleDeg: number) => game.act(state, { type: 'SHOOT', angleDeg }).ok;
/** The same decision without running the shot: parseAction, then refuse (what act does before apply). */
const rulesWouldAccept = (angleDeg: number) => {
  const parsed = game.rules.parseAction({ type: 'SHOOT', angleDeg });
  return parsed.ok && game.rules.refuse(state, parsed.value) === null;
};

describe('action grammar vs rules', () => {
  it('14.96 and 14.95 are valid (15.0), 14.94 is refused (14.9); 165.04 is valid, 165.05 is refused', () => {
    expect(rulesAccept(14.96)).toBe(true);
    expect(rulesAccept(14.95)).toBe(true);
    expect(rulesAccept(14.94)).toBe(false);
    expect(rulesAccept(165.04)).toBe(true);
    expect(rulesAccept(165.05)).toBe(false);
    for (const a of [14.96, 14.95, 165.04]) expect(grammarAccepts({ type: 'SHOOT', angleDeg: a })).toBe(true);
    for (const a of [14.94, 165.05]) expect(grammarAccepts({ type: 'SHOOT', angleDeg: a })).toBe(false);
    const r = game.act(state, { type: 'SHOOT', angleDeg: 14.94 });
    expect(r).toMatchObject({ ok: false, reason: 'angle_out_of_range', quantized: 14.9 });
    const q = game.act(state, { type: 'SHOOT', angleDeg: 14.96 });
    expect(q.ok && (q as any).lastShot.angleDeg).toBe(15);
  });

  it('the bounds are exact to the last bit: the neighbours of 14.95 and 165.05 fall on the right sides', () => {
    const below = nextDouble(14.95, -1);
    const belowMax = nextDouble(165.05, -1);
    expect(rulesAccept(below)).toBe(false);
    expect(grammarAccepts({ type: 'SHOOT', angleDeg: below })).toBe(false);
    expect(rulesAccept(belowMax)).toBe(true);
    expect(grammarAccepts({ type: 'SHOOT', angleDeg: belowMax })).toBe(true);
    expect(rulesAccept(nextDouble(14.95, 1))).toBe(true);
    expect(rulesAccept(nextDouble(165.05, 1))).toBe(false);
  });

  it('agree on every hundredth of a degree from 10 to 170, 20 doubles around every boundary, and random values', () => {
    const values: number[] = [];
    for (let h = 1000; h <= 17000; h++) values.push(h / 100);
    for (const edge of [14.95, 165.05, 15, 165, 14.949999999999999, 165.04999999999998]) {
      let lo = edge;
      let hi = edge;
      for (let k = 0; k < 10; k++) {
        lo = nextDouble(lo, -1);
        hi = nextDouble(hi, 1);
        values.push(lo, hi);
      }
    }
    let x = 12345;
    for (let i = 0; i < 20000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      values.push(14 + (x / 4294967296) * 152);
    }
    values.push(0, -0, -15, 90, 1e308, -1e308, 5e-324);
    const disagree = values.filter((a) => rulesWouldAccept(a) !== grammarAccepts({ type: 'SHOOT', angleDeg: a }));
    expect(disagree).toEqual([]);
    // The shortcut is what act decides: spot-check it on every 97th value.
    for (let i = 0; i < values.length; i += 97) expect(rulesAccept(values[i]!)).toBe(rulesWouldAccept(values[i]!));
  });

  it('shapes outside the grammar are unknown_action; the grammar refuses them too', () => {
    const junk: unknown[] = [
      { type: 'SHOOT' },
      { type: 'SHOOT', angleDeg: '90' },
      { type: 'SHOOT', angleDeg: null },
      { type: 'SHOOT', angleDeg: Number.NaN },
      { type: 'SHOOT', angleDeg: Number.POSITIVE_INFINITY },
      { type: 'SHOOT', angleDeg: 90, spin: 1 },
      { type: 'shoot', angleDeg: 90 },
      { angleDeg: 90 },
      [{ type: 'SHOOT', angleDeg: 90 }],
    ];
    for (const a of junk) {
      expect(grammarAccepts(a)).toBe(false);
      expect(game.act(state, a)).toMatchObject({ ok: false, reason: 'unknown_action', legalActions: [] });
    }
  });
});
