// The player's view: the numbers that matter this turn and a plain-text picture of the room.
import { bandLine, colOf, dogTile, isCloudy, isLit, lineOf, rowOf, warmthCap } from './geometry.ts';
import type { CatView, SunloafObservation } from './shapes/observation.ts';
import { COUNTDOWN, HEARTH_CAP, type Outcome, type PublicState, SIZE, TILES } from './state.ts';
import { pileOf } from './turn.ts';

export type { CatView, SunloafObservation } from './shapes/observation.ts';

const LINE_NAME: Record<string, string> = { N: 'column', S: 'column', E: 'row', W: 'row' };
/** The column or row index of band line k: N and E count from 0, S and W from 6. */
const bandIndex = (wall: string, k: number): number => (wall === 'N' || wall === 'E' ? k : 6 - k);

/** Where band line `line` lies: its column for a window on N or S, its row for E or W (lines count from the window's entry side). */
const bandAt = (wall: string, line: number | null): number | null =>
  line === null ? null : wall === 'N' || wall === 'E' ? line : SIZE - 1 - line;

export function observe(s: PublicState): SunloafObservation {
  const obs = observeFacts(s);
  obs.text = picture(s, obs);
  return obs;
}

/** The observation without its text picture (`text` is ''): what the compact view (brief.ts) reads, for less. */
export function observeFacts(s: PublicState): SunloafObservation {
  const { layout } = s;
  const running = s.phase === 'day';
  const t = s.turn;
  const cats: CatView[] = s.cats.map((c, i) => ({
    id: c.id,
    tile: c.tile,
    row: rowOf(c.tile),
    col: colOf(c.tile),
    settled: c.settled,
    big: c.big,
    range: c.range as CatView['range'],
    warmthCap: (running ? warmthCap(layout, c.tile, t) : 0) as CatView['warmthCap'],
    pile: pileOf(s, i),
  }));
  const dogs = layout.dogLoops.map((_, d) => ({
    tile: dogTile(layout, d, t),
    next: [1, 2, 3].map((k) => dogTile(layout, d, t + k)),
  }));
  const bowls = s.bowls
    .filter((b) => b.status === 'waiting')
    .map((b) => ({ mat: b.mat, serveTurn: b.serveTurn, in: b.serveTurn - t, counting: b.serveTurn - t <= COUNTDOWN }));
  const line = running ? bandLine(layout, t) : null;
  const bandTiles: number[] = [];
  const lit: number[] = [];
  if (line !== null) {
    for (let tile = 0; tile < TILES; tile++) {
      if (lineOf(layout.window, tile) !== line) continue;
      bandTiles.push(tile);
      if (isLit(layout, tile, t)) lit.push(tile);
    }
  }
  const warm = running && !lit.includes(layout.hearth) && warmthCap(layout, layout.hearth, t) === HEARTH_CAP;
  const obs: SunloafObservation = {
    text: '',
    day: s.day,
    turn: t,
    dayLength: layout.dayLength as 14 | 21,
    turnsLeft: layout.dayLength - t,
    phase: s.phase,
    outcome: s.outcome,
    outcomeText: s.outcome === null ? null : outcomeText(s, s.outcome),
    status: statusLine(s),
    mult: s.mult,
    score: s.score,
    quota: { raw: s.dayCosyRaw, needed: s.dayQuota, par: s.dayPar, ratio: s.quotaRatio, met: s.dayCosyRaw >= s.dayQuota },
    chain: s.chain,
    band: {
      wall: layout.window,
      line,
      at: bandAt(layout.window, line),
      cloudy: running && isCloudy(layout, t),
      dwell: layout.bandDwell as 2 | 3,
      tiles: bandTiles,
    },
    lit,
    warmHearth: warm ? layout.hearth : null,
    room: { furniture: layout.furniture.slice(), hearth: layout.hearth, shade: layout.shade, lattice: layout.lattice },
    clouds: running ? layout.clouds.filter((c) => c >= t) : [],
    cats,
    dogs: running ? dogs : [],
    bowls,
  };
  return obs;
}

/** The outcome in words, beside its code. */
export function outcomeText(s: PublicState, outcome: Outcome): string {
  switch (outcome) {
    case 'win':
      return `You won: the run ended at sunset on day ${s.day} with its quota met; every point is kept.`;
    case 'good_game':
      return `Good game: the run was ended during day ${s.day}; every point is kept.`;
    default:
      return `Quota missed: day ${s.day} needed ${s.dayQuota} raw cosy and earned ${s.dayCosyRaw}; the run is over, every point is kept.`;
  }
}

