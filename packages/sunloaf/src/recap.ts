// "What happened" for one accepted action: the turns are replayed from the state before with a tally (the same
// turn code as apply), so every award is named by what earned it. points is always the score change itself.
import type { Recap, RecapItem } from '@hearth/engine';
import { tileName } from './look.ts';
import { type Action, cloneState, type State } from './state.ts';
import { doze, moveCat, newTally, rest, type TurnTally } from './turn.ts';

/** Every recap item kind this game emits (stable; documented in the README). */
export type SunloafRecapKind =
  | 'move'
  | 'doze'
  | 'purr'
  | 'bowl_eaten'
  | 'bowl_missed'
  | 'chain'
  | 'dog_reset'
  | 'cloud'
  | 'day_end'
  | 'day_start'
  | 'run_end';

const cats = (mask: number): string => {
  const ids: number[] = [];
  for (let id = 0; id < 5; id++) if (mask & (1 << id)) ids.push(id);
  return `${ids.length > 1 ? 'cats' : 'cat'} ${ids.join(', ')}`;
};

/** A tile as a player names it, as the boards label it (spec.look's cell names: rows and columns from 1, top left). */
const at = tileName;

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

export function recap(before: State, after: State, action: Action): Recap {
  const items: RecapItem[] = [];
  if (action.type === 'NEXT_DAY') {
    items.push({
      kind: 'day_start',
      text: `day ${after.day} opens: quota ${after.dayQuota} raw cosy, multiplier ×${(after.mult / 100).toFixed(2)}, ${after.layout.dayLength} turns`,
    });
  } else if (action.type === 'END_RUN') {
    items.push({ kind: 'run_end', text: before.phase === 'sunset' ? 'run ended at sunset: a win' : 'run ended mid day: a good game' });
  } else {
    const sim = cloneState(before);
    const tally = newTally();
    if (action.type === 'MOVE') {
      const cat = before.cats[action.cat]!;
      const nap = cat.settled > 0 ? `, nap ${cat.settled} lost` : '';
      items.push({ kind: 'move', text: `cat ${action.cat} moves to ${at(action.tile)}${nap}` });
      moveCat(sim, action.cat, action.tile, tally);
    } else if (action.type === 'REST') rest(sim, tally);
    else {
      doze(sim, tally);
      items.push({ kind: 'doze', text: `dozed ${tally.turns} turn${tally.turns === 1 ? '' : 's'}` });
    }
    turnItems(before, after, tally, items);
  }
  const points = after.score - before.score;
  const text = items.length > 0 ? items.map((i) => i.text).join(' · ') : points > 0 ? `${signed(points)} points` : 'no points';
  return { text, points, items };
}

function turnItems(before: State, after: State, tally: TurnTally, items: RecapItem[]): void {
  if (tally.purr > 0) {
    const pile = tally.pile > 0 ? `, pile ${signed(tally.pile)}` : '';
    items.push({ kind: 'purr', text: `${signed(tally.purr)} purr (${cats(tally.purrCats)}${pile})`, points: tally.purr });
  }
  if (tally.eaten.length) {
    const points = tally.eaten.reduce((sum, b) => sum + b.points, 0);
    const mats = tally.eaten.map((b) => at(b.mat)).join('; ');
    items.push({ kind: 'bowl_eaten', text: `${signed(points)} bowl${tally.eaten.length > 1 ? 's' : ''} (mat at ${mats})`, points });
  }
  if (tally.missed.length) items.push({ kind: 'bowl_missed', text: `bowl missed (mat at ${tally.missed.map(at).join('; ')})` });
  if (after.chain !== before.chain)
    items.push({ kind: 'chain', text: `chain ${before.chain} to ${after.chain}${tally.chainReset ? ' (reset)' : ''}` });
  if (tally.dogReset) items.push({ kind: 'dog_reset', text: `dog woke ${cats(tally.dogReset)}` });
  if (tally.cloudTurns > 0) items.push({ kind: 'cloud', text: tally.cloudTurns === 1 ? 'cloud' : `${tally.cloudTurns} cloud turns` });
  if (after.phase === 'sunset')
    items.push({
      kind: 'day_end',
      text: `sunset: quota met ${after.dayCosyRaw}/${after.dayQuota}, day bonus +${tally.bonus}`,
      points: tally.bonus,
    });
  else if (after.outcome === 'quota_missed')
    items.push({ kind: 'day_end', text: `quota missed ${after.dayCosyRaw}/${after.dayQuota}: run over`, points: 0 });
}
