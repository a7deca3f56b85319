// parseState: the engine trusts nothing it is given. The compiled TypeBox check (src/shapes/state.ts, the same
// declaration as the served schema) settles the shape, naming the first field that is wrong; then the semantic
// checks: the wave table, the counters against each other, the score within what the counters allow (issue 17: no
// provably unreachable state is accepted), and lastShot's own arithmetic. act({ trusted: true }) never calls it.
import type { Parsed } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { lanternPoints, POINTS, WAVE_COUNT, waveRow } from './constants.ts';
import { CONTENT } from './generator.ts';
import { type LastShot, type ShotEvent, type State, StateShape } from './shapes/state.ts';

export type { LastShot, ShootAction, ShotBonus, State } from './shapes/state.ts';

const stateCheck = TypeCompiler.Compile(StateShape);

/** Every point value (100, 40, 25, 200, 150, 300) is a multiple of this, so every score is. */
const SCORE_STEP = 5;

/** Wisps of every wave before `wave`: the most shots a round can have fired before it begins. */
function wispsBefore(wave: number): number {
  let n = 0;
  for (let w = 1; w < wave; w++) n += waveRow(w).wisps;
  return n;
}

/** The most that lighting `k` lanterns can score: all in one shot, each after 5 or more bounces. */
function lanternMax(k: number): number {
  let p = 0;
  for (let c = 1; c <= k; c++) p += lanternPoints(c, POINTS.bankedBounceCap);
  return p;
}

/** The most a cleared wave can have scored: every lantern at its best, every gong rung by every wisp, every bonus. */
function waveMax(w: number): number {
  const row = waveRow(w);
  const gongs = CONTENT[w - 1]!.gongs * row.wisps * POINTS.gong;
  return lanternMax(row.lanterns) + gongs + POINTS.waveClear + POINTS.perUnspentWisp * (row.wisps - 1) + POINTS.oneShotWonder;
}

/** '/lastShot/events/0/x' -> 'lastShot.events[0].x' */
function fieldName(pointer: string): string {
  const parts = pointer.split('/').slice(1);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || 'state';
}

export function parseState(value: unknown): Parsed<State> {
  let err: string | null;
  if (!stateCheck.Check(value)) {
    const first = stateCheck.Errors(value).First();
    err = first ? `${fieldName(first.path)}: ${first.message}` : 'not a state';
  } else err = checkState(value);
  return err ? { ok: false, message: `invalid state: ${err}` } : { ok: true, value: value as State };
}

function checkState(state: State): string | null {
  const row = waveRow(state.wave);
  if (state.wispsLeft > row.wisps) return `wispsLeft ${state.wispsLeft} is more than the ${row.wisps} wisps of wave ${state.wave}`;
  if (state.lit.length !== row.lanterns) return `lit must have ${row.lanterns} flags in wave ${state.wave}`;
  let litCount = 0;
  for (const l of state.lit) if (l) litCount++;
  const allLit = litCount === row.lanterns;
  const fired = row.wisps - state.wispsLeft;
  if (state.won) {
    if (!state.gameOver || state.wave !== WAVE_COUNT || !allLit)
      return 'won: a won round is over (gameOver), in wave 8, with every lantern lit';
  } else {
    if (allLit) return `lit: every lantern of wave ${state.wave} is lit but the wave did not advance (won is false)`;
    if (state.gameOver !== (state.wispsLeft === 0))
      return `gameOver must be true exactly when the wisps ran out (wispsLeft ${state.wispsLeft})`;
  }
  if (fired === 0 && litCount > 0)
    return `lit[${state.lit.indexOf(true)}] is lit before any wisp of wave ${state.wave} was fired (wispsLeft ${state.wispsLeft})`;
  const minShots = state.wave - 1 + fired;
  const maxShots = wispsBefore(state.wave) + fired;
  if (state.shots < minShots || state.shots > maxShots)
    return `shots ${state.shots} is not within ${minShots}..${maxShots}, what wave ${state.wave} with wispsLeft ${state.wispsLeft} allows`;
  // Reachability of the score: each cleared wave scored at least 100 per lantern and its clear bonus, each lit
  // lantern at least 100; at most every lantern at its best chain and bank, every gong rung by every wisp, every bonus.
  const cleared = state.won ? WAVE_COUNT : state.wave - 1;
  let minScore = state.won ? 0 : 100 * litCount;
  let maxScore = state.won ? 0 : lanternMax(litCount) + CONTENT[state.wave - 1]!.gongs * fired * POINTS.gong;
  for (let w = 1; w <= cleared; w++) {
    minScore += 100 * waveRow(w).lanterns + POINTS.waveClear;
    maxScore += waveMax(w);
  }
  if (state.score < minScore || state.score > maxScore)
    return `score ${state.score} is not within ${minScore}..${maxScore}, what wave ${state.wave}, ${litCount} lit and ${state.shots} shots allow`;
  if (state.score % SCORE_STEP !== 0) return `score ${state.score} is not a multiple of ${SCORE_STEP}, as every point value is`;
  if (state.shots === 0) return state.lastShot === null ? null : 'lastShot must be null before the first shot (shots 0)';
  if (state.lastShot === null) return `lastShot is missing after ${state.shots} shots`;
  return checkLastShot(state.lastShot, state);
}

