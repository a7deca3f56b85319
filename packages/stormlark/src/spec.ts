// The served spec: the document's own text, the exact grammar, schemas, and every decision the
// document left open (each one is tested in test/decisions.test.ts or test/rules.test.ts).
import type { Decision, Spec } from '@hearth/engine';
import { GOAL, RULES, SCORING } from './document.ts';
import { SLOTS } from './generator.ts';
import { SCORE_GUARD } from './limits.ts';
import { look } from './look.ts';
import { LEGEND } from './observe.ts';
import { BUDGET, scheduleTable } from './schedule.ts';
import { BASE } from './scoring.ts';
import { actionGrammar } from './shapes/action.ts';
import { served } from './shapes/common.ts';
import { ObservationShape } from './shapes/observation.ts';
import { StateShape } from './shapes/state.ts';

export const VERSION = '1.1.0';

// The served schemas are the one TypeBox declaration of each shape (src/shapes/), as plain JSON Schema.
export { actionGrammar } from './shapes/action.ts';
export const stateSchema = served(StateShape);
export const observationSchema = served(ObservationShape);

/** How to play, in a player's words (adapters show it as the how-to-play). */
export const summary: string[] = [
  'You fly down a storm canyon 7 lanes tall; every action you take moves the whole canyon one column toward you, so you always see nine columns ahead.',
  'Each turn pick one: move up or down a lane, fire a pulse down your lane (costs 3 of your 9 charge), or vent to bank 3 charge instead of the usual 1.',
  'Touching anything solid costs 1 of your 3 hull and the run ends at 0; crags (grey basalt) cannot be cleared, so dodge them, and a sparker in the first column zaps its whole lane.',
  'Clearing knots, drifters, rimeshells, sparkers and wardens pays the most, multiplied by your chain of consecutive clears, which resets when you are hit or a pulse clears nothing.',
  'Every 21 columns a Gate pays a bonus (more if you lost no hull); fly on for a harder, richer reach with 1 hull back and full charge, or end the run and keep your score.',
];

