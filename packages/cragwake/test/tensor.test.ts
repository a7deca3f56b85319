// The observation tensor over random play: declaration and bounds kept, and every row equal to this decoding of
// the JSON observation of the same state (an independent reading of the same position).
import { checkTensor, defaultCheckOptions } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';
import type { CragObservation } from '../src/observe.ts';
import { ICE_CODES, KIND_CODES, MOVE_OFFSETS_LIST, PHASE_CODES } from '../src/tensor.ts';

const game = await gameModule.load();
const tensor = game.rules.tensor!;
const HELD_PITCH = tensor.fields.find((f) => f.name === 'pitch')!.high;

function tensorOf(obs: CragObservation): Float32Array {
  const row = new Float32Array(tensor.size);
  const put = (name: string, values: number[]) => {
    const f = tensor.fields.find((x) => x.name === name)!;
    expect(values.length).toBe(f.size);
    row.set(values, f.offset);
  };
  const base = obs.wall[0]!.row;
  const climbing = obs.phase === 'climbing';
  put('phase', [PHASE_CODES.indexOf(obs.phase)]);
  put('stamina', [obs.stamina]);
  put('tank', [obs.tank]);
  put('pitch', [Math.min(obs.pitch, HELD_PITCH)]);
  put('row_in_pitch', [obs.position.row - (obs.nextBelay - 10)]);
  put('climber_row', [obs.position.row - base]);
  put('climber_col', [obs.position.col]);
  put('high_point', [obs.highPoint - base]);
  put('clean_streak', [Math.min(obs.cleanStreak, 6)]);
  put('pitch_clean', [obs.pitchClean ? 1 : 0]);
  put('foresight', [obs.foresight]);
  put('breath', [obs.breath ?? 0]);
  put('frost_this_turn', [obs.creepFiresThisTurn ? 1 : 0]);
  const cols = [0, 1, 2, 3, 4, 5];
  put(
    'gust_now',
    cols.map((c) => (obs.hazards[c]!.now.includes('gust') ? 1 : 0)),
  );
  put(
    'gust_next',
    cols.map((c) => (obs.hazards[c]!.next.includes('gust') ? 1 : 0)),
  );
  put(
    'rockfall_now',
    cols.map((c) => (obs.hazards[c]!.now.includes('rockfall') ? 1 : 0)),
  );
  put(
    'rockfall_next',
    cols.map((c) => (obs.hazards[c]!.next.includes('rockfall') ? 1 : 0)),
  );
  const rows = obs.wall;
  put(
    'row_overhang',
    rows.map((r) => +r.overhang),
  );
  put(
    'row_fogged',
    rows.map((r) => +r.fogged),
  );
  put(
    'row_ledge',
    rows.map((r) => +r.ledge),
  );
  put(
    'row_belay',
    rows.map((r) => +r.belay),
  );
  put(
    'row_floor',
    rows.map((r) => +r.floor),
  );
  put(
    'row_under_floor',
    rows.map((r) => +r.underFloor),
  );
  const cells = rows.flatMap((r) => r.cells);
  put(
    'hold_kind',
    cells.map((c) => KIND_CODES.indexOf(c ? c.kind : null)),
  );
  put(
    'hold_breaths',
    cells.map((c) => c?.breaths ?? 0),
  );
  put(
    'hold_cracks',
    cells.map((c) => c?.cracks ?? 0),
  );
  put(
    'hold_ice',
    cells.map((c) => (c ? ICE_CODES.indexOf(c.ice) : 0)),
  );
  const costs = MOVE_OFFSETS_LIST.map(() => 0);
  if (climbing)
    for (const m of obs.moves)
      costs[MOVE_OFFSETS_LIST.findIndex(([dr, dc]) => dr === m.row - obs.position.row && dc === m.col - obs.position.col)] = m.cost;
  put('move_cost', costs);
  return row;
}

describe('cragwake observation tensor', () => {
  it('equals the decoded JSON observation, in bounds, over random play on 300 seeds', () => {
    const result = checkTensor(game, { ...defaultCheckOptions, seeds: 300, maxTurns: 300 }, tensorOf as never);
    expect(result.problems).toEqual([]);
    expect(result.states).toBeGreaterThan(1000);
  }, 300_000);
  it('the move costs follow the action space: the relative actions are the same list', () => {
    expect(game.rules.relativeActions!.offsets).toBe(MOVE_OFFSETS_LIST);
    expect(tensor.fields.find((f) => f.name === 'move_cost')!.size).toBe(MOVE_OFFSETS_LIST.length);
  });
});
