// The served spec: the document's sections verbatim, the schemas, and every decision the document left open.
import type { Decision, Spec } from '@hearth/engine';
import * as K from '../assembly/constants.ts';
import { GOAL, RULES, SCORING } from './document.ts';
import { HELD_PITCH, PARAM_NAMES, type Wall } from './generator.ts';
import { look } from './look.ts';
import { LEGEND } from './picture.ts';
import { ACTION_GRAMMAR } from './shapes/action.ts';
import { OBSERVATION_SCHEMA } from './shapes/observation.ts';
import { STATE_SCHEMA } from './shapes/state.ts';

export const VERSION = '1.1.0';

/** How to play, in a player's words (spec.summary). */
export const SUMMARY = [
  'Climb an endless wall six columns wide: every tenth row is a belay ledge that completes the pitch, refills your stamina and lets you carry on or stop.',
  'Every move spends stamina: 1 for a jug or a plain hold and 2 for a crimp, plus 2 for a lunge, 2 onto ice, 2 into a gusting column and 1 onto an overhang; a ledge always costs 1.',
  'Breathing on a jug with breaths left gains 4 stamina (2 under an overhang); anywhere else it costs 1, and each breath is a turn while the wall gets worse.',
  'Height pays 10 a row; a pitch pays 100 times its number plus 15 for each stamina left, and a pitch where stamina never fell to 3 or below adds a clean-streak bonus.',
  'Cracked holds break after you leave them, rockfall sweeps a column at the end of a turn (standing in it costs 4), and gusts and rockfall are shown a turn ahead.',
  'The run ends when stamina reaches 0, when no move is affordable, or when you stop at a ledge; nothing you earned is ever lost.',
];