function statusLine(s: PublicState): string {
  const length = s.layout.dayLength;
  if (s.phase === 'day') return `Day ${s.day}, turn ${s.turn} of ${length} (counting from 0; ${length - s.turn} left).`;
  if (s.phase === 'sunset')
    return `Sunset on day ${s.day}: quota met (${s.dayCosyRaw} of ${s.dayQuota}). Open the next day or end the run.`;
  return outcomeText(s, s.outcome ?? 'good_game');
}

function picture(s: PublicState, o: SunloafObservation): string {
  const { layout } = s;
  const running = s.phase === 'day';
  // One pass per layer into a 49-cell grid: occupant (later layers win), then light.
  const who: string[] = new Array(49).fill('.');
  who[layout.hearth] = 'H';
  for (const b of o.bowls) who[b.mat] = 'm';
  for (const d of o.dogs) for (const z of d.next.slice(0, 2)) who[z] = 'd';
  for (const d of o.dogs) who[d.tile] = 'D';
  for (const c of s.cats) who[c.tile] = String(c.id);
  const light: string[] = new Array(49).fill(' ');
  if (running) {
    const band = bandLine(layout, s.turn);
    for (let tile = 0; tile < 49; tile++) if (lineOf(layout.window, tile) === band && isLit(layout, tile, s.turn)) light[tile] = '*';
    if (light[layout.hearth] === ' ' && warmthCap(layout, layout.hearth, s.turn) === HEARTH_CAP) light[layout.hearth] = '~';
  }
  for (const f of layout.furniture) {
    who[f] = '#';
    light[f] = '#';
  }
  const cell = who.map((w, tile) => w + light[tile]);
  const lines: string[] = [];
  const status = running
    ? `turn ${s.turn} of ${layout.dayLength} (${layout.dayLength - s.turn} left)`
    : s.phase === 'sunset'
      ? 'sunset: NEXT_DAY or END_RUN'
      : `run over (${s.outcome})`;
  lines.push(`Sunloaf day ${s.day}, ${status}. Score ${s.score}, multiplier ${s.mult}.`);
  if (o.outcomeText) lines.push(o.outcomeText);
  lines.push(
    `Quota: ${s.dayCosyRaw}/${s.dayQuota} raw cosy today${s.dayCosyRaw >= s.dayQuota ? ' (met)' : ''}; par ${s.dayPar}, ratio ${s.quotaRatio}/10000. Chain ${s.chain}.`,
  );
  if (running) {
    const cloudNote = o.band.cloudy ? ' Cloud: nothing is lit and the hearth is cold this turn.' : '';
    const next = layout.clouds.filter((c) => c > s.turn);
    lines.push(
      `Window ${layout.window}: band on line ${o.band.line} (${LINE_NAME[layout.window]} ${bandIndex(layout.window, o.band.line ?? 0)}), one line every ${layout.bandDwell} turns; shade ${layout.shade}${layout.lattice === null ? '' : `; lattice parity ${layout.lattice}`}.${cloudNote}${next.length ? ` Clouds on turns ${next.join(', ')}.` : ''}`,
    );
  }
  lines.push(`    ${[0, 1, 2, 3, 4, 5, 6].map((c) => `${c} `).join(' ')}`);
  for (let r = 0; r < SIZE; r++) lines.push(` ${r}  ${cell.slice(r * SIZE, r * SIZE + SIZE).join(' ')}`);
  for (const c of o.cats) {
    const warmth = c.warmthCap === 6 ? 'in the light' : c.warmthCap === HEARTH_CAP ? 'on the warm hearth (cap 3)' : 'not lit';
    lines.push(
      `cat ${c.id}${c.big ? ' (big)' : ''} at ${c.tile} (r${c.row} c${c.col}), range ${c.range}, settled ${c.settled}, ${running ? warmth : 'day done'}, pile ${c.pile}`,
    );
  }
  for (const [d, dog] of o.dogs.entries()) lines.push(`dog ${d} at ${dog.tile}, next ${dog.next.join(', ')}`);
  for (const b of o.bowls)
    lines.push(`mat ${b.mat}: bowl serves on turn ${b.serveTurn}${b.counting ? ` (countdown ${b.in})` : ` (in ${b.in})`}`);
  return lines.join('\n');
}
