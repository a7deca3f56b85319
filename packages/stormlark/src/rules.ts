// The rules: refuse, apply and legalActions, over the flat board the kernel shares. apply runs the
// twelve-step resolution order of the design document; steps 3-5 (discharge, movers, scroll) and
// 10 (survivability search and repair) run in the kernel, the rest here.
import type { Parsed, RuleRefusal, Rules, StepReport } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  type BoardViews,
  blocksPulse,
  clearCell,
  GATE,
  isSolid,
  KIND_BY_CODE,
  LANES,
  MOTE,
  readBoard,
  SQUALL,
  writeBoard,
} from './board.ts';
import { buildBrief } from './brief.ts';
import { noEvents, type TurnEvents, turnStepEvents } from './events.ts';
import { drawColumn } from './generator.ts';
import type { StormlarkKernel } from './kernel.ts';
import { type Observation, observe } from './observe.ts';
import { buildRecap } from './recap.ts';
import { BUDGET } from './schedule.ts';
import { award, BASE, chainTenths, reachQuarters } from './scoring.ts';
import { ActionShape } from './shapes/action.ts';
import {
  ACTION_TYPES,
  type ActionType,
  cloneState,
  MAX_CHARGE,
  MAX_HULL,
  PULSE_COST,
  SCORE_GUARD,
  STATE_KEYS,
  type StormlarkAction,
  type StormlarkState,
  validateState,
} from './state.ts';
import { stormlarkTensor } from './tensor.ts';

/** Stable refusal reasons (besides the engine's unknown_action and invalid_state). */
export const REASONS = {
  gameOver: 'game_over',
  topLane: 'top_lane',
  bottomLane: 'bottom_lane',
  lowCharge: 'low_charge',
  notAtGate: 'not_at_gate',
  atGate: 'at_gate',
} as const;

const ACTIONS: Readonly<Record<ActionType, StormlarkAction>> = Object.freeze({
  UP: Object.freeze({ type: 'UP' as const }),
  DOWN: Object.freeze({ type: 'DOWN' as const }),
  FIRE: Object.freeze({ type: 'FIRE' as const }),
  VENT: Object.freeze({ type: 'VENT' as const }),
  NEXT_REACH: Object.freeze({ type: 'NEXT_REACH' as const }),
  END_RUN: Object.freeze({ type: 'END_RUN' as const }),
});
export const action = (type: ActionType): StormlarkAction => ACTIONS[type];
const ActionCheck = TypeCompiler.Compile(ActionShape);

/** Base award of clearing each kind (index = kind code). */
const CLEAR_BASE = [0, 0, BASE.knot, BASE.drifter, BASE.rimeshell, BASE.sparker, BASE.warden, 0, 0, 0];
/** Wardens step on scrolling turns whose column counter (before the draw) is even. */
export const wardenMoves = (column: number): boolean => column % 2 === 0;

/** The first field (scalars first, then the board) where a turn-0 state differs from init's. */
function firstDifference(s: StormlarkState, fresh: StormlarkState): string | null {
  for (const key of STATE_KEYS) {
    if (key === 'entities' || key === 'phase' || key === 'turn') continue; // END_RUN may have ended it
    if (s[key] !== fresh[key]) return key;
  }
  if (s.entities.length !== fresh.entities.length) return 'entities';
  for (let i = 0; i < s.entities.length; i++) {
    const a = s.entities[i]!;
    const b = fresh.entities[i]!;
    if (a.id !== b.id || a.kind !== b.kind || a.lane !== b.lane || a.col !== b.col || a.hp !== b.hp || a.drift !== b.drift)
      return `entities[${i}]`;
  }
  return null;
}

export function createRules(kernel: StormlarkKernel): Rules<StormlarkState, StormlarkAction, Observation> {
  const mirror = new BoardMirror(kernel);
  const init = (seed: number) => initState(mirror, seed);
  return {
    init,
    parseState: (value) => parseState(mirror, value),
    parseAction,
    refuse,
    apply: (s, a, report) => apply(mirror, s, a, report),
    legalActions,
    score: (s) => s.score,
    gameOver: (s) => s.phase === 'over',
    observe: view,
    clone: cloneState,
    // From what the step recorded as it ran (the report's facts): the recap can never disagree with what apply did.
    // (END_RUN and NEXT_REACH record none: buildRecap names them from the action alone.)
    recap: (before, after, a, report) => buildRecap(before, after, a, (report.facts as TurnEvents | undefined) ?? null),
    brief: (s) => buildBrief(s, legalActions(s)),
    endsRun: (a) => a.type === 'END_RUN',
    tensor: stormlarkTensor,
    // Reaches completed: every reach below the current one, plus the current one when sitting at its Gate.
    stats: (s) => ({ reachesCleared: s.reach - 1 + (s.phase === 'reachClear' ? 1 : 0) }),
  };
}

