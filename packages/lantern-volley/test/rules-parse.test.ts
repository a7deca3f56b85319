// @ts-nocheck
// The action's parse, the angle's table index and the round's headline figure, unit by unit (the design document's
// ANGLES and WAVES rules); test/rules.test.ts and test/action-grammar.test.ts play the same rules through act.
import { beforeAll, describe, expect, it } from 'vitest';
import { FlightSim } from '../src/flight.ts';
import { loadKernel } from '../src/kernel.ts';
import { angleIndex, createRules, parseAction } from '../src/rules.ts';

let rules: ReturnType<typeof createRules>;
beforeAll(async () => {
  rules = createRules(new FlightSim(await loadKernel('wasm')));
});

describe('parseAction', () => {
  it('reads { type: SHOOT, angleDeg } as that SHOOT, a finite angle outside the range included (the rules refuse it)', () => {
    expect(parseAction({ type: 'SHOOT', angleDeg: 73.7 })).toEqual({ ok: true, value: { type: 'SHOOT', angleDeg: 73.7 } });
    expect(parseAction({ angleDeg: 14.96, type: 'SHOOT' })).toEqual({ ok: true, value: { type: 'SHOOT', angleDeg: 14.96 } });
    // Outside [14.95, 165.05): still a SHOOT, so the refusal is angle_out_of_range with the quantized value.
    expect(parseAction({ type: 'SHOOT', angleDeg: 170 })).toEqual({ ok: true, value: { type: 'SHOOT', angleDeg: 170 } });
    expect(parseAction({ type: 'SHOOT', angleDeg: -1e308 })).toEqual({ ok: true, value: { type: 'SHOOT', angleDeg: -1e308 } });
    for (const junk of [{ type: 'SHOOT', angleDeg: Number.NaN }, { type: 'SHOOT', angleDeg: '90' }, { type: 'SHOOT', spin: 90 }, null, 90])
      expect(parseAction(junk).ok).toBe(false);
  });
});

describe('angleIndex', () => {
  it('maps a quantized angle in [15.0, 165.0] to its table index 0..1500 and anything else to -1', () => {
    // "the engine quantizes angleDeg to 0.1 deg FIRST, THEN range-checks [15.0, 165.0]; 1,501 distinct legal angles"
    expect(angleIndex(15)).toBe(0);
    expect(angleIndex(14.96)).toBe(0);
    expect(angleIndex(14.95)).toBe(0);
    expect(angleIndex(90)).toBe(750);
    expect(angleIndex(165)).toBe(1500);
    expect(angleIndex(165.04)).toBe(1500);
    for (const out of [14.94, 14.9, 10, 0, -90, 165.05, 165.1, 170, 1e308]) expect(angleIndex(out)).toBe(-1);
  });
});

describe('stats', () => {
  it('wavesCleared: the waves before the current one; all 8 once the round is won', () => {
    const s = rules.init(9);
    expect(rules.stats!(s)).toEqual({ wavesCleared: 0 });
    // Seed 9, wave 1: 73.7 deg lights all three lanterns with the first wisp, and the wave clears.
    rules.apply(s, { type: 'SHOOT', angleDeg: 73.7 });
    expect(s.wave).toBe(2);
    expect(rules.stats!(s)).toEqual({ wavesCleared: 1 });
    expect(rules.stats!({ ...s, wave: 5, won: false, gameOver: true })).toEqual({ wavesCleared: 4 });
    expect(rules.stats!({ ...s, wave: 8, won: true, gameOver: true })).toEqual({ wavesCleared: 8 });
  });
});
