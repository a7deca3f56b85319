// Stormlark: the canyon (lanes by columns, from spec.look), the craft in column 0, every entity kind drawn distinctly
// (rimeshell cracked after a hit, warden hit points, drifter direction), with hull and charge gauges and
// the chain and reach multipliers. Arrow keys move, Space fires, V vents, N flies on, E ends the run.

import {
  cellXY,
  END_HINT,
  esc,
  gauge,
  grid,
  happened,
  kinds,
  labelOf,
  legalButton,
  lookOf,
  type ObservationOf,
  stats,
  type View,
  type WebBoard,
} from '@hearth/engine/web';
import type { StormlarkGame } from '../index.ts';

type StormObs = ObservationOf<StormlarkGame>;
type Entity = StormObs['entities'][number];

export const CELL = 56;
const AT = { cell: CELL, left: 0, top: 0 };

export const obsOf = (view: View) => view.response.observation as StormObs;

/** Centre of a cell on screen. */
export function cellCentre(view: View, lane: number, col: number): { x: number; y: number } {
  const { x, y } = cellXY(grid(view), AT, lane, col);
  return { x: x + CELL / 2, y: y + CELL / 2 };
}

function entityShape(view: View, e: Entity, armed: boolean): string {
  const { x, y } = cellCentre(view, e.lane, e.col);
  const r = CELL * 0.36;
  const label = `${e.kind}${e.hp ? ` ${e.hp} hp` : ''}, lane ${e.lane}, column ${e.col}`;
  const g = (body: string, extra = '') => `<g class="ent ${esc(e.kind)}${extra}" data-id="${e.id}"><title>${esc(label)}</title>${body}</g>`;
  switch (e.kind) {
    case 'crag':
      return g(
        `<polygon points="${x - r},${y + r} ${x - r * 0.6},${y - r * 0.7} ${x + r * 0.1},${y - r} ${x + r},${y - r * 0.3} ${x + r * 0.8},${y + r}"/>`,
      );
    case 'knot':
      return g(`<circle cx="${x}" cy="${y}" r="${r * 0.8}"/><path d="M${x - r * 0.5} ${y} h${r} M${x} ${y - r * 0.5} v${r}"/>`);
    case 'drifter':
      return g(
        `<circle cx="${x}" cy="${y}" r="${r * 0.8}"/><text x="${x}" y="${y + 6}">${e.drift < 0 ? '↑' : '↓'}</text>`,
        e.drift < 0 ? ' up' : ' down',
      );
    case 'rimeshell': {
      const hex = [0, 1, 2, 3, 4, 5].map((i) => {
        const a = [0, 60, 120, 180, 240, 300][i] as number;
        const [c, s] = TRIG[a] as [number, number];
        return `${(x + r * c).toFixed(1)},${(y + r * s).toFixed(1)}`;
      });
      const cracked = e.hp < 2;
      return g(
        `<polygon points="${hex.join(' ')}"/>${cracked ? `<path class="crack" d="M${x - r * 0.5} ${y - r * 0.6} l${r * 0.4} ${r * 0.5} l-${r * 0.3} ${r * 0.3} l${r * 0.5} ${r * 0.5}"/>` : ''}`,
        cracked ? ' cracked' : '',
      );
    }
    case 'sparker':
      return g(
        `<polygon points="${x - r * 0.2},${y - r} ${x + r * 0.6},${y - r * 0.2} ${x + r * 0.1},${y - r * 0.05} ${x + r * 0.3},${y + r} ${x - r * 0.6},${y + r * 0.1} ${x - r * 0.1},${y}"/>`,
        armed ? ' armed' : '',
      );
    case 'warden': {
      let pips = '';
      for (let i = 0; i < e.hp; i++) pips += `<rect class="pip" x="${x - r + 4 + i * 9}" y="${y + r - 10}" width="7" height="6"/>`;
      return g(`<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="6"/><text x="${x}" y="${y + 3}">W</text>${pips}`);
    }
    case 'squall':
      return g(`<path d="M${x - r} ${y - 6} q${r / 2} -10 ${r} 0 t${r} 0 M${x - r} ${y + 6} q${r / 2} -10 ${r} 0 t${r} 0"/>`);
    case 'mote':
      return g(`<polygon points="${x},${y - r * 0.6} ${x + r * 0.6},${y} ${x},${y + r * 0.6} ${x - r * 0.6},${y}"/>`);
    case 'gate':
      return g(`<rect x="${x - 6}" y="${y - CELL / 2}" width="12" height="${CELL}"/>`);
    default:
      return g(`<text x="${x}" y="${y + 5}">?</text>`);
  }
}

