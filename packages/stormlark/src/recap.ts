// The recap: what one accepted action did, in stable item kinds (listed in the README), built from the
// events the rules' own step recorded plus the counters before and after. points = score after - before.
import type { Recap, RecapItem } from '@hearth/engine';
import type { TurnEvents } from './events.ts';
import type { StormlarkAction, StormlarkState } from './state.ts';

/** Every recap item kind, stable (documented in the README); adapters may switch on them. */
export const RECAP_KINDS = [
  'move',
  'vent',
  'cleared',
  'hit',
  'absorbed',
  'missed',
  'sparker',
  'collision',
  'hull_lost',
  'chain_reset',
  'mote',
  'squall',
  'charge',
  'column',
  'gate',
  'flawless',
  'repair',
  'reach',
  'end_run',
  'run_over',
  'guard',
] as const;
export type StormlarkRecapKind = (typeof RECAP_KINDS)[number];

const plus = (n: number) => `+${n}`;

function losses(before: StormlarkState, after: StormlarkState, push: (kind: StormlarkRecapKind, text: string) => void): void {
  if (after.hull < before.hull) push('hull_lost', `hull ${before.hull} → ${after.hull}`);
  if (after.chain === 0 && before.chain > 0) push('chain_reset', `chain ${before.chain} → 0`);
}

export function buildRecap(before: StormlarkState, after: StormlarkState, a: StormlarkAction, ev: TurnEvents | null): Recap {
  const items: RecapItem[] = [];
  // The line is the items' texts joined by ' · ', written as they come.
  let line = '';
  const push = (kind: StormlarkRecapKind, text: string, points?: number) => {
    items.push(points === undefined ? { kind, text } : { kind, text, points });
    line = items.length === 1 ? text : `${line} · ${text}`;
  };
  if (a.type === 'END_RUN') push('end_run', 'run ended, score kept');
  else if (a.type === 'NEXT_REACH')
    push(
      'reach',
      `reach ${before.reach} → ${after.reach}${after.hull > before.hull ? ` · hull ${before.hull} → ${after.hull}` : ''} · charge ${after.charge}`,
    );
  else if (ev) {
    if (a.type === 'UP' || a.type === 'DOWN') push('move', `lane ${before.shipLane} → ${after.shipLane}`);
    if (a.type === 'VENT') push('vent', 'vented (+3 charge instead of 1)');
    const p = ev.pulse;
    if (p) {
      if (p.result === 'cleared') push('cleared', `${plus(p.points)} ${p.kind} cleared (chain ${p.chain})`, p.points);
      else if (p.result === 'hit') push('hit', `${p.kind} hit, ${p.hpLeft} ${p.hpLeft === 1 ? 'hit' : 'hits'} left`);
      else if (p.result === 'absorbed') push('absorbed', `pulse absorbed by a ${p.kind}`);
      else push('missed', 'pulse met nothing');
    }
    if (ev.discharged) push('sparker', `sparker discharged along lane ${after.shipLane}`);
    if (ev.collided) push('collision', `hit a ${ev.collided}`);
    losses(before, after, push);
    if (ev.mote > 0) push('mote', `${plus(ev.mote)} mote collected (+3 charge)`, ev.mote);
    if (ev.squall) push('squall', 'squall drained 3 charge');
    if (after.charge !== before.charge) push('charge', `charge ${before.charge} → ${after.charge}`);
    push('column', `${plus(ev.column)} column`, ev.column);
    if (ev.gate > 0) push('gate', `${plus(ev.gate)} Gate reached`, ev.gate);
    if (ev.flawless > 0) push('flawless', `${plus(ev.flawless)} flawless reach`, ev.flawless);
    if (ev.repaired > 0) push('repair', `the storm opened a way (${ev.repaired} ${ev.repaired === 1 ? 'solid' : 'solids'} removed)`);
  }
  if (after.phase === 'over' && after.hull === 0) push('run_over', 'hull 0: the run is over');
  const points = after.score - before.score;
  if (ev?.guard) {
    // the awards above, less what the guard held back, is what the score actually moved
    const paid = items.reduce((sum, i) => sum + (i.points ?? 0), 0);
    push('guard', `score held at the plausibility guard ${after.score}: the run is over`, points - paid);
  }
  return { text: line, points, items };
}
