// Sunloaf's Rules for the engine contract: refusals with stable reasons, the one `apply`, the legal set.
import type { RuleRefusal, Rules, StepReport } from '@hearth/engine';
import { brief } from './brief.ts';
import { initialState, openDay } from './day.ts';
import { observe, type SunloafObservation } from './observe.ts';
import { parseAction, parseState } from './parse.ts';
import { recap } from './recap.ts';
import { type Action, cloneState, publicState, type State } from './state.ts';
import { sunloafTensor } from './tensor.ts';
import { doze, moveCat, moveRefusal, moveTargets, rest } from './turn.ts';

/** Stable refusal reasons (plus the engine's unknown_action and invalid_state). */
export const Refusals = {
  runOver: 'run_over',
  atSunset: 'at_sunset',
  dayNotOver: 'day_not_over',
  catNotOnRoster: 'cat_not_on_roster',
  notAMove: 'not_a_move',
  notInLine: 'not_in_line',
  outOfRange: 'out_of_range',
  pathBlocked: 'path_blocked',
  tileIsFurniture: 'tile_is_furniture',
  tileOccupied: 'tile_occupied',
} as const;

const MESSAGES: Record<string, string> = {
  run_over: 'the run is over: no action is legal',
  at_sunset: 'at sunset the only actions are NEXT_DAY and END_RUN',
  day_not_over: 'NEXT_DAY is legal only at sunset',
  cat_not_on_roster: "that cat is not on today's roster",
  not_a_move: 'the cat is already on that tile',
  not_in_line: 'a MOVE travels along a row or a column only',
  out_of_range: "the tile is beyond the cat's range",
  path_blocked: 'furniture or another cat stands on the way',
  tile_is_furniture: 'the tile is furniture',
  tile_occupied: 'another cat is on that tile',
};

const reason = (code: string): RuleRefusal => ({ reason: code, message: MESSAGES[code]! });

export function refuse(state: State, action: Action): RuleRefusal | null {
  if (state.phase === 'over') return reason(Refusals.runOver);
  if (action.type === 'END_RUN') return null;
  if (state.phase === 'sunset') return action.type === 'NEXT_DAY' ? null : reason(Refusals.atSunset);
  if (action.type === 'NEXT_DAY') return reason(Refusals.dayNotOver);
  if (action.type === 'MOVE') {
    const why = moveRefusal(state, action.cat, action.tile);
    return why ? reason(why) : null;
  }
  return null;
}

export function apply(state: State, action: Action, report?: StepReport): void {
  const events = report?.events;
  switch (action.type) {
    case 'MOVE':
      events?.push({ kind: 'move', cat: action.cat, from: state.cats[action.cat]!.tile, to: action.tile });
      moveCat(state, action.cat, action.tile, events);
      return;
    case 'REST':
      events?.push({ kind: 'rest' });
      rest(state, events);
      return;
    case 'DOZE': {
      const at = events?.length ?? 0;
      const turns = doze(state, events);
      events?.splice(at, 0, { kind: 'doze', turns });
      return;
    }
    case 'NEXT_DAY':
      openDay(state, state.day + 1);
      events?.push({ kind: 'day_start', day: state.day });
      return;
    case 'END_RUN':
      state.outcome = state.phase === 'sunset' ? 'win' : 'good_game';
      state.phase = 'over';
      events?.push({ kind: 'end_run', outcome: state.outcome });
      return;
  }
}

/**
 * The legal actions grouped: each cat's destination tiles (cat order, moveTargets order), then the action types that
 * take no field: REST, DOZE, END_RUN while the day runs; NEXT_DAY, END_RUN at sunset; nothing once over.
 */
export function legalGroups(state: State): { tiles: number[][]; other: Action['type'][] } {
  if (state.phase === 'over') return { tiles: [], other: [] };
  if (state.phase === 'sunset') return { tiles: [], other: ['NEXT_DAY', 'END_RUN'] };
  const tiles: number[][] = [];
  for (let cat = 0; cat < state.cats.length; cat++) tiles.push(moveTargets(state, cat));
  return { tiles, other: ['REST', 'DOZE', 'END_RUN'] };
}

/** MOVEs in cat then tile order, then REST, DOZE, END_RUN; at sunset NEXT_DAY, END_RUN; nothing once over. */
export function legalActions(state: State): Action[] {
  const { tiles, other } = legalGroups(state);
  const out: Action[] = [];
  for (let cat = 0; cat < tiles.length; cat++) for (const tile of tiles[cat]!) out.push({ type: 'MOVE', cat, tile });
  for (const type of other) out.push({ type } as Action);
  return out;
}

export const rules: Rules<State, Action, SunloafObservation> = {
  init: initialState,
  parseState,
  parseAction,
  refuse,
  apply,
  legalActions,
  score: (s) => s.score,
  gameOver: (s) => s.phase === 'over',
  observe,
  clone: cloneState,
  publicState,
  recap,
  brief: (s) => brief(s, legalGroups(s)),
  endsRun: (a) => a.type === 'END_RUN',
  tensor: sunloafTensor,
  // day is the day being played (or the last one); a day counts as completed once its sunset was reached.
  stats: (s) => ({ daysCompleted: s.day - 1 + (s.phase === 'sunset' || s.outcome === 'win' ? 1 : 0) }),
};
