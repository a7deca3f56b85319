// The rules: one copy, `apply`, run by act, init and the fast simulation handle alike.
import { type Parsed, type RuleRefusal, type Rules, type StepReport, v } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { briefOf } from './brief.ts';
import { ANGLE_COUNT, FIRST_TENTH, POINTS, WAVE_COUNT, waveRow } from './constants.ts';
import type { FlightSim } from './flight.ts';
import { LayoutCache } from './layouts.ts';
import { type Observation, observe } from './observe.ts';
import { recapShot, shotEvents } from './recap.ts';
import { ActionShape } from './shapes/state.ts';
import { cloneState, type LastShot, parseState, type ShootAction, type State } from './state.ts';
import { createTensor } from './tensor.ts';

export const Reasons = {
  unknownAction: 'unknown_action',
  angleOutOfRange: 'angle_out_of_range',
  gameOver: 'game_over',
} as const;

/** The engine's quantization: Math.round(angleDeg * 10) (tenths of a degree), then the range check on it. */
export function quantizeTenths(angleDeg: number): number {
  return Math.round(angleDeg * 10);
}

/** Table index 0..1500 of a legal angle, or -1 when it quantizes outside [15.0, 165.0]. */
export function angleIndex(angleDeg: number): number {
  const tenths = quantizeTenths(angleDeg);
  return tenths >= FIRST_TENTH && tenths < FIRST_TENTH + ANGLE_COUNT ? tenths - FIRST_TENTH : -1;
}

const actionCheck = TypeCompiler.Compile(ActionShape);

/**
 * The action's shape from its one declaration (src/shapes/state.ts, also the served grammar). A finite angle outside
 * the grammar's range is still a SHOOT: the rules refuse it as angle_out_of_range (with the quantized value), so
 * only a wrong shape is unknown_action.
 */
export function parseAction(value: unknown): Parsed<ShootAction> {
  if (actionCheck.Check(value)) return { ok: true, value: { type: 'SHOOT', angleDeg: value.angleDeg } };
  const a = value as Record<string, unknown> | null;
  const shaped = v.isRecord(a) && Object.keys(a).length === 2 && a.type === 'SHOOT' && 'angleDeg' in a;
  if (shaped && typeof a.angleDeg === 'number' && Number.isFinite(a.angleDeg))
    return { ok: true, value: { type: 'SHOOT', angleDeg: a.angleDeg } };
  if (shaped) return { ok: false, message: 'angleDeg must be a finite number' };
  const first = actionCheck.Errors(value).First();
  const where = first ? (first.path ? `action${first.path.replaceAll('/', '.')}` : 'action') : 'action';
  return {
    ok: false,
    message: `${where}: ${first?.message ?? 'not an action'}; the only action is { "type": "SHOOT", "angleDeg": number }`,
  };
}

export interface LanternRules extends Rules<State, ShootAction, Observation> {
  readonly layouts: LayoutCache;
}

export function createRules(sim: FlightSim): LanternRules {
  const layouts = new LayoutCache(sim);
  return {
    layouts,
    init: (seed) => initState(layouts, seed),
    parseState,
    parseAction,
    refuse,
    apply: (state, action, report) => apply(sim, layouts, state, action, report),
    // Empty on purpose (design document): any SHOOT whose angle quantizes into [15.0, 165.0] is legal.
    legalActions: () => [],
    score: (s) => s.score,
    gameOver: (s) => s.gameOver,
    observe: (s) => observe(s, layouts.get(s.seed, s.wave).layout),
    clone: cloneState,
    extras: (s) => ({ lastShot: s.lastShot }),
    recap: (before, after) => recapShot(before, after),
    // The state after holds the shot in full (lastShot): the lean path collects no report unless events are asked for.
    recapFromStates: true,
    brief: (s) => briefOf(s, layouts.get(s.seed, s.wave).layout, sim.kernel),
    // A won round cleared every wave of the table; otherwise every wave before the current one.
    stats: (s) => ({ wavesCleared: s.won ? WAVE_COUNT : s.wave - 1 }),
    tensor: createTensor((s) => layouts.get(s.seed, s.wave).layout),
  };
}

function initState(layouts: LayoutCache, seed: number): State {
  // Keys in canonical (sorted) order, as in every state and shot: the server signs the native JSON.
  const s: State = {
    gameOver: false,
    lastShot: null,
    lit: new Array(waveRow(1).lanterns).fill(false),
    score: 0,
    seed: seed >>> 0,
    shots: 0,
    wave: 1,
    wispsLeft: waveRow(1).wisps,
    won: false,
  };
  layouts.get(s.seed, 1);
  return s;
}

function refuse(state: State, action: ShootAction): RuleRefusal | null {
  if (state.gameOver)
    return { reason: Reasons.gameOver, message: state.won ? 'the round is won: all 8 waves cleared' : 'out of wisps: the round is over' };
  if (angleIndex(action.angleDeg) < 0) {
    const q = quantizeTenths(action.angleDeg) / 10;
    return {
      reason: Reasons.angleOutOfRange,
      message: `angleDeg ${action.angleDeg} quantizes to ${q}, outside [15.0, 165.0]`,
      quantized: Number.isFinite(q) ? q : null,
    };
  }
  return null;
}

/** One shot: the wisp flies over the wave's layout, lanterns it lights stay lit, then the wave and the score move on. */
function apply(sim: FlightSim, layouts: LayoutCache, state: State, action: ShootAction, report?: StepReport): void {
  const index = angleIndex(action.angleDeg);
  const row = waveRow(state.wave);
  const { layout } = layouts.get(state.seed, state.wave);
  sim.loadLayout(layout, state.lit);
  const flight = sim.shoot(index, row.bounceCap);
  const firstLantern = layout.lanterns[0]!.id;
  let eventPoints = 0;
  for (const e of flight.events) {
    eventPoints += e.points;
    if (e.type === 'light') state.lit[(e.id as number) - firstLantern] = true;
  }
  state.wispsLeft--;
  state.shots++;
  const shot: LastShot = {
    angleDeg: (FIRST_TENTH + index) / 10,
    bonus: { efficiency: 0, oneShotWonder: 0, waveClear: 0 },
    events: flight.events,
    path: flight.path,
    points: 0,
    wave: state.wave,
    waveCleared: false,
  };
  if (state.lit.every(Boolean)) clearWave(state, shot, row);
  else if (state.wispsLeft === 0) state.gameOver = true;
  shot.points = eventPoints + shot.bonus.waveClear + shot.bonus.efficiency + shot.bonus.oneShotWonder;
  state.score += shot.points;
  state.lastShot = shot;
  if (report) report.events.push(...shotEvents(shot, state));
}

/** Every lantern lit: the wave's bonuses on the shot, then the next wave (or the round won after the last). */
function clearWave(state: State, shot: LastShot, row: ReturnType<typeof waveRow>): void {
  shot.waveCleared = true;
  shot.bonus.waveClear = POINTS.waveClear;
  shot.bonus.efficiency = POINTS.perUnspentWisp * state.wispsLeft;
  // One Shot Wonder: a wave of 3+ lanterns cleared with a single wisp of that wave.
  if (state.wispsLeft === row.wisps - 1 && row.lanterns >= POINTS.oneShotWonderMinLanterns) shot.bonus.oneShotWonder = POINTS.oneShotWonder;
  if (state.wave === WAVE_COUNT) {
    state.won = true;
    state.gameOver = true;
  } else {
    state.wave++;
    const next = waveRow(state.wave);
    state.wispsLeft = next.wisps;
    state.lit = new Array(next.lanterns).fill(false);
  }
}
