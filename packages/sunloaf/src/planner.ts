// The reference policy: a deterministic, honest one-turn planner over the exact rules. It reads only what a
// player sees (the public state: layout, cats, bowls, chain, turn) and never the random cursor.
//
// Each turn it compares, for every cat, plans under "everyone else stays put":
//   stay    - keep napping where it is to the end of the day;
//   later   - nap here until some later turn t', then move to the best tile reachable now;
//   now     - move now to a reachable tile y and nap there to the end of the day, or (second hop) move on
//             next turn to the best tile reachable from y, counted only when that second hop is urgent
//             (arriving one turn later, after one more turn of napping here, would be worth less).
// A plan's value is the cat's own raw cosy (settled trajectory with dog resets, hearth cap, pile from the
// neighbours it has now), plus the cushion it gives its neighbours (a quarter of their own stay value per
// pile point), plus, for every waiting bowl on its tile, its pay at the chain it would reach if every
// serve from now on is covered and what the later serves would lose if this one reset the chain. It moves the cat whose "now"
// beats its "stay" by the largest margin and is at least its "later"; otherwise it rests. Ties go to the
// lower cat id and then the lower tile, so the policy is a pure function of the state.
import { bandLine, colOf, dogTile, isShaded, lineOf, neighbours, rowOf } from './geometry.ts';
import {
  CHAIN_CAP as CHAIN_CAP_,
  HEARTH_CAP as HEARTH_CAP_,
  type Layout,
  PILE_CAP as PILE_CAP_,
  PURR as PURR_,
  type PublicState,
  TIER_CAP as TIER_CAP_,
  TILES as TILES_,
} from './state.ts';
import { moveTargets } from './turn.ts';

// Local copies of the shared constants: hot loops read them without a module-binding lookup.
const CHAIN_CAP = CHAIN_CAP_;
const HEARTH_CAP = HEARTH_CAP_;
const PILE_CAP = PILE_CAP_;
const PURR = PURR_;
const TIER_CAP = TIER_CAP_;
const TILES = TILES_;

/** Per-day tables: a pure function of the layout. */
interface Tables {
  length: number;
  /** warmthCap per (turn, tile). */
  cap: Uint8Array;
  /** 1 when a dog reaches (turn, tile). */
  dog: Uint8Array;
  /** Pile-free raw value of arriving on a tile on turn s and staying to the end of the day: [s * 49 + tile], s in 0..length. */
  arrive: Float64Array;
}

// Tables are a pure function of the layout: cached by object identity, then by content (copies of the same
// room, e.g. a state parsed afresh on every act, share one entry).
const cache = new WeakMap<Layout, Tables>();
const byContent = new Map<string, Tables>();
const CONTENT_LIMIT = 64;

const signature = (l: Layout): string =>
  `${l.window}|${l.bandDwell}|${l.shade}|${l.hearth}|${l.lattice}|${l.dogSpeed}|${l.furniture.join(',')}|${l.clouds.join(',')}|${l.dogLoops.map((d) => d.join(',')).join(';')}`;

export function tablesFor(layout: Layout): Tables {
  const hit = cache.get(layout);
  if (hit) return hit;
  const key = signature(layout);
  const same = byContent.get(key);
  if (same) {
    cache.set(layout, same);
    return same;
  }
  const built = buildTables(layout);
  cache.set(layout, built);
  if (byContent.size >= CONTENT_LIMIT) byContent.clear();
  byContent.set(key, built);
  return built;
}