function checkLastShot(s: LastShot, state: State): string | null {
  if (s.points > state.score) return `lastShot.points ${s.points} is more than the score ${state.score}`;
  // The shape keeps the angle in [15, 165]; on the 0.1-degree grid it is one of the 1,501 legal angles.
  if (s.angleDeg !== Math.round(s.angleDeg * 10) / 10) return 'lastShot.angleDeg must be a quantized angle';
  const expectedWave = s.waveCleared && !state.won ? state.wave - 1 : state.wave;
  if (s.wave !== expectedWave) return `lastShot.wave must be ${expectedWave}`;
  // A fresh wave also has nothing lit: checkState refused lanterns lit before any wisp of the wave was fired.
  if (s.waveCleared && !state.won && state.wispsLeft !== waveRow(state.wave).wisps)
    return 'lastShot.waveCleared: after a clear the new wave starts fresh';
  const b = s.bonus;
  if (!s.waveCleared && b.waveClear + b.efficiency + b.oneShotWonder !== 0) return 'lastShot.bonus without a wave clear';
  if (s.waveCleared && b.waveClear !== POINTS.waveClear) return 'lastShot.bonus.waveClear: a wave clear scores its bonus';
  let eventPoints = 0;
  let bounces = 0;
  for (let i = 0; i < s.events.length; i++) {
    const e = checkEvent(s.events[i]!, i, i === s.events.length - 1);
    if (e) return e;
    const ev = s.events[i]!;
    eventPoints += ev.points;
    if (ev.type === 'bounce') bounces++;
  }
  if (s.path.length !== bounces + 2) return 'lastShot.path must hold the start, one vertex per bounce and the end';
  if (s.points !== eventPoints + b.waveClear + b.efficiency + b.oneShotWonder) return 'lastShot.points must add up';
  return null;
}

function checkEvent(e: ShotEvent, i: number, last: boolean): string | null {
  const name = `lastShot.events[${i}]`;
  if ((e.type === 'light') !== (e.chain !== undefined)) return `${name}.chain: present exactly on a light`;
  if ((e.type === 'fade') !== (e.cause !== undefined)) return `${name}.cause: present exactly on a fade`;
  const terminal = e.type === 'absorb' || e.type === 'fade';
  if (terminal !== last) return `${name}: exactly the last event ends the flight`;
  if (e.type !== 'fade' && e.id === null) return `${name}.id is required`;
  return null;
}

/**
 * A copy for `apply` to step. lastShot is shared, not cloned: `apply` never mutates it, it replaces it with the
 * new shot (issue 14: the deep clone of the last shot's path and events cost ~20 us per action).
 */
export function cloneState(s: State): State {
  return { ...s, lit: s.lit.slice() };
}
