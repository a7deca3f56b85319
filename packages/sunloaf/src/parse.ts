// Validation of untrusted states and actions. A state is accepted only if it is one this engine could have
// produced: every field present and no other, the room re-derived from (seed, day) and compared, the derived
// numbers recomputed, and the moving parts (cats, bowl statuses, clock, phase) consistent with each other.
import { canonicalJson, type Parsed, v } from '@hearth/engine';
import * as curve from './curves.ts';
import { cursorBefore, planDay } from './day.ts';
import type { Action, State } from './state.ts';

const STATE_KEYS = [
  'day',
  'turn',
  'phase',
  'outcome',
  'score',
  'mult',
  'quotaRatio',
  'dayPar',
  'dayQuota',
  'dayCosyRaw',
  'chain',
  'layout',
  'bowls',
  'cats',
  'rng',
] as const;
const LAYOUT_KEYS = [
  'window',
  'bandDwell',
  'dayLength',
  'shade',
  'furniture',
  'hearth',
  'clouds',
  'lattice',
  'dogLoops',
  'dogSpeed',
] as const;
const CAT_KEYS = ['id', 'tile', 'settled', 'range', 'big'] as const;
const BOWL_KEYS = ['mat', 'serveTurn', 'status'] as const;
export const MAX_DAY = 1_000_000;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const fail = (message: string): Parsed<State> => ({ ok: false, message });

export function parseState(value: unknown): Parsed<State> {
  let e = v.exactKeys(value, 'state', STATE_KEYS);
  if (e) return fail(e);
  const s = value as Record<string, any>;
  e = v.firstError(
    v.exactKeys(s.rng, 'state.rng', ['seed', 'cursor']),
    v.int(s.day, 'state.day', 1, MAX_DAY),
    v.exactKeys(s.layout, 'state.layout', LAYOUT_KEYS),
    v.array(s.cats, 'state.cats', 0, 5),
    v.array(s.bowls, 'state.bowls', 0, 64),
  );
  if (e) return fail(e);
  e = v.firstError(v.int(s.rng.seed, 'state.rng.seed', 0, 0xffffffff), v.int(s.rng.cursor, 'state.rng.cursor', 0, 0xffffffff));
  if (e) return fail(e);
  const day = s.day as number;
  const seed = s.rng.seed as number;
  const plan = planDay(seed, day, cursorBefore(seed, day));
  const fresh = plan.fresh;
  if (s.rng.cursor !== plan.cursor) return fail(`state.rng.cursor is not the cursor after day ${day} of this seed`);
  if (canonicalJson(s.layout) !== plan.layoutJson) return fail(`state.layout is not the room of day ${day} of this seed`);

  const length = fresh.layout.dayLength;
  e = v.firstError(
    v.int(s.turn, 'state.turn', 0, length),
    v.oneOf(s.phase, 'state.phase', ['day', 'sunset', 'over']),
    s.outcome === null ? null : v.oneOf(s.outcome, 'state.outcome', ['win', 'good_game', 'quota_missed']),
    v.int(s.score, 'state.score', 0, MAX_SAFE),
    v.int(s.dayCosyRaw, 'state.dayCosyRaw', 0, MAX_SAFE),
    v.int(s.chain, 'state.chain', 0, 8),
    s.mult === fresh.mult ? null : `state.mult must be ${fresh.mult} on day ${day}`,
    s.quotaRatio === fresh.quotaRatio ? null : `state.quotaRatio must be ${fresh.quotaRatio} on day ${day}`,
    s.dayPar === fresh.dayPar ? null : `state.dayPar must be ${fresh.dayPar}, the reference policy's raw cosy on this room`,
    s.dayQuota === fresh.dayQuota ? null : `state.dayQuota must be ceil(dayPar * quotaRatio / 10000) = ${fresh.dayQuota}`,
  );
  if (e) return fail(e);
  e = phaseError(s, length);
  if (e) return fail(e);
  e = catsError(s, fresh.cats, fresh.layout.furniture);
  if (e) return fail(e);
  e = bowlsError(s, fresh.bowls);
  if (e) return fail(e);
  return { ok: true, value: value as State };
}

