// What one shot did, for every adapter's "what happened" line (web, terminal, MCP, view=compact). Derived from the
// state before and the state after, whose lastShot is the shot's full resolution; no rule is recomputed here.
// Item kinds (stable, documented in the README), in this order: gong and lantern_lit in flight order, absorbed or
// faded (how the flight ended), wisp_lost (nothing lit), wave_cleared, efficiency, one_shot_wonder, round_won, round_over.
import type { Recap, RecapItem } from '@hearth/engine';
import { WAVE_COUNT } from './constants.ts';
import type { State } from './state.ts';

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
  const parts = [`${points >= 0 ? '+' : ''}${points} at ${shot.angleDeg}°`, lit > 0 ? `${lit} lit` : 'no lantern lit'];
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