// Exact unit vectors for the hexagon's six corners (drawing only): cos/sin of multiples of 60 degrees.
const H = Math.sqrt(3) / 2;
const TRIG: Record<number, [number, number]> = { 0: [1, 0], 60: [0.5, H], 120: [-0.5, H], 180: [-1, 0], 240: [-0.5, -H], 300: [0.5, -H] };

/** The survey craft: a swept wing, its cockpit and an engine glow (a shape, not only a colour). */
export function craftShape(x: number, y: number): string {
  return `<polygon class="craft-wing" points="${x - 20},${y - 15} ${x + 4},${y - 4} ${x + 23},${y} ${x + 4},${y + 4} ${x - 20},${y + 15} ${x - 11},${y}"/><ellipse class="craft-cockpit" cx="${x + 5}" cy="${y}" rx="7" ry="3.5"/><circle class="craft-glow" cx="${x - 15}" cy="${y}" r="3.5"/>`;
}

/** This step's pulse (from the craft to what it met) and a burst where something was cleared. */
function pulseAndBursts(view: View, prev: StormObs, s: StormObs): string {
  const out: string[] = [];
  // the pulse as the step reported it (its lane and the column it stopped at), else from the ring before it
  const pulse = (view.events ?? []).find((e) => e.kind === 'pulse');
  const fired = (view.lastAction as { type?: string } | undefined)?.type === 'FIRE';
  const hit = pulse ? { lane: Number(pulse.lane), col: Number(pulse.col) } : fired ? prev.pulseTarget : null;
  if (hit) {
    const from = cellCentre(view, prev.shipLane, 0);
    const to = cellCentre(view, hit.lane, Math.max(0, Math.min(hit.col, grid(view).cols - 1)));
    out.push(`<line class="pulse-beam fx-fade" x1="${from.x + 20}" y1="${from.y}" x2="${to.x}" y2="${to.y}"/>`);
  }
  const now = new Set(s.entities.map((e) => e.id));
  for (const e of prev.entities) {
    if (now.has(e.id) || e.col <= 0) continue;
    // gone without scrolling off the left edge: cleared by the pulse, or collected (a mote)
    const c = cellCentre(view, e.lane, Math.max(0, e.col - 1));
    out.push(
      `<g class="burst fx-burst ${esc(e.kind)}" pointer-events="none"><circle cx="${c.x}" cy="${c.y}" r="${CELL * 0.3}"/><path d="M${c.x - 16} ${c.y} h32 M${c.x} ${c.y - 16} v32 M${c.x - 11} ${c.y - 11} l22 22 M${c.x + 11} ${c.y - 11} l-22 22"/></g>`,
    );
  }
  return out.join('');
}