function phaseError(s: Record<string, any>, length: number): string | null {
  const atEnd = s.turn === length;
  const met = s.dayCosyRaw >= s.dayQuota;
  switch (s.phase) {
    case 'day':
      if (s.outcome !== null) return 'state.outcome must be null while the day runs';
      return atEnd ? 'state.turn cannot be the day length while the day runs' : null;
    case 'sunset':
      if (s.outcome !== null) return 'state.outcome must be null at sunset';
      if (!atEnd) return 'sunset comes only after the last turn of the day';
      return met ? null : 'sunset needs the quota met';
    default:
      if (s.outcome === 'good_game') return atEnd ? 'a run ended mid day cannot be at the end of the day' : null;
      if (s.outcome === 'win') return atEnd && met ? null : 'a run ended at sunset must be at the end of a day with the quota met';
      if (s.outcome === 'quota_missed') return atEnd && !met ? null : 'a missed quota needs the last turn played and the quota unmet';
      return 'state.outcome must be set when the run is over';
  }
}

function catsError(s: Record<string, any>, start: readonly { big: boolean }[], furniture: readonly number[]): string | null {
  if (s.cats.length !== start.length) return `state.cats must hold the ${start.length} cats of day ${s.day}`;
  const seen = new Set<number>();
  for (let i = 0; i < s.cats.length; i++) {
    const name = `state.cats[${i}]`;
    const c = s.cats[i];
    const e = v.firstError(
      v.exactKeys(c, name, CAT_KEYS),
      c?.id === i ? null : `${name}.id must be ${i}`,
      v.int(c?.tile, `${name}.tile`, 0, 48),
      v.int(c?.settled, `${name}.settled`, 0, s.turn),
      c?.range === curve.catRange(i) ? null : `${name}.range must be ${curve.catRange(i)}`,
      c?.big === start[i]!.big ? null : `${name}.big must be ${start[i]!.big}`,
    );
    if (e) return e;
    if (furniture.includes(c.tile)) return `${name}.tile is furniture`;
    if (seen.has(c.tile)) return `${name}.tile is taken by another cat`;
    seen.add(c.tile);
  }
  return null;
}

function bowlsError(s: Record<string, any>, schedule: readonly { mat: number; serveTurn: number }[]): string | null {
  if (s.bowls.length !== schedule.length) return `state.bowls must hold the ${schedule.length} bowls of day ${s.day}`;
  for (let i = 0; i < s.bowls.length; i++) {
    const name = `state.bowls[${i}]`;
    const b = s.bowls[i];
    const e = v.firstError(
      v.exactKeys(b, name, BOWL_KEYS),
      b?.mat === schedule[i]!.mat && b?.serveTurn === schedule[i]!.serveTurn ? null : `${name} is not on the published schedule`,
      b?.serveTurn >= s.turn
        ? b?.status === 'waiting'
          ? null
          : `${name}.status must be waiting before its serve`
        : v.oneOf(b?.status, `${name}.status`, ['eaten', 'missed']),
    );
    if (e) return e;
  }
  return null;
}

const ACTION_TYPES = ['MOVE', 'REST', 'DOZE', 'NEXT_DAY', 'END_RUN'] as const;

/** Shape only (the grammar); extra fields are refused, as the grammar's additionalProperties: false says. */
export function parseAction(value: unknown): Parsed<Action> {
  if (!v.isRecord(value)) return { ok: false, message: 'an action is a JSON object with a "type"' };
  const e = v.oneOf(value.type, 'action.type', ACTION_TYPES);
  if (e) return { ok: false, message: e };
  if (value.type === 'MOVE') {
    const m = v.firstError(
      v.exactKeys(value, 'MOVE', ['type', 'cat', 'tile']),
      v.int(value.cat, 'MOVE.cat', 0, 4),
      v.int(value.tile, 'MOVE.tile', 0, 48),
    );
    if (m) return { ok: false, message: m };
    return { ok: true, value: { type: 'MOVE', cat: value.cat as number, tile: value.tile as number } };
  }
  const m = v.exactKeys(value, value.type as string, ['type']);
  if (m) return { ok: false, message: m };
  return { ok: true, value: { type: value.type } as Action };
}