function buildTables(layout: Layout): Tables {
  const length = layout.dayLength;
  const cap = new Uint8Array(length * TILES);
  const dog = new Uint8Array(length * TILES);
  // Static per tile: its band line, and whether the band can light it at all (furniture, shade, lattice).
  const line = new Int8Array(TILES);
  const lightable = new Uint8Array(TILES);
  for (let y = 0; y < TILES; y++) {
    line[y] = lineOf(layout.window, y);
    lightable[y] = layout.furniture.includes(y) || isShaded(layout, y) ? 0 : 1;
    if (layout.lattice !== null && (rowOf(y) + colOf(y)) % 2 !== layout.lattice) lightable[y] = 0;
  }
  for (let t = 0; t < length; t++) {
    const base = t * TILES;
    if (!layout.clouds.includes(t)) {
      const band = bandLine(layout, t);
      for (let y = 0; y < TILES; y++) if (lightable[y] && line[y] === band) cap[base + y] = TIER_CAP;
      if (cap[base + layout.hearth] === 0) cap[base + layout.hearth] = HEARTH_CAP;
    }
    for (let d = 0; d < layout.dogLoops.length; d++) {
      const at = dogTile(layout, d, t);
      dog[base + at] = 1;
      for (const z of neighbours(at)) dog[base + z] = 1;
    }
  }
  // arrive[s][y] = V(s + 1, settled 0), with V(u, k) the pile-free value of turns u.. from settled k (capped at 6,
  // since the table stops there): one backward pass per tile over (turn, min(settled, 6)).
  const arrive = new Float64Array((length + 1) * TILES);
  let next = new Float64Array(TIER_CAP + 1);
  let cur = new Float64Array(TIER_CAP + 1);
  for (let y = 0; y < TILES; y++) {
    next.fill(0);
    for (let u = length - 1; u >= 0; u--) {
      const k = u * TILES + y;
      const c = cap[k]!;
      for (let settled = 0; settled <= TIER_CAP; settled++) {
        const after = dog[k] ? 0 : settled < TIER_CAP ? settled + 1 : TIER_CAP;
        const earn = c > 0 && after > 0 ? 10 * PURR[Math.min(after, c)]! : 0;
        cur[settled] = earn + next[after]!;
      }
      // Arriving on turn u - 1 leaves settled 0 at the start of turn u.
      if (u >= 1) arrive[(u - 1) * TILES + y] = cur[0]!;
      const swap = next;
      next = cur;
      cur = swap;
    }
  }
  return { length, cap, dog, arrive };
}

export type PlannedAction = { type: 'MOVE'; cat: number; tile: number } | { type: 'REST' };

const REST: PlannedAction = { type: 'REST' };
const STEPS = [-7, -1, 1, 7] as const;

// Scratch buffers (the planner is synchronous and not re-entrant): at most 5 cats, 21 turns, 16 targets.
const MAX_STRIDE = 22;
const prefix = new Float64Array(5 * MAX_STRIDE);
const occupant = new Int8Array(TILES);
const matValue = new Float64Array(TILES * MAX_STRIDE);
const hasMat = new Uint8Array(TILES);
const nbr = new Int8Array(4);
let nbrCount = 0;
const hereCushion = new Float64Array(MAX_STRIDE);
const hereBowls = new Float64Array(MAX_STRIDE);
const targetPf = new Float64Array(16);
const targetCushion = new Float64Array(16 * MAX_STRIDE);
const nowValue = new Float64Array(16);
const blocked = new Uint8Array(TILES);
const hopStamp = new Float64Array(TILES);
const hopPf = new Float64Array(TILES);
const hopCushion1 = new Float64Array(TILES);
const hopCushion2 = new Float64Array(TILES);
let stamp = 0;
const DR = [-1, 0, 0, 1] as const;
const DC = [0, -1, 1, 0] as const;

/**
 * Value of a second MOVE on turn s (offset turns after the current one) from tile y for cat i (which left x): the best arrival among the
 * tiles y reaches in one move, with its pile factor, its cushion from turn s + 1 on and its bowls from s on.
 */
function secondHop(
  cats: PublicState['cats'],
  i: number,
  x: number,
  y: number,
  range: number,
  s: number,
  offset: number,
  stride: number,
  span: number,
  w: number,
  arrive: Float64Array,
  waitGain: number,
): number {
  const r0 = Math.floor(y / 7);
  const c0 = y % 7;
  let best = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < 4; d++) {
    for (let step = 1; step <= range; step++) {
      const r = r0 + DR[d]! * step;
      const c = c0 + DC[d]! * step;
      if (r < 0 || r > 6 || c < 0 || c > 6) break;
      const z = r * 7 + c;
      if (blocked[z] && z !== x) break;
      // Per tile and cat, computed once per decision: the pile factor and the two cushions.
      if (hopStamp[z] !== stamp) {
        hopStamp[z] = stamp;
        hopPf[z] = neighbourhood(cats, i, z);
        hopCushion1[z] = cushionAfter(offset, span, stride, w);
        hopCushion2[z] = offset + 1 < span ? cushionAfter(offset + 1, span, stride, w) : 0;
      }
      const pf = hopPf[z]!;
      const v = arrive[s * TILES + z]! * pf + hopCushion1[z]! + (hasMat[z] ? matValue[z * MAX_STRIDE + offset]! : 0);
      // Only an urgent second hop counts: arriving one turn later (after one more turn of napping where the
      // cat is now) must be worse, or the cat would shuttle between tiles without ever settling.
      if (offset + 1 < span) {
        const o = offset + 1;
        const delayed = arrive[(s + 1) * TILES + z]! * pf + hopCushion2[z]! + (hasMat[z] ? matValue[z * MAX_STRIDE + o]! : 0);
        if (v <= delayed + waitGain) continue;
      }
      if (v > best) best = v;
    }
  }
  return best;
}

