// The player's view: every datum a renderer draws, as data (the wall with each hold's kind, breaths, cracks
// and ice; fog, floor, ledges and the belay; your position; gusts and rockfall now and next per column; the
// legal moves with their costs; what breathing would do; why the run ended), plus the text picture.
import { creepFires, visibleTop } from './band.ts';
import type { Wall } from './generator.ts';
import { picture } from './picture.ts';
import { BREATH_GAIN, BREATH_GAIN_OVERHANG, legalMoves } from './rules.ts';
import type { CragObservation, Hazard, ObservedRow } from './shapes/observation.ts';
import { type CragState, floorRow, isLedgeRow, nextBelay, type Row } from './state.ts';

export { LEGEND } from './picture.ts';

export type { CragObservation, Hazard, ObservedMove, ObservedRow } from './shapes/observation.ts';

/** The stamina change of a breath now: +4 (+2 on an overhang) on a jug with breaths off a ledge, capped at the tank; else -1. */
export function breathDelta(s: CragState): number {
  const r = s.band[s.row - (s.band[0] as Row).row] as Row;
  const h = r.cells[s.col];
  if (h && h.kind === 'jug' && h.breaths > 0 && !isLedgeRow(s.row))
    return Math.min(r.overhang ? BREATH_GAIN_OVERHANG : BREATH_GAIN, s.tank - s.stamina);
  return -1;
}

/** Why the run ended, in a player's words (`short`: three or four words, for the recap line). */
export function endedBecause(s: CragState, short = false): string | null {
  if (s.ending === 'exhausted') return 'stamina reached 0';
  if (s.ending === 'noMove')
    return short ? 'no affordable move' : `no affordable move with ${s.stamina} stamina (a breath does not keep a run alive)`;
  if (s.ending === 'ended') return short ? 'ended at a ledge' : `you ended the run at the ledge of row ${s.row}`;
  return null;
}

export function hazards(s: CragState): CragObservation['hazards'] {
  const out: CragObservation['hazards'] = [];
  for (let c = 0; c < 6; c++) {
    const now: Hazard[] = [];
    const next: Hazard[] = [];
    if (s.gusts.now.includes(c)) now.push('gust');
    if (s.rockfall.now === c) now.push('rockfall');
    if (s.gusts.next.includes(c)) next.push('gust');
    if (s.rockfall.next === c) next.push('rockfall');
    out.push({ col: c, now, next });
  }
  return out;
}

function observedWall(s: CragState): ObservedRow[] {
  const floor = floorRow(s);
  const belay = nextBelay(s);
  return s.band.map((r) => ({
    row: r.row,
    overhang: r.overhang,
    fogged: r.fogged,
    ledge: isLedgeRow(r.row),
    belay: r.row === belay,
    floor: r.row === floor,
    underFloor: r.row < floor,
    cells: r.cells.map((c) => (c === null ? null : { kind: c.kind, breaths: c.breaths, cracks: c.cracks, ice: c.ice })),
  }));
}

export function observe(wall: Wall, s: CragState): CragObservation {
  const d = wall.difficulty(s.pitch);
  const creeps = s.phase === 'climbing' && creepFires(wall, s);
  const moves = legalMoves(s);
  const breath = s.phase === 'climbing' ? breathDelta(s) : null;
  const why = endedBecause(s);
  const status =
    s.phase === 'over'
      ? `RUN OVER (${why})`
      : s.phase === 'atLedge'
        ? `AT THE LEDGE of row ${s.row}: climbOn or endRun`
        : `climbing pitch ${s.pitch}, belay at row ${nextBelay(s)}`;
  return {
    text: picture(s, { status, foresight: d.foresight, creeps, breath, moves }),
    phase: s.phase,
    ending: s.ending,
    endedBecause: why,
    pitch: s.pitch,
    turn: s.turn,
    stamina: s.stamina,
    tank: s.tank,
    score: s.score,
    position: { row: s.row, col: s.col },
    highPoint: s.highPoint,
    floor: floorRow(s),
    nextBelay: nextBelay(s),
    foresight: d.foresight,
    visibleTop: visibleTop(wall, s),
    cleanStreak: s.cleanStreak,
    pitchClean: !s.pitchDipped,
    spindrift: s.spindrift,
    gusts: { now: s.gusts.now.slice(), next: s.gusts.next.slice() },
    rockfall: { now: s.rockfall.now, next: s.rockfall.next },
    hazards: hazards(s),
    creepFiresThisTurn: creeps,
    wall: observedWall(s),
    moves,
    breath,
  };
}
