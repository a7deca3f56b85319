// @ts-nocheck
//
// What a refusal says, beyond its reason: the field an unknown_action names, the angle and its quantized value in an
// angle_out_of_range message (design document, ANGLES: "14.94 quantizes to 14.9 and is rejected"), and why a
// game_over refusal came (the round won after wave 8, or the wisps run out).
import { beforeAll, describe, expect, it } from 'vitest';
import { FlightSim } from '../src/flight.ts';
import { loadKernel } from '../src/kernel.ts';
import { createRules, parseAction } from '../src/rules.ts';

let rules: ReturnType<typeof createRules>;
beforeAll(async () => {
  rules = createRules(new FlightSim(await loadKernel('wasm')));
});

const GRAMMAR = '; the only action is { "type": "SHOOT", "angleDeg": number }';
const refusal = (value: unknown): string => {
  const p = parseAction(value);
  return p.ok ? 'accepted' : p.message;
};

describe('unknown_action messages', () => {
  it('a SHOOT with its two keys but no finite angle: the angle must be a finite number', () => {
    for (const angleDeg of ['90', null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(refusal({ type: 'SHOOT', angleDeg })).toBe('angleDeg must be a finite number');
  });

  it('any other shape: the first wrong field, dotted from "action", with the error and the only action', () => {
    const wrongType = refusal({ type: 'FIRE', angleDeg: 90 });
    expect(wrongType.startsWith('action.type: ')).toBe(true);
    expect(wrongType.endsWith(GRAMMAR)).toBe(true);
    // The error itself comes from the compiled check: some words between the field and the grammar.
    expect(wrongType.length).toBeGreaterThan('action.type: '.length + GRAMMAR.length);
    expect(wrongType).not.toContain('not an action');
    // Not an object at all: the action itself is wrong.
    for (const junk of [5, null, 'SHOOT', [{ type: 'SHOOT', angleDeg: 90 }]]) {
      const m = refusal(junk);
      expect(m.startsWith('action: ')).toBe(true);
      expect(m.endsWith(GRAMMAR)).toBe(true);
      expect(m).not.toContain('angleDeg must be a finite number');
    }
    // Three keys: not the two-key SHOOT, so the shape's message, not the finite-number one.
    const extra = refusal({ type: 'SHOOT', angleDeg: '90', spin: 1 });
    expect(extra.startsWith('action')).toBe(true);
    expect(extra.endsWith(GRAMMAR)).toBe(true);
  });
});

describe('angle_out_of_range message', () => {
  it('names the angle given and the tenth it quantizes to, outside [15.0, 165.0]', () => {
    const s = rules.init(1);
    expect(rules.refuse(s, { type: 'SHOOT', angleDeg: 14.94 })).toEqual({
      reason: 'angle_out_of_range',
      message: 'angleDeg 14.94 quantizes to 14.9, outside [15.0, 165.0]',
      quantized: 14.9,
    });
    expect(rules.refuse(s, { type: 'SHOOT', angleDeg: 165.05 })).toEqual({
      reason: 'angle_out_of_range',
      message: 'angleDeg 165.05 quantizes to 165.1, outside [15.0, 165.0]',
      quantized: 165.1,
    });
    expect(rules.refuse(s, { type: 'SHOOT', angleDeg: 14.95 })).toBeNull();
  });
});

describe('game_over message', () => {
  it('says whether the round was won (all 8 waves cleared) or the wisps ran out', () => {
    const s = rules.init(1);
    const won = rules.refuse({ ...s, wave: 8, won: true, gameOver: true }, { type: 'SHOOT', angleDeg: 90 });
    expect(won?.reason).toBe('game_over');
    expect(won?.message).toMatch(/won/);
    expect(won?.message).toMatch(/8 waves/);
    const lost = rules.refuse({ ...s, wispsLeft: 0, gameOver: true }, { type: 'SHOOT', angleDeg: 90 });
    expect(lost?.reason).toBe('game_over');
    expect(lost?.message).toMatch(/out of wisps/);
    expect(lost?.message).not.toMatch(/won/);
  });
});
