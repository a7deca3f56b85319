// The compact view for language models: the 7x10 board as seven rows of glyphs, one status line, what
// a FIRE would meet, and the legal actions as the exact objects act accepts ({ "type": NAME }, no payload),
// so an agent can send one back as it is. Sized to stay far under 1,300 bytes with a recap.
import type { Brief } from '@hearth/engine';
import { boardFacts, boardRows, columnInReachOf } from './observe.ts';
import { COLUMNS_PER_REACH } from './schedule.ts';
import { chainTenths, reachQuarters } from './scoring.ts';
import { MAX_CHARGE, MAX_HULL, type StormlarkAction, type StormlarkState } from './state.ts';

/** One line that reads the glyphs (the full legend is spec.legend). */
export const BRIEF_KEY = '> you # crag o knot ^v drifter R/r rimeshell S sparker W warden ~ squall * mote | Gate';

// The multipliers as the status line prints them (x1.25, x2.1), one string per value: a double's digits are the
// dearest part of formatting a line drawn on every lean step. Index: reach quarters 4..16, chain tenths 10..30.
const REACH_X = Array.from({ length: 17 }, (_, q) => `${q / 4}`);
const CHAIN_X = Array.from({ length: 31 }, (_, t) => `${t / 10}`);

/** The brief reads the board's facts and the counters (the observation's numbers, without building its picture). */
export function buildBrief(s: StormlarkState, legal: StormlarkAction[]): Brief {
  const o = boardFacts(s, false);
  const rows = boardRows(s);
  const where =
    s.phase === 'flying' ? `Gate in ${COLUMNS_PER_REACH - columnInReachOf(s)}` : s.phase === 'reachClear' ? 'at a Gate' : 'run over';
  // One string built in place (the brief is drawn on every lean step): the status line, the column ruler, the rows.
  let text = `reach ${s.reach} x${REACH_X[reachQuarters(s.reach)]} | hull ${s.hull}/${MAX_HULL} | charge ${s.charge}/${MAX_CHARGE} | chain ${s.chain} x${CHAIN_X[chainTenths(s.chain)]} | score ${s.score} | ${where}\n  0123456789`;
  for (let lane = 0; lane < rows.length; lane++) text += `\n${lane} ${rows[lane]}`;
  const t = o.pulseTarget;
  const notes: string[] = [];
  if (s.phase === 'flying') notes.push(t ? `FIRE meets ${t.kind} at col ${t.col}` : 'FIRE meets nothing');
  if (o.sparkLanes.length > 0) notes.push(`sparker discharges next step on lane ${o.sparkLanes.join(',')}`);
  if (o.wardens.length > 0) notes.push(`wardens ${o.wardens.map((w) => `(${w.lane},${w.col}) hp ${w.hp}`).join(' ')}`);
  if (notes.length > 0) text += `\n${notes.join(' | ')}`;
  text += `\n${BRIEF_KEY}`;
  // The legal actions are the rules' own frozen objects ({ type } and nothing else), sent as they are.
  return { text, actions: legal };
}
