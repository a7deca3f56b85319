// "What happened" for one accepted action, from the events the step reported as apply resolved its turns (the
// same turn code, nothing replayed), so every award is named by what earned it. points is always the score change.
import type { Recap, RecapItem, StepEvent, StepReport } from '@hearth/engine';
import { tileName } from './look.ts';
import type { Action, State } from './state.ts';

/** The turns' events summed up as the recap lines read them. */
interface TurnTally {
  turns: number;
  /** Warmth points (score units) and a bit per cat id that earned any. */
  purr: number;
  purrCats: number;
  /** Of `purr`, the points the pile added. */
  pile: number;
  eaten: { mat: number; points: number }[];
  missed: number[];
  chainReset: boolean;
  /** A bit per cat id whose nap a dog cut short. */
  dogReset: number;
  cloudTurns: number;
  bonus: number;
}

function tallyOf(events: readonly StepEvent[]): TurnTally {
  const t: TurnTally = {
    turns: 0,
    purr: 0,
    purrCats: 0,
    pile: 0,
    eaten: [],
    missed: [],
    chainReset: false,
    dogReset: 0,
    cloudTurns: 0,
    bonus: 0,
  };
  for (const e of events)
    switch (e.kind) {
      case 'turn':
        t.turns++;
        break;
      case 'purr':
        t.purr += e.points ?? 0;
        t.purrCats |= 1 << (e.cat as number);
        t.pile += e.pilePoints as number;
        break;
      case 'bowl':
        t.eaten.push({ mat: e.tile as number, points: e.points ?? 0 });
        break;
      case 'bowl_missed':
        t.missed.push(e.tile as number);
        break;
      case 'chain_reset':
        t.chainReset = true;
        break;
      case 'dog':
        for (const id of e.cats as number[]) t.dogReset |= 1 << id;
        break;
      case 'cloud':
        t.cloudTurns++;
        break;
      case 'day_end':
        t.bonus += e.points ?? 0;
        break;
    }
  return t;
}

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

export function recap(before: State, after: State, action: Action, report: StepReport): Recap {
  const items: RecapItem[] = [];
  if (action.type === 'NEXT_DAY') {
    items.push({
      kind: 'day_start',
      text: `day ${after.day} opens: quota ${after.dayQuota} raw cosy, multiplier ×${(after.mult / 100).toFixed(2)}, ${after.layout.dayLength} turns`,
    });
  } else if (action.type === 'END_RUN') {
    items.push({ kind: 'run_end', text: before.phase === 'sunset' ? 'run ended at sunset: a win' : 'run ended mid day: a good game' });
  } else {
    const tally = tallyOf(report.events);
    if (action.type === 'MOVE') {
      const cat = before.cats[action.cat]!;
      const nap = cat.settled > 0 ? `, nap ${cat.settled} lost` : '';
      items.push({ kind: 'move', text: `cat ${action.cat} moves to ${at(action.tile)}${nap}` });
    } else if (action.type === 'DOZE') items.push({ kind: 'doze', text: `dozed ${tally.turns} turn${tally.turns === 1 ? '' : 's'}` });
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
