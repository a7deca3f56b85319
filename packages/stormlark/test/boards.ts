// Random boards for kernel tests and benchmarks: any kind anywhere (dense in columns 1..3 so the
// search fails often), up to 2 wardens, valid hp and drift, unique ids.
import type { Stream } from '@hearth/rng';
import { CELLS, DRIFTER, GATE, RIMESHELL, WARDEN } from '../src/board.ts';

export interface RandomBoard {
  kind: Int32Array;
  hp: Int32Array;
  drift: Int32Array;
  id: Int32Array;
  column: number;
  shipLane: number;
}

const HP = [0, 0, 1, 1, 2, 1, 4, 0, 0, 0];

export function randomBoard(stream: Stream): RandomBoard {
  const b: RandomBoard = {
    kind: new Int32Array(CELLS),
    hp: new Int32Array(CELLS),
    drift: new Int32Array(CELLS),
    id: new Int32Array(CELLS),
    column: 9 + stream.below(1000),
    shipLane: stream.below(7),
  };
  const density = 30 + stream.below(70);
  const wardenCap = stream.below(3);
  let wardens = 0;
  const ids = stream.below(1000);
  for (let cell = 7; cell < CELLS; cell++) {
    if (stream.below(100) >= density) continue;
    let k = 1 + stream.below(8); // crag..mote, no gates
    if (k === WARDEN && wardens >= wardenCap) k = 2;
    if (k === WARDEN) wardens++;
    b.kind[cell] = k;
    b.hp[cell] = k === RIMESHELL ? 1 + stream.below(2) : k === WARDEN ? 1 + stream.below(4) : (HP[k] ?? 0);
    b.drift[cell] = k === DRIFTER ? (stream.below(2) === 0 ? -1 : 1) : 0;
    b.id[cell] = ids + ((cell * 37) % CELLS); // unique, not in board order
  }
  if (stream.below(20) === 0) {
    const col = 4 + stream.below(6);
    for (let lane = 0; lane < 7; lane++) {
      b.kind[col * 7 + lane] = GATE;
      b.hp[col * 7 + lane] = 0;
      b.drift[col * 7 + lane] = 0;
    }
  }
  return b;
}

export function load(
  target: { kind: Int32Array; hp: Int32Array; drift: Int32Array; id: Int32Array; slot: Int32Array },
  b: RandomBoard,
): void {
  target.slot.fill(-1);
  target.kind.set(b.kind);
  target.hp.set(b.hp);
  target.drift.set(b.drift);
  target.id.set(b.id);
}
