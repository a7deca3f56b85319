// Sunloaf's invariants after every accepted step, shared by the conformance run and the long property runs.
import { canonicalJson } from '@hearth/engine';
import { rosterSize } from '../src/curves.ts';
import type { Action, State } from '../src/state.ts';

export function sunloafInvariants(prev: State, action: Action, next: State, legal?: Action[]): string[] {
  const out: string[] = [];
  if (next.score < prev.score) out.push(`score fell ${prev.score} -> ${next.score}`);
  if (next.chain < 0 || next.chain > 8) out.push(`chain ${next.chain} out of 0..8`);
  if (action.type !== 'NEXT_DAY' && next.rng.cursor !== prev.rng.cursor) out.push('the random cursor moved without a new day');
  if (action.type === 'NEXT_DAY' && next.rng.cursor <= prev.rng.cursor) out.push('a new day did not advance the cursor');
  if (action.type !== 'NEXT_DAY' && canonicalJson(next.layout) !== canonicalJson(prev.layout)) out.push('the layout changed within a day');
  if (next.cats.length !== rosterSize(next.day)) out.push(`roster ${next.cats.length} on day ${next.day}`);
  const tiles = new Set(next.cats.map((c) => c.tile));
  if (tiles.size !== next.cats.length) out.push('two cats share a tile');
  for (const c of next.cats) if (next.layout.furniture.includes(c.tile)) out.push(`cat ${c.id} on furniture`);
  if (action.type === 'MOVE' && next.cats[action.cat]!.settled !== 0) out.push('the moved cat kept its settled');
  if (action.type === 'REST' || action.type === 'MOVE') {
    if (next.turn !== prev.turn + 1) out.push('REST/MOVE did not spend exactly one turn');
    for (const c of next.cats) {
      const before = prev.cats[c.id]!.settled;
      if (!(c.settled === 0 || (c.settled === before + 1 && !(action.type === 'MOVE' && action.cat === c.id))))
        out.push(`cat ${c.id} settled ${before} -> ${c.settled}`);
    }
  }
  if (action.type === 'DOZE' && (next.turn - prev.turn < 1 || next.turn - prev.turn > 4)) out.push('DOZE spent outside 1..4 turns');
  if (next.dayCosyRaw < (action.type === 'NEXT_DAY' ? 0 : prev.dayCosyRaw)) out.push('dayCosyRaw fell within a day');
  if (legal) {
    const types = legal.map((a) => a.type);
    if (next.phase === 'day' && !types.includes('REST')) out.push('REST not legal while the day runs');
    if (next.phase === 'sunset' && canonicalJson(types) !== canonicalJson(['NEXT_DAY', 'END_RUN']))
      out.push(`at sunset: ${types.join(',')}`);
    if (next.phase === 'over' && legal.length > 0) out.push('legal actions after the run is over');
  }
  return out;
}