export const DECISIONS: Decision[] = [
  {
    topic: 'band near row 0 and when foresight is under 6',
    decision:
      'The band is always exactly 10 consecutive rows, from max(0, highPoint - 3) upward. Near row 0 it starts at row 0 (so it shows fewer than three rows below the high point and more above). Rows above highPoint + foresight are fog: cells null, overhang false, fogged true. With foresight 6 and highPoint >= 3 the top row is exactly the last foreseen row; with less foresight, or near row 0, the rows between are fog.',
  },
  {
    topic: 'the floor, and how it differs from "in the band"',
    decision:
      'floor = max(max(0, highPoint - 3), 10 * (pitch - 1)): the band\'s bottom row or the ledge the current pitch started from, whichever is higher. After a pitch completes, the band still shows up to three rows of the finished pitch under the floor (marked "under floor"); they are never targets and nothing changes them. Every legal target is at or above the floor and at most 2 rows above your row, so always inside the band and out of the fog; a target below the floor is refused below_floor.',
  },
  {
    topic: "tanks between the table's pitches; which tank a completed pitch refills to; breathing and the tank",
    decision:
      'The tank is interpolated like every other parameter (see difficulty). Completing pitch n refills stamina to the tank of pitch n + 1, the pitch you are about to climb, and state.tank becomes that value. Breathing never takes stamina above the tank: you gain min(4 or 2, tank - stamina) and the breath is spent anyway.',
  },
  {
    topic: 'difficulty between table pitches',
    decision:
      'Each parameter is a piecewise-linear formula through the table points (1, 5, 8, 13, 22, 34) and is held at its pitch-34 value beyond 34: for pa < p < pb with values va, vb, value(p) = va + floor((2 * (vb - va) * (p - pa) + (pb - pa)) / (2 * (pb - pa))), i.e. va + Math.round((vb - va) * (p - pa) / (pb - pa)) in exact integers (ties round up). Exception: frost every, gusting columns, gusts every and sweep every are 0 (off) until the first table pitch where they are non-zero (a 0 at the left end of a segment holds to its right end), so gusts start at pitch 5 and frost and rockfall at pitch 8. appendix.difficulty lists every value for pitches 1 to 34. Rows belong to pitch floor(row / 10) + 1 for generation.',
  },
  {
    topic: 'row generation (hold placement)',
    decision:
      "Row content is a pure function of (seed, row) through @hearth/rng hash/below with named streams (appendix.streams). A row divisible by 10 is a ledge: six jugs, 0 breaths, 0 cracks, dry, no overhang. Otherwise, with d the difficulty of pitch floor(row/10)+1: n = holdsMin + below(COUNT, row, holdsMax - holdsMin + 1); the hold columns are the first n places of a Fisher-Yates shuffle of 0..5 from the left, draw i = below(COLUMNS, row*8 + i, 6 - i) swapping place i with place i + draw; each hold in column c, with k = row*8 + c: kind by below(KIND, k, 100): < jugPct jug, < jugPct + crimpPct crimp, else plain; cracked when below(CRACKED, k, 100) < crackPct, with 1 + below(CRACKS, k, 3) cracks (any kind may be cracked); icy when below(ICY, k, 100) < icyPct (generated holds are never frosting); a jug gets d.breaths breaths. The row overhangs when below(OVERHANG, row, 100) < overhangPct. Then the repair runs against the row below (itself generated the same way from the pitch's ledge up, so a row depends on at most nine rows).",
  },
  {
    topic: 'the repair: when it runs, "within reach", "there"',
    decision:
      'For a row and the row above it, take the columns c of the lower row holding a hold in ascending order; if the row above has no hold in columns c-1, c, c+1 (a step; each hold just written counts), a plain solid dry hold with 0 breaths is written directly above, at column c. At generation it runs on every non-ledge row against the row below. In play it runs bottom to top over the rows in play (floor up to the next unclimbed belay, not fogged) immediately after a hold goes (the hold you left breaking, before you land; a rockfall sweep removing a hold, before the ice creep) and whenever a row comes out of the fog (against the row below as it stands in the state). Ledges never need it (six holds). So every hold in play always has a hold a step above it: a line always exists.',
  },
  {
    topic: 'which rows the wall changes touch',
    decision:
      'Sweeps, ice creep and the repair touch only the rows in play: not fogged, at or above the floor, at or below the next unclimbed belay, never a ledge row. Rows under the floor are history; rows above the next belay stay exactly as generated until their pitch begins, which is why fogging them again when a new pitch has shorter foresight loses nothing.',
  },
  {
    topic: 'dip test',
    decision:
      'A pitch dips when stamina is 3 or below after any stamina change during it: after paying or gaining for the action (so landing on the belay with 3 or less dips that pitch, since the note comes before completion) and after spindrift (spindrift counts). The flag resets when the pitch completes, after the refill.',
  },
  {
    topic: 'clean streak cap',
    decision:
      'cleanStreak counts consecutive clean pitches without limit; a clean pitch pays 150 * min(cleanStreak, 6). A dipped pitch sets it to 0 and pays no clean award.',
  },
  {
    topic: 'rockfall sweep details',
    decision:
      'A sweep of column c at the end of the turn, over the rows in play (ledges immune): a hold with cracks > 0 (whatever its kind, so a cracked jug too) or a crimp is removed unless it is the only hold in its row, in which case it is left exactly as it is; a solid jug becomes a solid plain hold (breaths gone, ice kept); a solid plain hold becomes cracked with 1 crack. Your own cell is never changed: if the swept column is yours and you are not on a ledge row, you pay 4 stamina instead (min(4, stamina): stamina never goes below 0) and spindrift increases by 1. On a ledge row there is no spindrift. Fogged and under-floor rows are untouched.',
  },
  {
    topic: 'ice creep',
    decision:
      "The creep fires at the end of turn t (0-based) when the current pitch's frostEvery N > 0 and (t + 1) % N == 0. Reading the rows in play as they were before it fired: frosting holds become icy, and dry holds orthogonally next to (left, right, above, below) a hold that was already icy start frosting. It reaches your own cell too (only rockfall spares your cell). Ledges are immune and never spread ice.",
  },
  {
    topic: 'gust and rockfall schedules',
    decision:
      'With the difficulty of the pitch being climbed when the turn is published (one turn ahead; published values never change afterwards): turn t gusts when gustEvery > 0 and (t + 1) % gustEvery == 0, in gustColumns columns, the first places of a Fisher-Yates shuffle of 0..5 with draw i = below(GUST, t*8 + i, 6 - i); rockfall sweeps at the end of turn t when sweepEvery > 0 and (t + 1) % sweepEvery == 0, column below(ROCK, t, 6). The first turns after a belay therefore still follow the schedule published under the finished pitch.',
  },
  {
    topic: 'turn counting',
    decision:
      'state.turn counts completed wall turns from 0. A move or a breath is a turn, except a move that completes a pitch, which stops before the sweep, the creep and the turn advance (the turn continues after climbOn, with the same published gusts and rockfall). climbOn and endRun do not advance the turn and change nothing on the wall.',
  },
  {
    topic: 'no legal move (the third ending)',
    decision:
      'The document: "A run ends when stamina reaches 0, when no legal move exists, or when you end it at a ledge. All three are the same ending", and the turn order ends with "end the run if your stamina reached 0 or no legal move remains". A move is the move action, a step or a lunge, as everywhere else in the document; "BREATHING. Always legal while climbing" reads as legal while the run goes on. So as the last step of a turn (after the turn advances, with the gusts of the new turn), the run ends with ending "exhausted" when stamina is 0, otherwise with ending "noMove" when no step or lunge is legal, even though a breath would be; a pitch-completing move stops before this test, and climbOn always leaves moves (a full tank, ledge moves cost 1). Then legalActions is empty, observation.endedBecause says why, and the score is kept, as in every ending. A climbing state with no legal move is therefore never emitted and is refused as invalid_state.',
  },
  {
    topic: 'lunges that end on the belay',
    decision:
      'From the row just below the next belay, the sideways-and-up lunges (1 up, 2 across) onto the belay are offered and cost 1 like any move onto a ledge row (a ledge row charges none of the extras, the lunge extra included); they are still lunges: not from an icy hold, and they destroy a cracked hold you leave. From two rows below, the two-row lunges onto the belay are offered the same way. No move targets a row above the next belay.',
  },
  {
    topic: 'cracks',
    decision:
      'Generated cracked holds have 1 to 3 cracks. Leaving a cracked hold by a step spends one crack; at 0 the hold is gone (bare rock). Leaving it by a lunge removes it at once. Arriving, standing and breathing never spend cracks.',
  },
  {
    topic: 'refusal codes and precedence',
    decision:
      'wrong_phase (the action is not one this phase offers: move and breathe while climbing, climbOn and endRun at a ledge, nothing once over), then for a move: out_of_reach (column outside 0..5, not one of the 8 steps or 7 lunges, or a row above the next unclimbed belay), below_floor, bare_rock, lunge_from_ice (a lunge while standing on an icy hold; frosting does not stop lunges), too_costly (carries cost and stamina). A malformed shape is unknown_action; a state that is not a valid Cragwake state is invalid_state.',
  },
  {
    topic: 'action shape and extra fields',
    decision:
      "An action is an object with type move, breathe, climbOn or endRun; a move needs integer row and col (any integer: a column outside 0..5 or an unreachable row is refused by the rules). Extra keys are ignored, as the document's grammar allows (they never change the outcome). legalActions lists moves exactly in the document's shape {type:\"move\", row, col}, so every listed action is itself a well-formed action; each legal move's cost (and whether it is a lunge) is listed beside it in observation.moves, in the same order, and in the text picture.",
  },
  {
    topic: 'legal action order',
    decision:
      'While climbing: moves in the order down-left, down, down-right, left, right, up-left, up, up-right (steps), then left 2, right 2, up 1 left 2, up 1 right 2, up 2 left 1, up 2, up 2 right 1 (lunges), each only when legal, then {type:"breathe"}. At a ledge: climbOn, endRun. Over: none.',
  },
  {
    topic: 'what the observation carries, what happened, and the compact view',
    decision:
      'The document: "Nothing else is hidden". Every datum a picture needs is an observation field (the text picture is only a convenience): wall (the band, lowest row first, with ledge, belay, floor and underFloor flags and every hold), position, moves (the one name for the legal targets, each with its cost now and whether it is a lunge), breath (what breathing would do now), hazards (per column, gust and rockfall this turn and next), endedBecause. A recap (act option recap) lists what one action did with stable kinds (stamina_spent, stamina_gained, gust, hold_cracked, hold_broken, height, pitch_complete, clean_streak, streak_reset, stamina_refilled, rockfall, spindrift, frost, pitch_dipped, climb_on, run_ended); its points are the score change. The compact view (act option compact) lists actions as { move: [[row, col, cost], ...], breathe: stamina change } while climbing, { climbOn: true, endRun: true } at a ledge, {} once over.',
  },
  {
    topic: 'the start',
    decision:
      'Turn 0, pitch 1, stamina = tank = 24, at row 0 column 3 on the ledge, phase climbing (the ledge at row 0 offers no climbOn). Breathing on any ledge costs 1.',
  },
];