/** Neighbours of tile y other than cat i into `nbr`; returns the pile factor (4 + pile) / 4. */
function neighbourhood(cats: PublicState['cats'], i: number, y: number): number {
  const r = Math.floor(y / 7);
  const c = y % 7;
  let pile = 0;
  nbrCount = 0;
  for (let d = 0; d < 4; d++) {
    if ((d === 0 && r === 0) || (d === 1 && c === 0) || (d === 2 && c === 6) || (d === 3 && r === 6)) continue;
    const j = occupant[y + STEPS[d]!]!;
    if (j < 0 || j === i) continue;
    pile += cats[j]!.big ? 2 : 1;
    nbr[nbrCount++] = j;
  }
  return (4 + Math.min(pile, PILE_CAP)) / 4;
}

/** Cushion given to the `nbr` cats from offset o + 1 to the end of the day. */
function cushionAfter(o: number, span: number, stride: number, w: number): number {
  return o + 1 <= span ? w * neighbourEarnings(stride, o + 1, span) : 0;
}

/** The `nbr` cats' pile-free stay earnings over offsets [kf, ku) from the current turn. */
function neighbourEarnings(stride: number, kf: number, ku: number): number {
  let sum = 0;
  for (let q = 0; q < nbrCount; q++) {
    const base = nbr[q]! * stride;
    sum += prefix[base + ku]! - prefix[base + kf]!;
  }
  return sum;
}

