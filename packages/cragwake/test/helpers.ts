// Shared by the tests: the game over each kernel build, and Cragwake's invariants after a step.
import type { Game } from '@hearth/engine';
import { visibleTop } from '../src/band.ts';
import { createWall, type Wall } from '../src/generator.ts';
import { createGame } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';
import type { CragObservation } from '../src/observe.ts';
import type { CragAction } from '../src/rules.ts';
import { type CragState, floorRow, holdAt, nextBelay } from '../src/state.ts';

export type CragGame = Game<CragState, CragAction, CragObservation>;

export async function loadBoth(): Promise<{ wasm: { wall: Wall; game: CragGame }; js: { wall: Wall; game: CragGame } }> {
  const wasmWall = createWall(await loadKernel('wasm'));
  const jsWall = createWall(await loadKernel('js'));
  return { wasm: { wall: wasmWall, game: createGame(wasmWall) }, js: { wall: jsWall, game: createGame(jsWall) } };
}

/** Everything the design document promises after any accepted step; returns the violations. */
export function cragInvariants(game: CragGame, wall: Wall, prev: CragState, action: CragAction, next: CragState): string[] {
  const out: string[] = [];
  const parsed = game.rules.parseState(next);
  if (!parsed.ok) out.push(`state after ${JSON.stringify(action)} does not parse: ${parsed.message}`);
  if (next.score < prev.score) out.push(`score fell ${prev.score} -> ${next.score}`);
  if (next.stamina < 0 || next.stamina > next.tank) out.push(`stamina ${next.stamina} outside 0..${next.tank}`);
  if (next.turn !== prev.turn && next.turn !== prev.turn + 1) out.push(`turn jumped ${prev.turn} -> ${next.turn}`);
  if (next.phase === 'climbing') {
    // A line always exists: a hold within a step above, or the belay itself.
    const up = next.row + 1;
    let line = up === nextBelay(next);
    for (let c = next.col - 1; c <= next.col + 1 && !line; c++) if (c >= 0 && c < 6 && holdAt(next, up, c) !== null) line = true;
    if (!line) out.push(`stranded at (${next.row}, ${next.col}): nothing a step above`);
    const top = visibleTop(wall, next);
    for (const a of game.rules.legalActions(next)) {
      if (a.type !== 'move') continue;
      if (a.row > top) out.push(`legal move to fogged row ${a.row} (visible to ${top})`);
      if (a.row < floorRow(next)) out.push(`legal move under the floor: row ${a.row}`);
      if (a.row > nextBelay(next)) out.push(`legal move above the next belay: row ${a.row}`);
    }
    for (const m of game.rules.observe(next).moves) {
      if (m.cost > 9 || m.cost < 1) out.push(`move cost ${m.cost} outside 1..9`);
      if (m.cost > next.stamina) out.push(`listed move costs ${m.cost} > stamina ${next.stamina}`);
    }
  }
  if (next.phase === 'over' && game.rules.legalActions(next).length !== 0) out.push('legal actions after the run ended');
  return out;
}