export function drawCanyon(view: View): string {
  const s = obsOf(view);
  const g = grid(view);
  const w = g.cols * CELL;
  const h = g.rows * CELL;
  const parts: string[] = [];
  for (let lane = 0; lane < g.rows; lane++) {
    const cls = lane === s.shipLane ? 'lane mine' : 'lane';
    parts.push(`<rect class="${cls}" x="0" y="${lane * CELL}" width="${w}" height="${CELL}"/>`);
    if (s.sparkLanes.includes(lane))
      parts.push(`<rect class="discharge" x="0" y="${lane * CELL + CELL / 2 - 4}" width="${w}" height="8"/>`);
  }
  for (let c = 1; c < g.cols; c++) parts.push(`<line class="grid" x1="${c * CELL}" y1="0" x2="${c * CELL}" y2="${h}"/>`);
  for (const guide of g.guides ?? [])
    if (guide.axis === 'col')
      parts.push(
        `<line class="guarantee" x1="${guide.at * CELL}" y1="0" x2="${guide.at * CELL}" y2="${h}"><title>${esc(guide.label)}</title></line>`,
      );
  const prev = view.motion ? (view.previous?.observation as StormObs | undefined) : undefined;
  const was = new Map((prev?.entities ?? []).map((e) => [e.id, e]));
  // the canyon scrolls: each entity slides from where it stood before this step (same id)
  for (const e of s.entities) {
    const from = was.get(e.id);
    const slide =
      from && (from.col !== e.col || from.lane !== e.lane)
        ? ` fx-slide" style="--fx-dx:${(from.col - e.col) * CELL}px;--fx-dy:${(from.lane - e.lane) * CELL}px`
        : '';
    const hit = prev && from && from.hp > e.hp ? ' fx-shake' : '';
    parts.push(
      `<g class="ent-move${slide}${hit}">${entityShape(view, e, e.kind === 'sparker' && s.sparkLanes.includes(e.lane) && e.col === 1)}</g>`,
    );
  }
  if (prev) parts.push(pulseAndBursts(view, prev, s));
  if (s.pulseTarget) {
    const t = cellCentre(view, s.pulseTarget.lane, s.pulseTarget.col);
    parts.push(
      `<circle class="pulse-target" cx="${t.x}" cy="${t.y}" r="${CELL * 0.46}"><title>a FIRE now meets this ${esc(s.pulseTarget.kind)}</title></circle>`,
    );
  }
  const ship = cellCentre(view, s.shipLane, 0);
  const moved =
    prev && prev.shipLane !== s.shipLane ? ` fx-slide" style="--fx-dx:0px;--fx-dy:${(prev.shipLane - s.shipLane) * CELL}px` : '';
  parts.push(`<g class="ship${moved}" role="img" aria-label="your craft, lane ${s.shipLane}">${craftShape(ship.x, ship.y)}</g>`);
  for (let lane = 0; lane < g.rows; lane++) parts.push(`<text class="lane-num" x="3" y="${lane * CELL + 12}">${lane}</text>`);
  return `<svg class="board-svg storm" viewBox="0 0 ${w} ${h}" role="img" aria-label="the canyon: ${s.entities.length} entities, you in lane ${s.shipLane}">${parts.join('')}</svg>`;
}

/** The sample entity each legend icon draws (the board's own entityShape), for the kinds whose look shows a state. */
const SAMPLE: Partial<Record<Entity['kind'], Partial<Entity>>> = { drifter: { drift: -1 }, rimeshell: { hp: 2 }, warden: { hp: 3 } };
const ENTITY_KINDS = new Set<string>(['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate']);

/** The legend: every entity kind of the game's table drawn by the board's own entityShape, with its words. */
export function legend(view: View): string {
  const look = lookOf(view);
  const table = look ? look.kinds.filter((k) => ENTITY_KINDS.has(k.id)) : [];
  const items = table.map((k) => {
    const e = { id: -1, lane: 0, col: 0, hp: 0, drift: 0, kind: k.id, ...SAMPLE[k.id as Entity['kind']] } as Entity;
    return `<li data-kind="${esc(e.kind)}"><svg class="legend-icon storm" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true">${entityShape(view, e, false)}</svg> ${esc(k.note ?? k.label)}</li>`;
  });
  const pulse = kinds(view, ['pulseTarget']).pulseTarget;
  items.push(
    `<li data-kind="pulse-target"><svg class="legend-icon storm" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true"><circle class="pulse-target" cx="${CELL / 2}" cy="${CELL / 2}" r="${CELL * 0.46}"/></svg> ${esc(pulse.note ?? pulse.label)}</li>`,
  );
  return `<ul class="legend storm-legend">${items.join('')}</ul>`;
}

const KEYS: Record<string, string> = {
  ArrowUp: 'UP',
  k: 'UP',
  ArrowDown: 'DOWN',
  j: 'DOWN',
  ' ': 'FIRE',
  f: 'FIRE',
  v: 'VENT',
  n: 'NEXT_REACH',
  E: 'END_RUN',
};

const has = happened;

