// What one shot did, for every adapter's "what happened" line (web, terminal, MCP, view=compact). Derived from the
// state before and the state after, whose lastShot is the shot's full resolution; no rule is recomputed here.
// Item kinds (stable, documented in the README), in this order: gong and lantern_lit in flight order, absorbed or
// faded (how the flight ended), wisp_lost (nothing lit), wave_cleared, efficiency, one_shot_wonder, round_won, round_over.
import type { Recap, RecapItem, StepEvent } from '@hearth/engine';
import { ANGLE_COUNT, FIRST_TENTH, WAVE_COUNT } from './constants.ts';
import type { LastShot, State } from './state.ts';

// Every angle a shot can take (tenths of a degree), as its line prints it: a double's digits are the dearest part
// of the recap and the brief's last-shot line, which the lean path builds on every step.
const ANGLE_TEXT = Array.from({ length: ANGLE_COUNT }, (_, i) => `${(FIRST_TENTH + i) / 10}`);
/** `${deg}`, read from the table for an angle of the grid. */
export const angleText = (deg: number): string => {
  const i = Math.round(deg * 10) - FIRST_TENTH;
  return (FIRST_TENTH + i) / 10 === deg && i >= 0 && i < ANGLE_COUNT ? ANGLE_TEXT[i]! : `${deg}`;
};

export function recapShot(before: State, after: State): Recap {
  const points = after.score - before.score;
  const shot = after.lastShot;
  if (!shot) return { text: 'no shot', points, items: [] };
  const items: RecapItem[] = [];
  let bounces = 0;
  let lit = 0;
  for (const e of shot.events) {
    if (e.type === 'light') {
      lit++;
      items.push({
        kind: 'lantern_lit',
        text: `lantern ${e.id}, chain ${e.chain}${e.bounces > 0 ? `, ${e.bounces} bounce${e.bounces === 1 ? '' : 's'}` : ''}`,
        points: e.points,
      });
    } else if (e.type === 'gong') items.push({ kind: 'gong', text: `gong ${e.id} rang`, points: e.points });
    else if (e.type === 'bounce') bounces++;
  }
  const end = shot.events[shot.events.length - 1]!;
  if (end.type === 'absorb') items.push({ kind: 'absorbed', text: `absorbed by screen ${end.id}` });
  else items.push({ kind: 'faded', text: fadeText(end.cause) });
  if (lit === 0) items.push({ kind: 'wisp_lost', text: `wisp lost, ${after.wispsLeft} left` });
  if (shot.waveCleared) {
    items.push({ kind: 'wave_cleared', text: `wave ${shot.wave} cleared`, points: shot.bonus.waveClear });
    if (shot.bonus.efficiency > 0)
      items.push({ kind: 'efficiency', text: `${shot.bonus.efficiency / 150} wisps unspent`, points: shot.bonus.efficiency });
    if (shot.bonus.oneShotWonder > 0) items.push({ kind: 'one_shot_wonder', text: 'One Shot Wonder', points: shot.bonus.oneShotWonder });
    if (after.won) items.push({ kind: 'round_won', text: `all ${WAVE_COUNT} waves cleared` });
  } else if (after.gameOver) items.push({ kind: 'round_over', text: 'out of wisps' });
  // The line is short on purpose (the items carry the detail): points, angle, lanterns, how the flight ended, the wave.
  const parts = [`${points >= 0 ? '+' : ''}${points} at ${angleText(shot.angleDeg)}°`, lit > 0 ? `${lit} lit` : 'no lantern lit'];
  if (bounces > 0) parts.push(`${bounces} bounce${bounces === 1 ? '' : 's'}`);
  parts.push(end.type === 'absorb' ? 'absorbed' : 'faded');
  if (shot.waveCleared) parts.push(after.won ? 'round won' : `wave ${shot.wave} cleared`);
  else if (after.gameOver) parts.push('out of wisps');
  else parts.push(`${after.wispsLeft} wisp${after.wispsLeft === 1 ? '' : 's'} left`);
  return { text: parts.join(' · '), points, items };
}

function fadeText(cause: string | undefined): string {
  return cause === 'budget' ? 'faded: distance spent' : cause === 'bounceCap' ? 'faded: bounce cap reached' : 'faded: event cap';
}

/**
 * The shot as the step report's events, in flight order: `flight` {angleDeg, path} (the polyline the wisp flew, {x, y}
 * points from the brazier, the lastShot's own), then along it `bounce` {id, x, y}, `gong` {id, x, y, points} and `lit` {id, x, y,
 * chain, bounces, points} (lanterns lighting in chain order), then how it ended, `absorbed` {id, x, y} or `faded`
 * {x, y, cause}; then `wave_cleared` {wave, points}, `efficiency` {points}, `one_shot_wonder` {points}, and
 * `round_won` or `round_over`. The lastShot of the state after is the same shot in full.
 */
export function shotEvents(shot: LastShot, after: State): StepEvent[] {
  const out: StepEvent[] = [{ kind: 'flight', angleDeg: shot.angleDeg, path: shot.path }];
  for (const e of shot.events) {
    if (e.type === 'light') out.push({ kind: 'lit', id: e.id, x: e.x, y: e.y, chain: e.chain ?? 0, bounces: e.bounces, points: e.points });
    else if (e.type === 'gong') out.push({ kind: 'gong', id: e.id, x: e.x, y: e.y, points: e.points });
    else if (e.type === 'bounce') out.push({ kind: 'bounce', id: e.id, x: e.x, y: e.y });
    else if (e.type === 'absorb') out.push({ kind: 'absorbed', id: e.id, x: e.x, y: e.y });
    else out.push({ kind: 'faded', x: e.x, y: e.y, cause: e.cause ?? null });
  }
  if (shot.waveCleared) {
    out.push({ kind: 'wave_cleared', wave: shot.wave, points: shot.bonus.waveClear });
    if (shot.bonus.efficiency > 0) out.push({ kind: 'efficiency', points: shot.bonus.efficiency });
    if (shot.bonus.oneShotWonder > 0) out.push({ kind: 'one_shot_wonder', points: shot.bonus.oneShotWonder });
    if (after.won) out.push({ kind: 'round_won' });
  } else if (after.gameOver) out.push({ kind: 'round_over' });
  return out;
}
