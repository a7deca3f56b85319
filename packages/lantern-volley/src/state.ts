// State types and parseState: the engine trusts nothing it is given, so every field is required and checked,
// including the consistency between them (a forged or corrupted state is refused as invalid_state).
import { type Parsed, v } from '@hearth/engine';
import { ANGLE_COUNT, EVENT_CAP, FIRST_TENTH, MAX_PATH, POINTS, WAVE_COUNT, waveRow } from './constants.ts';
import type { Point, ShotEvent } from './flight.ts';

export interface ShotBonus {
  waveClear: number;
  efficiency: number;
  oneShotWonder: number;
}

/** The last shot's full resolution: the ground truth a client validates an offline simulator against. */
export interface LastShot {
  /** The wave the shot was fired in. */
  wave: number;
  /** The angle as quantized (Math.round(angleDeg * 10) / 10). */
  angleDeg: number;
  path: Point[];
  events: ShotEvent[];
  waveCleared: boolean;
  bonus: ShotBonus;
  /** Everything the shot scored: event points plus the bonus. */
  points: number;
}

export interface State {
  seed: number;
  /** Current wave, 1..8 (stays 8 once the round is won). */
  wave: number;
  wispsLeft: number;
  /** One flag per lantern of the current wave's layout, in layout order. */
  lit: boolean[];
  score: number;
  /** Shots fired in the whole round. */
  shots: number;
  gameOver: boolean;
  won: boolean;
  lastShot: LastShot | null;
}

export interface ShootAction {
  type: 'SHOOT';
  angleDeg: number;
}

const STATE_KEYS = ['seed', 'wave', 'wispsLeft', 'lit', 'score', 'shots', 'gameOver', 'won', 'lastShot'] as const;
const SHOT_KEYS = ['wave', 'angleDeg', 'path', 'events', 'waveCleared', 'bonus', 'points'] as const;
const EVENT_TYPES = ['bounce', 'light', 'gong', 'absorb', 'fade'] as const;
const FADE_CAUSES = ['budget', 'bounceCap', 'eventCap'] as const;
const EVENT_KEYS = ['type', 'id', 'x', 'y', 'bounces', 'distance', 'points'];
/** Far beyond any reachable score; a sanity bound for forged states. */
const MAX_SCORE = 10_000_000;
const COORD = 1e6;

/** Wisps of every wave before `wave`, the most shots a round can have fired before it begins. */
function wispsBefore(wave: number): number {
  let n = 0;
  for (let w = 1; w < wave; w++) n += waveRow(w).wisps;
  return n;
}

export function parseState(value: unknown): Parsed<State> {
  const err = checkState(value);
  return err ? { ok: false, message: `invalid state: ${err}` } : { ok: true, value: value as State };
}

function checkState(s: unknown): string | null {
  const shape = v.exactKeys(s, 'state', STATE_KEYS);
  if (shape) return shape;
  const st = s as Record<string, unknown>;
  const basic = v.firstError(
    v.int(st.seed, 'seed', 0, 0xffffffff),
    v.int(st.wave, 'wave', 1, WAVE_COUNT),
    v.int(st.score, 'score', 0, MAX_SCORE),
    v.int(st.shots, 'shots', 0, 1000),
    v.bool(st.gameOver, 'gameOver'),
    v.bool(st.won, 'won'),
    v.array(st.lit, 'lit', 1, 8),
  );
  if (basic) return basic;
  const state = st as unknown as State;
  const row = waveRow(state.wave);
  const wisps = v.int(state.wispsLeft, 'wispsLeft', 0, row.wisps);
  if (wisps) return wisps;
  if (state.lit.length !== row.lanterns) return `lit must have ${row.lanterns} flags in wave ${state.wave}`;
  for (let i = 0; i < state.lit.length; i++) {
    const e = v.bool(state.lit[i], `lit[${i}]`);
    if (e) return e;
  }
  const litCount = state.lit.filter(Boolean).length;
  const allLit = litCount === row.lanterns;
  const firedThisWave = row.wisps - state.wispsLeft;
  if (state.won) {
    if (!state.gameOver || state.wave !== WAVE_COUNT || !allLit) return 'a won round is over, in wave 8, with every lantern lit';
  } else {
    if (allLit) return 'every lantern is lit but the wave did not advance';
    if (state.gameOver !== (state.wispsLeft === 0)) return 'gameOver must be true exactly when the wisps ran out';
  }
  if (firedThisWave === 0 && litCount > 0) return 'lanterns are lit before any wisp of the wave was fired';
  const minShots = state.wave - 1 + firedThisWave;
  const maxShots = wispsBefore(state.wave) + firedThisWave;
  if (state.shots < minShots || state.shots > maxShots) return `shots must be between ${minShots} and ${maxShots}`;
  // Each cleared wave scored at least 100 per lantern and the clear bonus; each lit lantern at least 100.
  let minScore = 100 * litCount;
  for (let w = 1; w < state.wave; w++) minScore += 100 * waveRow(w).lanterns + POINTS.waveClear;
  if (state.score < minScore) return `score ${state.score} is below the ${minScore} this position implies`;
  if (state.shots === 0) return state.lastShot === null ? null : 'lastShot must be null before the first shot';
  if (state.lastShot === null) return 'lastShot is missing after a shot';
  return checkLastShot(state.lastShot, state, state.score);
}