/** The first-game tutorial: seed 6's opening (checked by the package's tests). */
export const TUTORIAL = {
  seed: 6,
  steps: [
    {
      say: 'You fly the craft (left) down a storm canyon that scrolls one column toward you every turn. Each turn you choose: move a lane, fire a pulse, or vent to bank charge. Grey crags cannot be cleared: never be in their lane when they reach you.',
    },
    { say: 'Move up a lane: the ring shows what a pulse would meet from there.', action: { type: 'UP' } },
    {
      say: 'Fire: the pulse (3 charge) clears the ringed knot. Clears in a row build a chain that multiplies their points.',
      action: { type: 'FIRE' },
    },
    { say: 'Move down into the green mote: it gives +3 charge back.', action: { type: 'DOWN' } },
    { say: 'Charge is what you spend to clear: dodge what you cannot afford to shoot.', action: { type: 'UP' } },
  ],
  done: 'Reach the Gate at the end of each reach for a bonus (more if your hull took no damage), then fly on or end the run. Hull 0 ends it.',
} as const;

export const stormlarkRenderer: WebBoard<null> = {
  initUi: () => null,
  tutorial: TUTORIAL,
  describe(action, view) {
    const t = (action as { type?: string }).type;
    return t ? labelOf(view, t).replace(/^[↑↓] /, '') : undefined;
  },
  moment(view) {
    if (!has(view, 'gate')) return undefined;
    const flawless = has(view, 'flawless');
    const gate = view.recap?.items.find((i) => i.kind === 'gate')?.points ?? 0;
    const bonus = view.recap?.items.find((i) => i.kind === 'flawless')?.points ?? 0;
    return {
      title: `Reach ${obsOf(view).reach} cleared`,
      detail: `Gate +${gate}${flawless ? ` · flawless +${bonus}` : ''}`,
      mark: flawless ? '⭐' : '✅',
    };
  },
  finalMark(view) {
    return obsOf(view).hull === 0 ? '💥' : undefined;
  },
  cues(view) {
    if (has(view, 'hull_lost') || has(view, 'collision')) return ['lost'];
    if (has(view, 'hit')) return ['hit'];
    if (has(view, 'cleared') || has(view, 'mote')) return ['gain'];
    return ['step'];
  },
  keyHelp: '↑/k and ↓/j move a lane, Space or F fires (3 charge), V vents, N flies on at a Gate, Shift+E ends the run.',
  render(view) {
    const s = obsOf(view);
    const phase = s.phase === 'reachClear' ? 'at the Gate' : s.phase === 'over' ? 'run over' : 'flying';
    // the observation lists each action not legal now with the engine's refusal: the disabled button's tooltip
    const why = (type: string) => s.unavailable?.find((u) => u.type === type)?.message;
    const b = (type: string, keys: string, confirm?: string) =>
      legalButton(view, { type }, `${labelOf(view, type)}${keys ? ` (${keys})` : ''}`, type, confirm, why(type));
    const side = `<div class="side">${gauge('Hull', s.hull, s.maxHull, 'hull')}${gauge('Charge', s.charge, s.maxCharge, 'charge')}${stats([
      ['Reach', s.reach],
      ['Chain', s.chain],
      ['Chain ×', `×${s.chainMultiplier.toFixed(1)}`],
      ['Reach ×', `×${s.reachMultiplier.toFixed(2)}`],
      ['Turn', s.turn],
      ['Phase', phase],
      [
        'Gate',
        s.phase === 'reachClear'
          ? 'reached'
          : s.phase === 'over'
            ? '—'
            : s.gateCol !== null
              ? `column ${s.gateCol}`
              : `in ${s.gateIn} turns`,
      ],
      ['This reach', s.flawless ? 'flawless so far' : 'hull lost'],
    ])}
<div class="actions">${b('UP', '')}${b('DOWN', '')}${b('FIRE', `Space, ${s.pulseCost} charge`)}${b('VENT', 'V')}${b('NEXT_REACH', 'N')}${b('END_RUN', '⇧E', `End the run in reach ${s.reach} with ${s.score} points?`)}</div>
${legend(view)}</div>`;
    return `<div class="board-row">${drawCanyon(view)}${side}</div>`;
  },
  onKey(key) {
    if (key === 'e') return { say: END_HINT };
    const type = KEYS[key] ?? KEYS[key.toLowerCase()];
    return type ? { act: { type } } : null;
  },
};