/**
 * The kernel's board and the entity list it mirrors right now. A state stepped again and again in place (the fast
 * simulation handle) keeps its board resident in kernel memory instead of rewriting it; any other list (act's
 * clone, a policy's clone, a parsed state) is written first.
 */
class BoardMirror {
  readonly b: BoardViews;
  private resident: StormlarkState['entities'] | null = null;
  private residentLength = -1;

  constructor(readonly kernel: StormlarkKernel) {
    this.b = kernel.board;
  }

  /** The board holds these entities (written unless it already does). */
  load(entities: StormlarkState['entities']): void {
    if (entities === this.resident && entities.length === this.residentLength) return;
    writeBoard(this.b, entities);
    this.resident = entities;
    this.residentLength = entities.length;
  }

  /** The state's entities read back from the board, which now mirrors them. */
  store(s: StormlarkState): void {
    s.entities = readBoard(this.b, s.entities);
    this.resident = s.entities;
    this.residentLength = s.entities.length;
  }
}

function initState(mirror: BoardMirror, seed: number): StormlarkState {
  const s: StormlarkState = {
    chain: 0,
    charge: MAX_CHARGE,
    column: 0,
    entities: [],
    hull: MAX_HULL,
    hullLost: false,
    nextId: 0,
    phase: 'flying',
    reach: 1,
    rngState: 0,
    score: 0,
    seed: seed >>> 0,
    shipLane: 3,
    turn: 0,
  };
  mirror.load(s.entities);
  // columns 1..9 of the first reach, drawn into board columns 1..9 in order
  for (let col = 1; col <= 9; col++) {
    s.nextId = drawColumn(mirror.b, s.seed, s.rngState, col, col, s.nextId); // drawn column n = col: s.column is col - 1 here
    s.column++;
    s.rngState = (s.rngState + BUDGET) >>> 0;
  }
  mirror.kernel.repair(s.column, s.shipLane);
  mirror.store(s);
  return s;
}

function parseState(mirror: BoardMirror, value: unknown): Parsed<StormlarkState> {
  const parsed = validateState(value);
  if (!parsed.ok) return parsed;
  mirror.load(parsed.value.entities);
  if (mirror.kernel.failingColumn(parsed.value.column) !== 0)
    return { ok: false, message: 'state.entities: no lane can cross columns 1 to 3 by dodging, which no resolved turn leaves' };
  // Before the first scroll a run is exactly what init draws for its seed (END_RUN may have ended it):
  // nine columns and a repair, cheap enough to redraw, so every turn-0 field is checked exactly.
  if (parsed.value.column === 9) {
    const wrong = firstDifference(parsed.value, initState(mirror, parsed.value.seed));
    if (wrong) return { ok: false, message: `state.${wrong} differs from what init(state.seed) draws, and no turn has scrolled yet` };
  }
  return parsed;
}

function parseAction(value: unknown): Parsed<StormlarkAction> {
  if (ActionCheck.Check(value)) return { ok: true, value: ACTIONS[value.type] };
  // name what is wrong: not an object, an unknown type, or a key no action has
  if ((ACTION_TYPES as readonly unknown[]).includes(value))
    return { ok: false, message: `an action is an object: send { "type": "${value}" }, not the bare string "${value}"` };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'an action is an object { "type": ... }' };
  const type = (value as Record<string, unknown>).type;
  if (!(ACTION_TYPES as readonly unknown[]).includes(type))
    return { ok: false, message: `action.type must be one of ${ACTION_TYPES.join(', ')}` };
  const extra = Object.keys(value).find((key) => key !== 'type');
  return { ok: false, message: `action.${extra} is not part of any action` };
}

