// Stormlark: the canyon (lanes by columns, from spec.look), the craft in column 0, every entity kind drawn distinctly
// (rimeshell cracked after a hit, warden hit points, drifter direction), with hull and charge gauges and
// the chain and reach multipliers. Arrow keys move, Space fires, V vents, N flies on, E ends the run.

import {
  cellXY,
  END_HINT,
  esc,
  gauge,
  grid,
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
  for (const e of s.entities) parts.push(entityShape(view, e, e.kind === 'sparker' && s.sparkLanes.includes(e.lane) && e.col === 1));
  if (s.pulseTarget) {
    const t = cellCentre(view, s.pulseTarget.lane, s.pulseTarget.col);
    parts.push(
      `<circle class="pulse-target" cx="${t.x}" cy="${t.y}" r="${CELL * 0.46}"><title>a FIRE now meets this ${esc(s.pulseTarget.kind)}</title></circle>`,
    );
  }
  const ship = cellCentre(view, s.shipLane, 0);
  parts.push(
    `<g class="ship" role="img" aria-label="your craft, lane ${s.shipLane}"><polygon points="${ship.x - 20},${ship.y - 14} ${ship.x + 22},${ship.y} ${ship.x - 20},${ship.y + 14} ${ship.x - 12},${ship.y}"/></g>`,
  );
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

export const stormlarkRenderer: WebBoard<null> = {
  initUi: () => null,
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
