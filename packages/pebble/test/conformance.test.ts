// The shared conformance suite, with Pebble's own invariants and forged states.
import { fileURLToPath } from 'node:url';
import { runConformance } from '@hearth/conformance';
import { gameModule, PEBBLE_POINTS, type PebbleState } from '../src/index.ts';
import { distance } from '../src/state.ts';

const forge = (s: PebbleState, name: string, edit: (c: PebbleState) => void) => {
  const c: PebbleState = JSON.parse(JSON.stringify(s));
  edit(c);
  return { name, state: c };
};

runConformance({
  label: 'pebble',
  load: () => gameModule.load(),
  seeds: 200,
  maxTurns: 40,
  extraFields: 'refused',
  goldenDir: fileURLToPath(new URL('../golden', import.meta.url)),
  invariants: (prev, action, next) => {
    const out: string[] = [];
    if (action.type === 'move') {
      if (distance(prev.at, next.at) !== 1) out.push(`the pawn jumped from ${prev.at} to ${next.at}`);
      const picked = prev.pebbles.includes(next.at);
      if (next.score !== prev.score + (picked ? PEBBLE_POINTS : 0)) out.push('the score did not count the pebble');
      if (next.turn !== prev.turn + 1) out.push('a move did not count a turn');
    } else if (!next.ended || next.turn !== prev.turn) out.push('END did not end the game without a move');
    if (next.pebbles.includes(next.at)) out.push('the pawn stands on a pebble');
    return out;
  },
  forgedStates: (s) => [
    forge(s, 'score without pebbles', (c) => {
      c.score += PEBBLE_POINTS;
    }),
    forge(s, 'pebble the seed never placed', (c) => {
      const free = [...Array(25).keys()].find((cell) => cell !== c.at && !c.pebbles.includes(cell));
      if (free !== undefined) c.pebbles = [...c.pebbles, free].sort((a, b) => a - b);
    }),
    forge(s, 'pawn too far for the turn', (c) => {
      c.at = c.turn === 0 ? 0 : c.at;
      c.turn = 0;
    }),
  ],
  // A turn-0 state: any other pawn cell or score is unreachable (the turn and END are not: two moves can come back).
  mutation: { fields: ['at', 'score'], count: 2_000 },
});