export const decisions: Decision[] = [
  {
    topic: 'sparker discharge',
    decision:
      'At step 3 every sparker in column 1 discharges along its whole lane and is removed (spent, no points). If the craft (after its step-2 move) is in that lane it loses 1 hull (chain resets to 0, hull-lost flag set). Other entities in the lane are not affected. A sparker therefore never reaches column 0; one cleared by the step-2 pulse never discharges. A discharge and a collision in the same turn cost 2 hull.',
  },
  {
    topic: 'chain multiplier of a clear',
    decision:
      'A clear is paid with the chain as it stood BEFORE that clear increments it: the first clear of a chain pays x1.0, the second x1.1, ..., x3.0 from the 21st on.',
  },
  {
    topic: 'award arithmetic and rounding',
    decision:
      'Exact integer arithmetic: award = round(base * C * Q / 40) with C = 10 + min(chain, 20) (chain multiplier in tenths) and Q = min(16, reach + 3) (reach multiplier in quarters), rounding halves up (JavaScript Math.round on the exact value; computed as floor((base*C*Q + 20) / 40)). Non-chain awards use C = 10. This equals base x chain x reach and base x (chain x reach) in exact arithmetic; no double product is ever rounded. Each award is rounded on its own.',
  },
  {
    topic: 'what "times reach" and "times chain" mean',
    decision:
      'In the award list, "times reach" is the reach multiplier min(4.0, 1 + 0.25 x (reach - 1)) and "times chain" the chain multiplier 1 + 0.10 x min(chain, 20), never the raw reach or chain counts. The reach is the reach being flown (state.reach), also for the Gate bonuses, which are paid before NEXT_REACH raises it.',
  },
  {
    topic: 'column award',
    decision:
      'Every scrolling turn (UP, DOWN, FIRE, VENT) advances one column and pays round(2 x reach multiplier), including the turn the Gate arrives and the turn the hull reaches 0. NEXT_REACH and END_RUN advance nothing.',
  },
  {
    topic: 'VENT',
    decision: "VENT's 3 replaces the usual 1: step 8 adds 3 charge after a VENT and 1 after any other scrolling action (cap 9).",
  },
  {
    topic: 'drifters',
    decision:
      'Drifters clamp at lanes 0 and 6: a drifter whose next lane would be off the board (lane -1 or 7), or whose target cell holds any entity (any kind, motes and squalls included), reverses its drift and holds this step; it moves the new way on its next step. The craft never blocks a mover. Movers act one at a time in ascending id order, each seeing the moves already made.',
  },
  {
    topic: 'warden movement',
    decision:
      "One shared parity: wardens step on scrolling turns whose column counter (state.column before that turn's draw) is even, one lane toward the craft's lane after its step-2 move. A warden already in the craft's lane, or facing an occupied cell, holds. Wardens never leave lanes 0..6 (they only ever step toward a lane on the board). drift is 0 for wardens.",
  },
  {
    topic: 'warden spawn',
    decision:
      'From reach 6 (the reach of the column being drawn) a new destructible solid is a warden with weight 10 of the unlocked weights (knot 40, drifter 20, rimeshell 20, sparker 15, warden 10). If 2 wardens are already on the board, or this column already drew one, the roll becomes a knot. A warden starts with 4 hp.',
  },
  {
    topic: 'pulse absorbed',
    decision:
      'A pulse absorbed by a crag or a squall clears nothing and resets the chain to 0 (as does a pulse that meets nothing); the crag and the squall are unaffected. A hit that cracks a rimeshell or weakens a warden without clearing it keeps the chain unchanged. Motes and Gate markers do not stop a pulse.',
  },
  {
    topic: 'Gate',
    decision:
      'The Gate is drawn column number 21k (after 20 content columns): 7 gate markers (kind gate, hp 0) filling every lane of its column, so nothing shares its column. When it scrolls into column 0, step 11 sets phase reachClear and pays 40 x reach multiplier, plus 60 x reach multiplier if no hull was lost in this reach (hullLost false). The markers stay in column 0 until the next scroll removes them. If the hull reaches 0 on the same turn, the bonuses are still paid and step 12 ends the run.',
  },
  {
    topic: 'NEXT_REACH',
    decision:
      'Raises reach by 1, hull to min(3, hull + 1), charge to 9, clears the hull-lost flag, sets phase flying and counts a turn. It scrolls nothing, draws nothing, pays nothing and leaves rngState, the board and the chain unchanged.',
  },
  {
    topic: 'END_RUN',
    decision:
      'Sets phase over and counts a turn; nothing else changes (no step, no draw, no award, rngState untouched). After the run is over legalActions is the empty list and every action is refused with reason game_over.',
  },
  {
    topic: 'survivability search',
    decision:
      'After every scrolling turn (and at init) the kernel proves that some lane crosses columns 1..3 with UP, DOWN and VENT alone: it simulates the next 3 turns with the real steps 3-7 (discharges from column 1, drifters, wardens with their parity, the scroll, collision), no new columns; a crossing fails on any hull loss (discharge or solid). Squalls and motes do not block. Without a warden in columns 1..3 the world does not depend on the craft, so a 7-bit frontier of survivable lanes is propagated; with one, every lane sequence is searched.',
  },
  {
    topic: 'repair',
    decision:
      "While the search fails, the repair finds the first column c (1..3) that no dodge path can cross and deletes one solid (crag, knot, drifter, rimeshell, sparker or warden) from board column c: candidates in order of distance from the craft's lane, ties to the lower lane; the first candidate whose deletion alone lets some lane cross columns 1..c is deleted, otherwise the first candidate. It never touches columns 0 or 4..9, motes, squalls or Gate markers, draws nothing from the RNG, and pays nothing.",
  },
  {
    topic: 'wall columns and the guarantee',
    decision:
      "From reach 8 a content column is, with the schedule's wall chance, a full wall: 6 static solids (each a crag with the basalt share, else a knot) and one empty gap lane, with nothing else in the column. Walls get no special treatment by the guarantee: when a wall enters columns 1..3 and its gap cannot be reached in time, the repair deletes wall cells like any other solids (so a wall can end up with more than one gap).",
  },
  {
    topic: 'RNG budget',
    decision: `Columns come from @hearth/rng stream streamId("stormlark/columns") under state.seed. Drawn column n uses draws rngState + slot for fixed slots (${Object.entries(
      SLOTS,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}), and every scrolling turn adds exactly ${BUDGET} to rngState whatever the column needed, so rngState = ${BUDGET} x column counter (432 at the start, after the 9 initial columns). NEXT_REACH, END_RUN and refused actions leave it untouched; the repair draws nothing.`,
  },
  {
    topic: 'column generation',
    decision:
      "Content columns: a solid count of floor(q/4), plus 1 with chance (q mod 4)/4, plus a uniform jitter of -1, 0 or +1, where q = 4 + (reach - 1) capped at reach 13 (so the mean is q/4 solids: 1.00 at reach 1, +0.25 every reach, 4.00 from reach 13); first each lane whose column to the left holds a crag continues the run with the run chance (up to the count); the remaining solids go to lanes in a shuffled order, each a crag with the basalt share, else a kind by the unlocked weights (drifters get a random drift). Then at most one mote and (from reach 3) at most one squall, each by its chance, in a uniformly chosen empty lane. A column's difficulty is that of the reach it belongs to, so columns 1..9 at a Gate already show the next reach. Schedule in spec.appendix.schedule.",
  },
  {
    topic: 'start of a run',
    decision:
      'The craft starts in lane 3 with hull 3 and charge 9; columns 1..9 hold the first 9 columns of reach 1 (column 0 is empty), repaired like any turn.',
  },
  {
    topic: 'refusal reasons',
    decision:
      'game_over (any action after the run ended), top_lane (UP at lane 0), bottom_lane (DOWN at lane 6), low_charge (FIRE below 3 charge, with detail charge), not_at_gate (NEXT_REACH in flight), at_gate (UP, DOWN, FIRE or VENT at a Gate), unknown_action (not an action of the grammar), invalid_state.',
  },
  {
    topic: 'extra fields on actions',
    decision: 'Refused: an action with any key besides "type" is unknown_action (additionalProperties false in the grammar).',
  },
  {
    topic: 'state validation',
    decision:
      "parseState requires every field and checks: integer ranges; rngState = 48 x column; column consistent with reach and phase; turn = scrolling turns + NEXT_REACHes (+1 after END_RUN); hull 0 only when over; entities in board order, at most one per cell, unique ids below nextId, hp and drift valid for the kind, at most 2 wardens, no sparker in column 0, nothing but a Gate marker in the craft's cell, Gate columns exactly where the column counter puts them, score at most the plausibility guard 1,000,000, and that the board passes the survivability search. Reachability bounds from the counters: score at most what the reaches and scrolling turns so far can pay (every turn a column, a mote and a warden at chain x3, every Gate both bonuses) and at most the guard; chain at most the scrolling turns; the craft at most one lane from lane 3 per scrolling turn; hullLost only with hull below 3 and after a scrolling turn of the reach; charge 9 before a reach's first scrolling turn; nextId at most 7 per drawn column. A state before the first scroll (column 9) must be exactly what init(seed) draws (redrawn to check), except that END_RUN may have ended it.",
  },
  {
    topic: 'plausibility guard',
    decision:
      'The document says "The plausibility guard is 1000000, which is far above any reachable run" and "the run ends at hull 0 or at an END_RUN, and nothing else ends it". A state above the guard is refused as invalid_state, so an engine that let a run pass it would hand out a state it then refuses. Reading the two sentences together (a run that reaches the guard is not a reachable run), the turn whose awards take the score to 1,000,000 or beyond ends the run: the score is held at exactly 1,000,000 and phase becomes over (no extra turn is counted, unlike END_RUN; the recap item guard says so). Below the guard nothing changes. No shipped bot comes within a factor of 15 of it.',
  },
  {
    topic: 'turn counter',
    decision: 'state.turn counts every accepted action, NEXT_REACH and END_RUN included; a refused action counts nothing.',
  },
];

export const spec: Spec = {
  slug: 'stormlark',
  name: 'Stormlark',
  genre: 'routing puzzle',
  description:
    'Fly a survey craft down a scrolling storm canyon: dodge, clear with a charge-limited pulse, or bank charge, one step at a time.',
  goal: GOAL,
  scoring: SCORING,
  rules: RULES,
  actionGrammar,
  stateSchema,
  observationSchema,
  decisions,
  summary,
  carry: 'state',
  version: VERSION,
  legend: LEGEND,
  look,
  appendix: {
    schedule: scheduleTable() as never,
    rngBudgetPerScrollingTurn: BUDGET,
    awards: { ...BASE },
    plausibilityGuard: SCORE_GUARD,
  },
};