function refuse(s: StormlarkState, a: StormlarkAction): RuleRefusal | null {
  if (s.phase === 'over') return { reason: REASONS.gameOver, message: 'the run is over' };
  if (a.type === 'END_RUN') return null;
  if (s.phase === 'reachClear') {
    if (a.type === 'NEXT_REACH') return null;
    return { reason: REASONS.atGate, message: `at a Gate only NEXT_REACH and END_RUN are legal, not ${a.type}` };
  }
  switch (a.type) {
    case 'NEXT_REACH':
      return { reason: REASONS.notAtGate, message: 'NEXT_REACH is legal only at a Gate' };
    case 'UP':
      return s.shipLane === 0 ? { reason: REASONS.topLane, message: 'UP is illegal at lane 0' } : null;
    case 'DOWN':
      return s.shipLane === 6 ? { reason: REASONS.bottomLane, message: 'DOWN is illegal at lane 6' } : null;
    case 'FIRE':
      return s.charge < PULSE_COST
        ? { reason: REASONS.lowCharge, message: `FIRE needs ${PULSE_COST} charge, you hold ${s.charge}`, charge: s.charge }
        : null;
    default:
      return null;
  }
}

function legalActions(s: StormlarkState): StormlarkAction[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'reachClear') return [ACTIONS.NEXT_REACH, ACTIONS.END_RUN];
  const out: StormlarkAction[] = [];
  if (s.shipLane > 0) out.push(ACTIONS.UP);
  if (s.shipLane < 6) out.push(ACTIONS.DOWN);
  if (s.charge >= PULSE_COST) out.push(ACTIONS.FIRE);
  out.push(ACTIONS.VENT, ACTIONS.END_RUN);
  return out;
}

function view(s: StormlarkState): Observation {
  const unavailable: Observation['unavailable'] = [];
  for (const type of ACTION_TYPES) {
    const no = refuse(s, ACTIONS[type]);
    if (no) unavailable.push({ type, reason: no.reason, message: no.message });
  }
  return observe(s, unavailable);
}

/**
 * The step, with what it did when the engine asks for a report: the turn's record as the report's facts (what the
 * recap reads), and its events when they are read (END_RUN and NEXT_REACH report one event each).
 */
function apply(mirror: BoardMirror, s: StormlarkState, a: StormlarkAction, report?: StepReport): void {
  if (!report) {
    step(mirror, s, a, null);
    return;
  }
  if (a.type === 'END_RUN' || a.type === 'NEXT_REACH') {
    step(mirror, s, a, null);
    if (report.withEvents)
      report.events.push(
        a.type === 'END_RUN' ? { kind: 'end_run' } : { kind: 'next_reach', reach: s.reach, hull: s.hull, charge: s.charge },
      );
    return;
  }
  const before = { lane: s.shipLane, score: s.score };
  const ev = noEvents();
  step(mirror, s, a, ev);
  report.facts = ev;
  if (report.withEvents) report.events.push(...turnStepEvents(before, a, s, ev));
}

/** The twelve steps; `ev` (recap only) records what happened, and never changes what happens. */
function step(mirror: BoardMirror, s: StormlarkState, a: StormlarkAction, ev: TurnEvents | null): void {
  // Step 1 (validation) is refuse(), run by the engine before apply.
  if (a.type === 'END_RUN') {
    s.phase = 'over';
    s.turn++;
    return;
  }
  if (a.type === 'NEXT_REACH') {
    nextReach(s);
    return;
  }
  const { b, kernel } = mirror;
  mirror.load(s.entities);
  // 2: player phase
  const bank = playerPhase(b, s, a, ev);
  // 3-5: sparkers in column 1 discharge, movers move, everything scrolls
  const swept = kernel.advance(s.shipLane, wardenMoves(s.column));
  if (swept & (1 << s.shipLane)) {
    hurt(s);
    if (ev) ev.discharged = true;
  }
  // 6-7: what now shares the ship's cell
  meetShipCell(b, s, ev);
  // 8: charge regenerates after the collision
  s.charge = Math.min(MAX_CHARGE, s.charge + bank);
  // 9: a fresh column at column 9
  s.nextId = drawColumn(b, s.seed, s.rngState, s.column + 1, 9, s.nextId);
  s.column++;
  s.rngState = (s.rngState + BUDGET) >>> 0;
  // 10: survivability search and repair
  const repaired = kernel.repair(s.column, s.shipLane);
  // 11: counters
  countTurn(b, s, repaired, ev);
  // 12: the run's end
  endChecks(s, ev);
  mirror.store(s);
}

/** At a Gate: the next reach, one hull back, a full charge. */
function nextReach(s: StormlarkState): void {
  s.reach++;
  s.hull = Math.min(MAX_HULL, s.hull + 1);
  s.charge = MAX_CHARGE;
  s.hullLost = false;
  s.phase = 'flying';
  s.turn++;
}

