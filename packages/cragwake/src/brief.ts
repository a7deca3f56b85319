// The compact view for language models (rules.brief): a small picture of the rows that matter (floor up to
// the fog), the numbers that matter, and the legal actions in a compact documented form:
//   climbing: { move: [[row, col, cost], ...], breathe: <stamina change> }   (send {type:'move',row,col} / {type:'breathe'})
//   at a ledge: { climbOn: true, endRun: true }                              (send {type:'climbOn'} / {type:'endRun'})
//   over: {}
import type { Brief, Json } from '@hearth/engine';
import { creepFires, visibleTop } from './band.ts';
import type { Wall } from './generator.ts';
import { breathDelta, endedBecause } from './observe.ts';
import { token } from './picture.ts';
import { legalMoves } from './rules.ts';
import { type CragState, floorRow, nextBelay, type Row } from './state.ts';

const list = (cols: number[]) => (cols.length === 0 ? '-' : cols.join(','));
const one = (c: number | null) => (c === null ? '-' : String(c));

export const BRIEF_KEY = 'key: J2 jug+breaths P plain C crimp xN cracks left *icy ~frosting .rock =ledge @you ^overhang';

export function createBrief(wall: Wall): (s: CragState) => Brief {
  return (s) => {
    const lines: string[] = [];
    const top = Math.min(visibleTop(wall, s), (s.band[s.band.length - 1] as Row).row);
    const floor = floorRow(s);
    const head = `pitch ${s.pitch} turn ${s.turn} stamina ${s.stamina}/${s.tank} score ${s.score} streak ${s.cleanStreak}${s.pitchDipped ? ' (pitch dipped)' : ''} belay row ${nextBelay(s)}`;
    if (s.phase === 'over') lines.push(`RUN OVER: ${endedBecause(s)} | ${head}`);
    else if (s.phase === 'atLedge') lines.push(`AT A LEDGE: climbOn or endRun | ${head}`);
    else {
      lines.push(head);
      lines.push(
        `gust cols now ${list(s.gusts.now)} next ${list(s.gusts.next)} | rockfall col now ${one(s.rockfall.now)} next ${one(s.rockfall.next)}${creepFires(wall, s) ? ' | ice creeps this turn' : ''}`,
      );
    }
    lines.push(BRIEF_KEY);
    const fogFrom = top + 1;
    const bandTop = (s.band[s.band.length - 1] as Row).row;
    if (fogFrom <= bandTop) lines.push(`rows ${fogFrom}+ fog`);
    for (let i = s.band.length - 1; i >= 0; i--) {
      const r = s.band[i] as Row;
      if (r.fogged || r.row < floor) continue;
      const cells = r.cells.map((c, col) => token(c ?? null, r.row, r.row === s.row && col === s.col)).join(' ');
      lines.push(`${r.row}${r.overhang ? '^' : ''}: ${cells}`);
    }
    let actions: Json = {};
    if (s.phase === 'climbing') actions = { move: legalMoves(s).map((m) => [m.row, m.col, m.cost]), breathe: breathDelta(s) };
    else if (s.phase === 'atLedge') actions = { climbOn: true, endRun: true };
    return { text: lines.join('\n'), actions };
  };
}