function checkLastShot(shot: unknown, state: State, score: number): string | null {
  const shape = v.exactKeys(shot, 'lastShot', SHOT_KEYS);
  if (shape) return shape;
  const s = shot as LastShot;
  const basic = v.firstError(
    v.int(s.wave, 'lastShot.wave', 1, WAVE_COUNT),
    v.num(s.angleDeg, 'lastShot.angleDeg', 15, 165),
    v.bool(s.waveCleared, 'lastShot.waveCleared'),
    v.int(s.points, 'lastShot.points', 0, score),
    v.array(s.path, 'lastShot.path', 2, MAX_PATH),
    v.array(s.events, 'lastShot.events', 1, EVENT_CAP),
    v.exactKeys(s.bonus, 'lastShot.bonus', ['waveClear', 'efficiency', 'oneShotWonder']),
  );
  if (basic) return basic;
  const tenths = Math.round(s.angleDeg * 10);
  if (s.angleDeg !== tenths / 10 || tenths < FIRST_TENTH || tenths >= FIRST_TENTH + ANGLE_COUNT)
    return 'lastShot.angleDeg must be a quantized angle';
  const expectedWave = s.waveCleared && !state.won ? state.wave - 1 : state.wave;
  if (s.wave !== expectedWave) return `lastShot.wave must be ${expectedWave}`;
  if (s.waveCleared && !state.won && (state.wispsLeft !== waveRow(state.wave).wisps || state.lit.some(Boolean)))
    return 'after a clear the new wave starts fresh';
  const b = s.bonus;
  const bonusErr = v.firstError(
    v.int(b.waveClear, 'lastShot.bonus.waveClear', 0, POINTS.waveClear),
    v.int(b.efficiency, 'lastShot.bonus.efficiency', 0, POINTS.perUnspentWisp * 5),
    v.int(b.oneShotWonder, 'lastShot.bonus.oneShotWonder', 0, POINTS.oneShotWonder),
  );
  if (bonusErr) return bonusErr;
  if (!s.waveCleared && b.waveClear + b.efficiency + b.oneShotWonder !== 0) return 'bonus without a wave clear';
  if (s.waveCleared && b.waveClear !== POINTS.waveClear) return 'a wave clear scores its bonus';
  for (let i = 0; i < s.path.length; i++) {
    const p = s.path[i];
    const e = v.firstError(
      v.exactKeys(p, `lastShot.path[${i}]`, ['x', 'y']),
      v.num((p as Point)?.x, 'x', -COORD, COORD),
      v.num((p as Point)?.y, 'y', -COORD, COORD),
    );
    if (e) return e;
  }
  let eventPoints = 0;
  let bounces = 0;
  for (let i = 0; i < s.events.length; i++) {
    const e = checkEvent(s.events[i], i, i === s.events.length - 1);
    if (e) return e;
    const ev = s.events[i]!;
    eventPoints += ev.points;
    if (ev.type === 'bounce') bounces++;
  }
  if (s.path.length !== bounces + 2) return 'lastShot.path must hold the start, one vertex per bounce and the end';
  if (s.points !== eventPoints + b.waveClear + b.efficiency + b.oneShotWonder) return 'lastShot.points must add up';
  return null;
}

function checkEvent(e: unknown, i: number, last: boolean): string | null {
  const name = `lastShot.events[${i}]`;
  if (!v.isRecord(e)) return `${name} must be an object`;
  const t = v.oneOf(e.type, `${name}.type`, EVENT_TYPES);
  if (t) return t;
  const type = e.type as ShotEvent['type'];
  const keys = type === 'light' ? [...EVENT_KEYS, 'chain'] : type === 'fade' ? [...EVENT_KEYS, 'cause'] : EVENT_KEYS;
  const err = v.firstError(
    v.exactKeys(e, name, keys),
    e.id === null ? null : v.int(e.id, `${name}.id`, 0, 63),
    v.num(e.x, `${name}.x`, -COORD, COORD),
    v.num(e.y, `${name}.y`, -COORD, COORD),
    v.int(e.bounces, `${name}.bounces`, 0, EVENT_CAP),
    v.num(e.distance, `${name}.distance`, 0, COORD),
    v.int(e.points, `${name}.points`, 0, 100 * 64 + 200),
    type === 'light' ? v.int(e.chain, `${name}.chain`, 1, 64) : null,
    type === 'fade' ? v.oneOf(e.cause, `${name}.cause`, FADE_CAUSES) : null,
  );
  if (err) return err;
  const terminal = type === 'absorb' || type === 'fade';
  if (terminal !== last) return `${name}: exactly the last event ends the flight`;
  if ((type === 'light' || type === 'bounce' || type === 'gong' || type === 'absorb') && e.id === null) return `${name}.id is required`;
  return null;
}

/**
 * A copy for `apply` to step. lastShot is shared, not cloned: `apply` never mutates it, it replaces it with the
 * new shot (issue 14: the deep clone of the last shot's path and events cost ~20 us per action).
 */
export function cloneState(s: State): State {
  return { ...s, lit: s.lit.slice() };
}
