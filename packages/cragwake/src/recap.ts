// What one accepted action did ("what happened"), derived from the states before and after it, so no
// adapter recomputes a rule. Item kinds are stable (listed in the README); the points of the items add up to
// the score change.
import type { Recap, RecapItem } from '@hearth/engine';
import { creepFires } from './band.ts';
import type { Wall } from './generator.ts';
import { breathDelta, endedBecause } from './observe.ts';
import { CLEAN_CAP, CLEAN_PAY, type CragAction, HEIGHT_PAY, moveCost, reachKind, SPINDRIFT_COST } from './rules.ts';
import { type CragState, holdAt, isLedgeRow } from './state.ts';

export function createRecap(wall: Wall): (before: CragState, after: CragState, action: CragAction) => Recap {
  return (before, after, action) => {
    const items: RecapItem[] = [];
    const add = (kind: string, text: string, points?: number) => items.push(points === undefined ? { kind, text } : { kind, text, points });
    if (action.type === 'climbOn') add('climb_on', `climbing pitch ${after.pitch} (belay at row ${10 * after.pitch})`);
    if (action.type === 'breathe') {
      const delta = breathDelta(before);
      if (delta >= 0) add('stamina_gained', `breath +${delta} stamina`);
      else add('stamina_spent', `breath ${delta} stamina`);
    }
    if (action.type === 'move') {
      const lunge = reachKind(action.row - before.row, action.col - before.col) === 2;
      const cost = moveCost(before, action.row, action.col, lunge);
      add('stamina_spent', `${lunge ? 'lunge' : 'step'} to ${action.row},${action.col}: -${cost} stamina`);
      if (!isLedgeRow(action.row) && before.gusts.now.includes(action.col)) add('gust', `gust on col ${action.col} +2`);
      const left = holdAt(before, before.row, before.col);
      if (left && left.cracks > 0) {
        const remaining = lunge ? 0 : left.cracks - 1;
        if (remaining === 0) add('hold_broken', `hold ${before.row},${before.col} broke`);
        else add('hold_cracked', `hold ${before.row},${before.col} cracked (${remaining} left)`);
      }
      const rows = after.highPoint - before.highPoint;
      if (rows > 0) add('height', `+${HEIGHT_PAY * rows} height (row ${after.highPoint})`, HEIGHT_PAY * rows);
      if (after.pitch > before.pitch) {
        const n = before.pitch;
        const clean = after.cleanStreak > before.cleanStreak ? CLEAN_PAY * Math.min(after.cleanStreak, CLEAN_CAP) : 0;
        const pitchPoints = after.score - before.score - HEIGHT_PAY * rows - clean;
        add('pitch_complete', `+${pitchPoints} pitch ${n} complete (${before.stamina - cost} stamina left)`, pitchPoints);
        if (clean > 0) add('clean_streak', `+${clean} clean pitch (streak ${after.cleanStreak})`, clean);
        else if (before.cleanStreak > 0) add('streak_reset', `clean streak ${before.cleanStreak} reset`);
        add('stamina_refilled', `stamina refilled to ${after.stamina}`);
      }
    }
    if (after.turn > before.turn) {
      if (before.rockfall.now !== null) add('rockfall', `rockfall swept col ${before.rockfall.now}`);
      if (after.spindrift > before.spindrift) add('spindrift', `spindrift -${SPINDRIFT_COST} stamina`);
      if (creepFires(wall, before)) add('frost', 'ice crept');
      if (after.pitch === before.pitch && after.pitchDipped && !before.pitchDipped) add('pitch_dipped', 'pitch dipped (stamina 3 or less)');
    }
    if (after.phase === 'over') add('run_ended', `run over: ${endedBecause(after, true)}`);
    const points = after.score - before.score;
    const tail = action.type === 'move' || action.type === 'breathe' ? ` · stamina ${before.stamina} → ${after.stamina}` : '';
    const text = `${items.map((i) => i.text).join(' · ')}${tail}`;
    return { text, points, items };
  };
}
