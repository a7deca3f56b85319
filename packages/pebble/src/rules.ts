// Pebble's rules: one move a turn to an orthogonally adjacent cell, a pebble there pays 10; ten moves, or END.
import { type Parsed, type RuleRefusal, type StepReport, v } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { initialPebbles } from './generator.ts';
import { ActionShape, CELLS, PEBBLE_POINTS, type PebbleAction, START, TURNS } from './shapes.ts';
import { distance, type PebbleState } from './state.ts';

export const Reason = { gameOver: 'game_over', outOfReach: 'out_of_reach' } as const;

const ActionCheck = TypeCompiler.Compile(ActionShape);

export function initState(seed: number): PebbleState {
  return { seed: seed >>> 0, turn: 0, at: START, pebbles: initialPebbles(seed), score: 0, ended: false };
}

export function parseAction(value: unknown): Parsed<PebbleAction> {
  if (ActionCheck.Check(value)) return { ok: true, value: value.type === 'end' ? { type: 'end' } : { type: 'move', cell: value.cell } };
  if (!v.isRecord(value)) return { ok: false, message: 'an action is an object: {"type":"move","cell":N} or {"type":"end"}' };
  return { ok: false, message: 'actions are {"type":"move","cell":N} (N a cell, 0 to 24) and {"type":"end"}, with no other keys' };
}

export const isOver = (s: PebbleState) => s.ended || s.turn >= TURNS;

export function refuse(s: PebbleState, a: PebbleAction): RuleRefusal | null {
  if (isOver(s)) return { reason: Reason.gameOver, message: 'the game is over' };
  if (a.type === 'move' && distance(s.at, a.cell) !== 1)
    return { reason: Reason.outOfReach, message: `cell ${a.cell} is not next to the pawn (at ${s.at})` };
  return null;
}

/** Events (the step report): `move` {from, to}, then `pebble` {cell, points} when one is picked up; `end`. */
export function apply(s: PebbleState, a: PebbleAction, report?: StepReport): void {
  if (a.type === 'end') {
    s.ended = true;
    report?.events.push({ kind: 'end' });
    return;
  }
  report?.events.push({ kind: 'move', from: s.at, to: a.cell });
  s.at = a.cell;
  s.turn++;
  const i = s.pebbles.indexOf(a.cell);
  if (i >= 0) {
    s.pebbles.splice(i, 1);
    s.score += PEBBLE_POINTS;
    report?.events.push({ kind: 'pebble', cell: a.cell, points: PEBBLE_POINTS });
  }
}

/** Every adjacent cell in cell order, then END; nothing once the game is over. */
export function legalActions(s: PebbleState): PebbleAction[] {
  if (isOver(s)) return [];
  const out: PebbleAction[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (distance(s.at, cell) === 1) out.push({ type: 'move', cell });
  out.push({ type: 'end' });
  return out;
}
