// The served spec: the document's text and grammar, the schemas, the legend and every decision.
import type { Spec } from '@hearth/engine';
import { DECISIONS } from './decisions.ts';
import { GOAL, RULES, SCORING } from './document.ts';
import { look } from './look.ts';
import { actionGrammar } from './shapes/action.ts';
import { observationSchema } from './shapes/observation.ts';
import { stateSchema } from './shapes/state.ts';
import { SUMMARY } from './summary.ts';

export const legend: Record<string, string> = {
  grid: 'Each tile is two characters, occupant then light; row 0 is the top, tile = row * 7 + column.',
  '0-4': 'a cat (its id)',
  D: 'a dog where it stands this turn',
  d: "a dog's next two steps",
  m: 'a mat with a waiting bowl',
  H: 'the hearth',
  '.': 'floor',
  '##': 'furniture',
  '*': '(second character) lit by the band this turn: cap 6',
  '~': '(second character) the warm hearth out of the band: cap 3',
  ' ': '(second character) not lit: earns nothing this turn',
};

export const appendix = {
  multiplier: 'mult = min(100 + 35 * (day - 1), 1200)',
  quotaRatio: 'day 1: 1000; day >= 2: min(1500 + 320 * (day - 2), 9500) (ten-thousandths)',
  quota: 'dayQuota = ceil(dayPar * quotaRatio / 10000)',
  dayBonus: 'min(100 * day, 3000), never multiplied',
  bandDwell: 'day <= 11: 3; else 2. dayLength = 7 * bandDwell',
  roster: 'cats = min(5, 2 + floor((day - 1) / 3)); ranges by id 3, 2, 4, 3, 2; one big cat drawn each day',
  furniture: 'min(3 + floor(day / 2), 12) pieces, never on the hearth or a dog loop',
  shade: 'min(1 + floor((day - 1) / 5), 4) tiles',
  clouds: 'day < 4: 0; else min(1 + floor((day - 4) / 3), 6) distinct cloud turns among 1..dayLength-1',
  serves:
    'min(1 + floor((day - 1) / 2), 6) serves on distinct turns among 3..dayLength-1; from day 15 the 2nd, 4th, 6th serve covers two mats',
  lattice: 'from day 16, parity 0 or 1 drawn each day',
  dogs: 'day < 6: 0; days 6-19: 1; day >= 20: 2. Speed 1, 2 from day 24. Each loop is the perimeter of a rectangle of sides 2..min(3 + floor((day - 6) / 4), 5), started at a drawn corner offset and direction',
  hearth: 'an edge tile not on the window wall, drawn uniformly',
  generation:
    'One @hearth/rng stream (streamId("sunloaf/day")) read from state.rng.cursor; draws in order: window, hearth, dog loops (h, w, top, left, offset, direction each), furniture (partial Fisher-Yates), cloud turns, lattice, big cat, cat tiles, serve turns, mats. Day d is generated from the cursor left by day d - 1 (0 for day 1).',
  referencePolicy:
    "dayPar = raw cosy of the reference policy (policies.reference; src/planner.ts) playing the fresh room with chain 0. Each turn, for every cat, it values staying to the end of the day, napping until a later turn then moving, and moving now to each reachable tile (or, when urgent, on to a second tile next turn): own pile-free cosy (settled with dog resets and caps) times (4 + current neighbour pile) / 4, plus a quarter of each neighbour's stay value per pile point it gives, plus, per waiting bowl on the tile, the pay 30 * min(c + 1 + j, 8) of the j-th remaining serve, where c is the chain today's resolved serves alone have built (a chain carried from earlier days is not counted, so a run's day repeats the dayPar run and never earns less than dayPar), plus what the later serves would lose if that serve reset the chain. It moves the cat whose move now beats staying by the largest margin and is at least as good as moving later, otherwise rests. Ties: lower cat id, then lower tile.",
  cursor:
    'Every draw of generation takes one index of the stream and every pick draws exactly as many as it picks, so a day takes 2 + 6 * dogs + furniture + clouds + (lattice ? 1 : 0) + 1 + roster + serves + bowls draws (bowls = serves + floor(serves / 2) from day 15, else serves) and the cursor day d starts from is the sum of that over days 1..d-1, modulo 2^32.',
  difficultyCeiling:
    'Every room curve is at its ceiling by day 24 (dogs speed 2); the quota ratio reaches 9500 on day 27 and the multiplier 1200 on day 33.',
};

export const spec: Spec = {
  slug: 'sunloaf',
  name: 'Sunloaf',
  genre: 'nap puzzle',
  description: 'Park cats in a sliding sunbeam and leave them asleep: the longer the nap, the bigger the purr.',
  goal: GOAL,
  scoring: SCORING,
  rules: RULES,
  actionGrammar,
  stateSchema,
  observationSchema,
  decisions: DECISIONS,
  carry: 'stateToken',
  version: '1.1.0',
  legend,
  look,
  appendix,
  summary: SUMMARY,
};