/** Step 2: the ship moves, fires or vents; returns the charge this turn banks (VENT banks 3 instead of the usual 1). */
function playerPhase(b: BoardViews, s: StormlarkState, a: StormlarkAction, ev: TurnEvents | null): number {
  if (a.type === 'FIRE') fire(b, s, ev);
  else if (a.type === 'UP') s.shipLane--;
  else if (a.type === 'DOWN') s.shipLane++;
  else return 3;
  return 1;
}

function hurt(s: StormlarkState): void {
  s.hull = Math.max(0, s.hull - 1);
  s.hullLost = true;
  s.chain = 0;
}

/** Step 2 for FIRE: the first entity in columns 1..9 of the ship's lane that blocks a pulse. */
function fire(b: BoardViews, s: StormlarkState, ev: TurnEvents | null): void {
  s.charge -= PULSE_COST;
  for (let col = 1; col < 10; col++) {
    const cell = col * LANES + s.shipLane;
    const k = b.kind[cell]!;
    if (!blocksPulse(k)) continue;
    if (ev) {
      ev.pulse = { kind: KIND_BY_CODE[k]!, col, result: 'absorbed', hpLeft: 0, points: 0, chain: s.chain };
    }
    const base = CLEAR_BASE[k]!;
    if (base === 0) {
      // a crag or a squall absorbs the pulse: it cleared nothing
      s.chain = 0;
      return;
    }
    const hp = b.hp[cell]! - 1;
    if (hp > 0) {
      b.hp[cell] = hp; // a rimeshell cracks or a warden weakens: the chain holds
      if (ev?.pulse) {
        ev.pulse.result = 'hit';
        ev.pulse.hpLeft = hp;
      }
      return;
    }
    // the chain multiplier of a clear is the chain before this clear increments it
    const points = award(base, chainTenths(s.chain), reachQuarters(s.reach));
    s.score += points;
    s.chain++;
    clearCell(b, cell);
    if (ev?.pulse) {
      ev.pulse.result = 'cleared';
      ev.pulse.points = points;
    }
    return;
  }
  s.chain = 0; // the pulse met nothing
  if (ev) ev.pulse = { kind: null, col: 0, result: 'missed', hpLeft: 0, points: 0, chain: 0 };
}

/** Steps 6-7: a mote in the ship's cell charges it and scores, a squall drains it, anything solid hurts it. */
function meetShipCell(b: BoardViews, s: StormlarkState, ev: TurnEvents | null): void {
  const here = s.shipLane;
  const k = b.kind[here]!;
  if (k === MOTE) {
    s.charge = Math.min(MAX_CHARGE, s.charge + 3);
    const points = award(BASE.mote, 10, reachQuarters(s.reach));
    s.score += points;
    clearCell(b, here);
    if (ev) ev.mote = points;
  } else if (k === SQUALL) {
    s.charge = Math.max(0, s.charge - 3);
    clearCell(b, here);
    if (ev) ev.squall = true;
  } else if (isSolid(k)) {
    hurt(s);
    clearCell(b, here);
    if (ev) ev.collided = KIND_BY_CODE[k]!;
  }
}

/** Step 11: the turn counts, the column scores, and a Gate reached clears the reach (flawless when no hull was lost). */
function countTurn(b: BoardViews, s: StormlarkState, repaired: number, ev: TurnEvents | null): void {
  s.turn++;
  const q = reachQuarters(s.reach);
  const columnPoints = award(BASE.column, 10, q);
  s.score += columnPoints;
  if (ev) {
    ev.column = columnPoints;
    ev.repaired = repaired;
  }
  if (b.kind[0] === GATE) {
    s.phase = 'reachClear';
    const gate = award(BASE.gate, 10, q);
    const flawless = s.hullLost ? 0 : award(BASE.flawless, 10, q);
    s.score += gate + flawless;
    if (ev) {
      ev.gate = gate;
      ev.flawless = flawless;
    }
  }
}

/**
 * Step 12: at hull 0 the run is over. The document's guard (1,000,000, "far above any reachable run") is also a
 * state parseState refuses beyond, so a run that reaches it ends here, held at the guard: the engine never hands
 * out a state it would itself refuse.
 */
function endChecks(s: StormlarkState, ev: TurnEvents | null): void {
  if (s.hull === 0) s.phase = 'over';
  if (s.score >= SCORE_GUARD) {
    s.score = SCORE_GUARD;
    s.phase = 'over';
    if (ev) ev.guard = true;
  }
}