/** The reference policy's action for a running day. */
export function planTurn(state: PublicState, tables: Tables = tablesFor(state.layout)): PlannedAction {
  const { cats } = state;
  const n = cats.length;
  const t = state.turn;
  const T = tables.length;
  const span = T - t;
  const stride = span + 1;
  const { cap, dog, arrive } = tables;

  // Stay-earnings prefix per cat: prefix[i * stride + k] = pile-free raw over turns t..t+k-1.
  occupant.fill(-1);
  blocked.fill(0);
  for (const f of state.layout.furniture) blocked[f] = 1;
  for (let i = 0; i < n; i++) {
    const cat = cats[i]!;
    occupant[cat.tile] = i;
    blocked[cat.tile] = 1;
    let settled = cat.settled;
    let acc = 0;
    const base = i * stride;
    prefix[base] = 0;
    for (let k = 0; k < span; k++) {
      const idx = (t + k) * TILES + cat.tile;
      settled = dog[idx] ? 0 : settled + 1;
      const c = cap[idx]!;
      if (c > 0 && settled > 0) acc += 10 * PURR[Math.min(settled, c)]!;
      prefix[base + k + 1] = acc;
    }
  }
  // matValue[y * MAX_STRIDE + k]: value of the waiting bowls on y serving on turns >= t + k.
  hasMat.fill(0);
  for (const b of state.bowls) {
    if (b.status !== 'waiting') continue;
    if (!hasMat[b.mat]) matValue.fill(0, b.mat * MAX_STRIDE, b.mat * MAX_STRIDE + stride);
    hasMat[b.mat] = 1;
    const value = chainValue(state, b.serveTurn);
    for (let k = 0; k <= b.serveTurn - t && k <= span; k++) matValue[b.mat * MAX_STRIDE + k]! += value;
  }

  let bestGain = 0;
  let best: PlannedAction = REST;
  for (let i = 0; i < n; i++) {
    const cat = cats[i]!;
    const targets = moveTargets(state, i);
    const m = targets.length;
    if (m === 0) continue;
    const w = (cat.big ? 2 : 1) / 4;
    const base = i * stride;
    const x = cat.tile;
    // Here, over [t, t + k): own earnings times the pile factor, the cushion given, the bowls served.
    const pfHere = neighbourhood(cats, i, x);
    for (let k = 0; k <= span; k++) {
      hereCushion[k] = w * neighbourEarnings(stride, 0, k);
      hereBowls[k] = hasMat[x] ? matValue[x * MAX_STRIDE]! - matValue[x * MAX_STRIDE + k]! : 0;
    }
    const stay = prefix[base + span]! * pfHere + hereCushion[span]! + hereBowls[span]!;
    // Arrival on target q at turn t + k: arrive * pf + cushion over turns after it + bowls serving from t + k on.
    const waitGain = prefix[base + 1]! * pfHere + hereCushion[1]! + hereBowls[1]!;
    stamp++;
    let bestNow = Number.NEGATIVE_INFINITY;
    for (let q = 0; q < m; q++) {
      const y = targets[q]!;
      targetPf[q] = neighbourhood(cats, i, y);
      for (let k = 0; k <= span; k++) targetCushion[q * MAX_STRIDE + k] = k + 1 <= span ? w * neighbourEarnings(stride, k + 1, span) : 0;
      if (hasMat[y]) for (let k = 0; k <= span; k++) targetCushion[q * MAX_STRIDE + k]! += matValue[y * MAX_STRIDE + k]!;
      let v = arrive[t * TILES + y]! * targetPf[q]! + targetCushion[q * MAX_STRIDE]!;
      // A second hop next turn: the best tile reachable from y (the cat's own tile x is free by then).
      if (span > 1) {
        const hop = secondHop(cats, i, x, y, cat.range, t + 1, 1, stride, span, w, arrive, waitGain);
        if (hop > v) v = hop;
      }
      nowValue[q] = v;
      if (v > bestNow) bestNow = v;
    }
    if (bestNow - stay <= bestGain) continue;
    let later = Number.NEGATIVE_INFINITY;
    for (let k = 1; k < span; k++) {
      const here = prefix[base + k]! * pfHere + hereCushion[k]! + hereBowls[k]!;
      const row = (t + k) * TILES;
      for (let q = 0; q < m; q++) {
        const v = here + arrive[row + targets[q]!]! * targetPf[q]! + targetCushion[q * MAX_STRIDE + k]!;
        if (v > later) later = v;
      }
    }
    for (let q = 0; q < m; q++) {
      const now = nowValue[q]!;
      const gain = now - stay;
      if (gain > bestGain && now >= later) {
        bestGain = gain;
        best = { type: 'MOVE', cat: i, tile: targets[q]! };
      }
    }
  }
  return best;
}

/**
 * What covering the serve at `serveTurn` is worth if every waiting serve is covered: its own pay at the chain it
 * reaches, plus what the later serves would lose if this one reset the chain.
 */
function chainValue(state: PublicState, serveTurn: number): number {
  const turns: number[] = [];
  for (const b of state.bowls) if (b.status === 'waiting' && turns[turns.length - 1] !== b.serveTurn) turns.push(b.serveTurn);
  const j = turns.indexOf(serveTurn);
  const c = todaysChain(state);
  let v = 30 * Math.min(c + 1 + j, CHAIN_CAP);
  for (let l = j + 1; l < turns.length; l++) v += 30 * (Math.min(c + 1 + l, CHAIN_CAP) - Math.min(l - j, CHAIN_CAP));
  return v;
}

/**
 * The chain as today's resolved serves alone leave it, as if the day had opened with the chain at 0: exactly
 * the chain dayParOf's run has at this point. Valuing bowls by it (never by a chain carried in from earlier
 * days) makes every decision of a run's day the same as in the dayPar run of that room, so the policy earns the
 * same warmth and eats the same bowls, each paying at least as much (the real chain is never lower): its raw
 * cosy is at least dayPar, and it meets its own quota on every day of every run it plays.
 */
export function todaysChain(state: PublicState): number {
  let chain = 0;
  const { bowls, turn } = state;
  for (let i = 0; i < bowls.length; ) {
    const t = bowls[i]!.serveTurn;
    let eaten = 0;
    for (; i < bowls.length && bowls[i]!.serveTurn === t; i++) if (bowls[i]!.status === 'eaten') eaten++;
    if (t >= turn) break;
    chain = eaten === 0 ? 0 : Math.min(chain + eaten, CHAIN_CAP);
  }
  return chain;
}