export function buildSpec(wall: Wall): Spec {
  const difficulty: Record<string, number[]> = {};
  for (const name of PARAM_NAMES) {
    const values: number[] = [];
    for (let p = 1; p <= HELD_PITCH; p++) values.push(wall.difficulty(p)[name]);
    difficulty[name] = values;
  }
  return {
    slug: 'cragwake',
    name: 'Cragwake',
    genre: 'climbing puzzle',
    description: 'Climb an endless six-column wall one hold at a time; stamina is the whole game.',
    goal: GOAL,
    scoring: SCORING,
    rules: RULES,
    actionGrammar: ACTION_GRAMMAR,
    stateSchema: STATE_SCHEMA,
    observationSchema: OBSERVATION_SCHEMA,
    decisions: DECISIONS,
    carry: 'state',
    version: VERSION,
    summary: SUMMARY,
    legend: LEGEND,
    look,
    appendix: {
      difficulty: {
        note: 'value of each parameter at pitches 1..34 (index 0 is pitch 1); pitches above 34 use the pitch-34 value',
        ...difficulty,
      },
      streams: {
        note: 'RNG streams of @hearth/rng hash(seed, stream, index) used by the wall',
        COUNT: K.S_COUNT,
        COLUMNS: K.S_COLUMNS,
        KIND: K.S_KIND,
        CRACKED: K.S_CRACKED,
        CRACKS: K.S_CRACKS,
        ICY: K.S_ICY,
        OVERHANG: K.S_OVERHANG,
        GUST: K.S_GUST,
        ROCK: K.S_ROCK,
      },
      refusalReasons: [
        'out_of_reach',
        'bare_rock',
        'below_floor',
        'lunge_from_ice',
        'too_costly',
        'wrong_phase',
        'unknown_action',
        'invalid_state',
      ],
    },
  };
}
