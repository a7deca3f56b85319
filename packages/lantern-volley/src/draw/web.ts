// Lantern Volley: the arena (the observation's layout.arena) scaled to the window (SVG viewBox), beams, diagonal mirrors, paper
// screens, gongs and lanterns (lit or not), the brazier and the aim line with the quantized angle. The last
// shot's path is drawn from lastShot.path (animated unless reduced motion), with its bounces, lights, gong
// rings and end marked from lastShot.events. Aim by dragging on the arena, the arrow keys or the angle field.

import {
  arenaOf,
  esc,
  happened,
  type Intent,
  isRecord,
  labelOf,
  legalButton,
  lookOf,
  stats,
  uiAttrs,
  type View,
  type WebBoard,
  webKinds,
} from '@hearth/engine/web';
import type { LastShot, Observation } from '../index.ts';

type LanternObs = Observation;

export interface AimUi {
  /** The aim being set, in degrees; NaN until the first view sets it to the game's home aim (spec.look). */
  angle: number;
  /** The lastShot already animated, so a redraw (aiming) does not replay the animation. */
  animated: unknown;
}

const AIM_LENGTH = 300;
const DRAW_SECONDS = 1.2;

/** The legal aim as the observation gives it (the game may change its range or step). */
type Aim = { minDeg: number; maxDeg: number; stepDeg: number };

/** Digits after the point of the aim's step (0.1 -> 1), to write an angle as the engine reads it. */
export const digitsOf = (aim: Aim): number => (String(aim.stepDeg).split('.')[1] ?? '').length;

/** Clamps to the observation's aim range and rounds to its step, as it will be sent. */
export function quantize(angle: number, aim: Aim): number {
  const steps = Math.round(Math.min(aim.maxDeg, Math.max(aim.minDeg, angle)) / aim.stepDeg);
  return Number((steps * aim.stepDeg).toFixed(digitsOf(aim)));
}

const obsOf = (view: View) => view.response.observation as unknown as LanternObs;

/** The aim shown: the game's home aim (spec.look) until the player turns it. */
function aimed(view: View, ui: AimUi): AimUi {
  if (Number.isNaN(ui.angle)) ui.angle = quantize(arenaOf(view)?.aimHomeDeg ?? obsOf(view).aim.minDeg, obsOf(view).aim);
  return ui;
}

/** An angle written to the aim's step (90.0 for a 0.1-degree step). */
const deg = (view: View, angle: number) => angle.toFixed(digitsOf(obsOf(view).aim));

/** The aim angle (degrees CCW from +x, screen y down) from the brazier toward an arena point. UI only. */
export function angleToward(origin: { x: number; y: number }, p: { x: number; y: number }): number {
  return (Math.atan2(origin.y - p.y, p.x - origin.x) * 180) / Math.PI;
}

const f = (n: number) => Number(n.toFixed(2));

function drawShot(shot: LastShot, animate: boolean, faded: boolean): string {
  if (shot.path.length < 2) return '';
  const pts = shot.path.map((p) => `${f(p.x)},${f(p.y)}`).join(' ');
  const total = shot.events.length ? Math.max(1, ...shot.events.map((e) => e.distance)) : 1;
  const parts = [`<polyline class="shot-path${animate ? ' animate' : ''}${faded ? ' faded' : ''}" pathLength="1" points="${pts}"/>`];
  for (const e of shot.events) {
    const delay = animate ? `style="animation-delay:${((e.distance / total) * DRAW_SECONDS).toFixed(2)}s"` : '';
    const cls = `ev ev-${e.type}${animate ? ' animate' : ''}`;
    const x = f(e.x);
    const y = f(e.y);
    if (e.type === 'bounce') parts.push(`<circle class="${cls}" ${delay} cx="${x}" cy="${y}" r="9"/>`);
    else if (e.type === 'light')
      parts.push(
        `<g class="${cls}" ${delay}><circle class="ring" cx="${x}" cy="${y}" r="20"/><text x="${x}" y="${y - 28}">+${e.points}</text></g>`,
      );
    else if (e.type === 'gong')
      parts.push(
        `<g class="${cls}" ${delay}><circle class="ring gong-ring" cx="${x}" cy="${y}" r="30"/><circle class="ring gong-ring" cx="${x}" cy="${y}" r="44"/><text x="${x}" y="${y - 52}">+${e.points}</text></g>`,
      );
    else
      parts.push(
        `<g class="${cls}" ${delay}><path class="cross" d="M${x - 24} ${y - 24} L${x + 24} ${y + 24} M${x + 24} ${y - 24} L${x - 24} ${y + 24}"/></g>`,
      );
  }
  return `<g class="shot" role="img" aria-label="last shot at ${shot.angleDeg} degrees: ${shot.events.length} events, ${shot.points} points">${parts.join('')}</g>`;
}

/** The hatching a paper screen is filled with (defined once per arena and per legend sample). */
const HATCH =
  '<defs><pattern id="lv-hatch" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="14" height="14" class="screen-paper"/><line x1="0" y1="0" x2="0" y2="14" class="screen-hatch"/></pattern></defs>';

/** A paper screen (absorbs a wisp): hatched, with a dashed edge. */
const screenShape = (x: number, y: number, w: number, h: number) =>
  `<rect class="screen" x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#lv-hatch)"/>`;

/** A diagonal mirror (reflects): a silver bar with a bright glint down its middle. */
const mirrorShape = (x0: number, y0: number, x1: number, y1: number) =>
  `<g class="mirror-g"><line class="mirror" x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"/><line class="mirror-glint" x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"/></g>`;

/** A gong: a bronze disc with a boss and the cord it hangs from. */
const gongShape = (x: number, y: number, r: number, title: string) =>
  `<g class="gong"><line class="gong-cord" x1="${x}" y1="${y - r - 18}" x2="${x}" y2="${y - r}"/><circle class="gong-disc" cx="${x}" cy="${y}" r="${r}"/><circle class="gong-boss" cx="${x}" cy="${y}" r="${Math.max(4, r * 0.3)}"/><title>${esc(title)}</title></g>`;

const kindNote = (view: View, id: string) => lookOf(view)?.kinds.find((k) => k.id === id)?.note;

/** Each kind of the legend drawn by the board's own shapes, at legend size (its colours are the board's). */
function sample(id: string): string {
  const body: Record<string, string> = {
    unlit: '<circle class="lantern" cx="20" cy="14" r="10"/>',
    lit: '<circle class="lantern lit" cx="20" cy="14" r="10"/>',
    gong: gongShape(20, 16, 9, 'gong'),
    beam: `<rect class="beam" x="2" y="9" width="36" height="10"/>${mirrorShape(6, 26, 34, 2)}`,
    // the hatching is the arena's own pattern (defined once, in the arena drawn beside the legend)
    screen: screenShape(2, 6, 36, 16),
    brazier: '<circle class="brazier" cx="20" cy="14" r="9"/>',
    shot: '<polyline class="shot-path" points="2,24 20,4 38,24"/>',
    aim: '<line class="aim" x1="4" y1="24" x2="36" y2="4"/>',
  };
  const shape = body[id];
  return shape ? `<svg class="legend-icon volley-icon volley" viewBox="0 0 40 28" aria-hidden="true">${shape}</svg>` : '';
}

export function drawArena(view: View, ui: AimUi): string {
  const obs = obsOf(view);
  aimed(view, ui);
  const { width, height } = obs.layout.arena;
  const o = obs.aim.origin;
  const parts: string[] = [HATCH, `<rect class="arena" x="0" y="0" width="${width}" height="${height}"/>`];
  for (const b of obs.layout.beams) {
    if (b.kind === 'diagonal') parts.push(mirrorShape(b.x0, b.y0, b.x1, b.y1));
    else parts.push(`<rect class="beam" x="${b.x0}" y="${b.y0}" width="${b.x1 - b.x0}" height="${b.y1 - b.y0}"/>`);
  }
  // a paper screen absorbs: a hatched rose panel with a dashed edge, never a grey rail like a beam
  for (const s of obs.layout.screens) parts.push(screenShape(s.x0, s.y0, s.x1 - s.x0, s.y1 - s.y0));
  // a gong is a bronze disc with a boss and its cord, never a circle like a lantern
  const gongNote = kindNote(view, 'gong');
  for (const g of obs.layout.gongs) parts.push(gongShape(g.x, g.y, g.r, `gong ${g.id}${gongNote ? ` (${gongNote})` : ''}`));
  for (const l of obs.layout.lanterns)
    parts.push(
      `<circle class="lantern${l.lit ? ' lit' : ''}" cx="${l.x}" cy="${l.y}" r="${l.r}"><title>lantern ${l.id}${l.lit ? ' (lit)' : ''}</title></circle>`,
    );
  const shot = view.response.lastShot as LastShot | null | undefined;
  if (isRecord(shot) && Array.isArray(shot.path)) {
    // the flight plays once, on the step that shot it (never on an aiming redraw; never under reduced motion)
    const animate = view.motion === true && ui.animated !== shot;
    ui.animated = shot;
    parts.push(drawShot(shot, animate, shot.wave !== obs.wave));
  }
  const rad = (ui.angle * Math.PI) / 180;
  const ax = o.x + Math.cos(rad) * AIM_LENGTH;
  const ay = o.y - Math.sin(rad) * AIM_LENGTH;
  parts.push(`<line class="aim" x1="${o.x}" y1="${o.y}" x2="${f(ax)}" y2="${f(ay)}"/>`);
  parts.push(`<text class="aim-label" x="${f(ax)}" y="${f(ay - 14)}">${deg(view, ui.angle)}°</text>`);
  parts.push(`<circle class="brazier" cx="${o.x}" cy="${o.y}" r="26"/>`);
  return `<svg class="board-svg volley" data-points="aim" viewBox="0 0 ${width} ${height}" role="img" aria-label="arena, wave ${obs.wave}; aim ${deg(view, ui.angle)} degrees">${parts.join('')}</svg>`;
}

const shoot = (ui: AimUi): Intent => ({ act: { type: 'SHOOT', angleDeg: ui.angle } });

/** Lantern Volley lists no legal actions on purpose (any angle in range is legal): the shot is off once the game is over. */
const shootButton = (view: View, ui: AimUi) =>
  legalButton(view, { type: 'SHOOT', angleDeg: ui.angle }, `${labelOf(view, 'SHOOT')} at ${deg(view, ui.angle)}° (Space)`, 'shoot');

/** A turn button: `by` degrees (or aim steps when `fine`), left for positive. */
function turnButton(view: View, by: number, fine: boolean): string {
  const step = obsOf(view).aim.stepDeg;
  const amount = fine ? step : by;
  const d = Math.abs(amount);
  const side = by > 0 ? 'left' : 'right';
  const label = by > 0 ? `◀ ${d}°` : `${d}° ▶`;
  const token = `turn:${fine ? `${by > 0 ? '' : '-'}step` : by}`;
  return `<button type="button" ${uiAttrs(token, `${side}${fine ? 'step' : d}`, `turn ${side} ${d} degree`).replace(' tabindex="0" role="button"', '')}>${label}</button>`;
}

/** The legend: the aim range (the observation's) and the game's table of kinds. */
function legend(view: View): string {
  const look = lookOf(view);
  const { aim } = obsOf(view);
  const range = `${aim.minDeg}° to ${aim.maxDeg}°${look?.board.shape === 'arena' ? `: ${look.board.aimName}` : ''}.`;
  const items = look ? webKinds(look) : [];
  return `<p class="legend">${esc(range)}</p><ul class="legend volley-legend">${items
    .map((k) => `<li data-kind="${esc(k.id)}">${sample(k.id)} ${esc(k.note ?? k.label)}</li>`)
    .join('')}</ul>`;
}

/** The new aim after turning by a token's amount: degrees, or one aim step ("step" / "-step"). */
function turned(view: View, ui: AimUi, by: string): number {
  const { aim } = obsOf(view);
  const amount = by === 'step' ? aim.stepDeg : by === '-step' ? -aim.stepDeg : Number(by);
  return quantize(ui.angle + amount, aim);
}

/** Keys that turn the aim: whole degrees, or one aim step for the fine keys. */
const TURN_KEYS: Record<string, string> = {
  ArrowLeft: '1',
  ArrowRight: '-1',
  ArrowUp: 'step',
  ArrowDown: '-step',
  // coarse aiming: any angle is a few presses away
  'Shift+ArrowLeft': '10',
  'Shift+ArrowRight': '-10',
  PageUp: '10',
  PageDown: '-10',
};

const has = happened;

/** The first-game tutorial: seed 9's first wave in two shots (checked by the package's tests). */
export const TUTORIAL = {
  seed: 9,
  steps: [
    {
      say: 'Each shot sends a wisp from the brazier (bottom) along the dashed aim line. It bounces off beams and mirrors and lights every paper lantern it touches; a paper screen (hatched) swallows it. Light all the lanterns of a wave before your wisps run out.',
    },
    { say: 'Shoot straight up at 90°: press Space or the Shoot button.', action: { type: 'SHOOT', angleDeg: 90 } },
    {
      say: 'Now a bank shot: type 73.7 in the angle box and press Shoot at. The wisp bounces twice and lights the lanterns in a chain: a longer chain scores more.',
      action: { type: 'SHOOT', angleDeg: 73.7 },
      point: ['.angle-form'],
    },
  ],
  done: 'That is the game: find the angle whose bounces light the most lanterns in one flight. Gongs add points and distance; a wave cleared in fewer wisps pays a bonus.',
} as const;

export const lanternVolleyRenderer: WebBoard<AimUi> = {
  initUi: () => ({ angle: Number.NaN, animated: undefined }),
  tutorial: TUTORIAL,
  describe(action, view) {
    const a = action as { type?: string; angleDeg?: unknown };
    return a.type === 'SHOOT' && typeof a.angleDeg === 'number' ? `Shoot at ${deg(view, a.angleDeg)}°` : undefined;
  },
  ending(view) {
    const obs = obsOf(view);
    if (obs.won) return `all ${obs.waves} waves cleared`;
    return `out of wisps on wave ${obs.wave} of ${obs.waves}, ${obs.lanternsLit} of ${obs.lanternsTotal} lanterns lit`;
  },
  moment(view) {
    if (!has(view, 'wave_cleared')) return undefined;
    const shot = view.response.lastShot as LastShot | null | undefined;
    const wonder = has(view, 'one_shot_wonder');
    return {
      title: `Wave ${shot?.wave ?? obsOf(view).wave - 1} cleared`,
      detail: `${wonder ? 'One Shot Wonder · ' : ''}+${shot?.points ?? 0}`,
      mark: wonder ? '⭐' : '✅',
    };
  },
  finalMark(view) {
    return obsOf(view).won ? undefined : '❌';
  },
  cues(view) {
    if (has(view, 'wisp_lost')) return ['lost'];
    if (has(view, 'lantern_lit') || has(view, 'gong')) return ['gain'];
    return ['step'];
  },
  keyHelp:
    'Click or drag on the arena to aim. ←/→ turn 1° (with Shift, or PageUp/PageDown, 10°), ↑/↓ fine-tune one step, Space or Enter shoots. Or type an angle and press Shoot at.',
  render(view, ui) {
    const obs = obsOf(view);
    const shot = view.response.lastShot as LastShot | null | undefined;
    // a replay takes no aim from the player: the aim shown is the replayed shot's own angle
    if (view.replaying && shot) ui.angle = shot.angleDeg;
    aimed(view, ui);
    const side = `<div class="side">${stats([
      ['Wave', `${obs.wave} of ${obs.waves}`],
      ['Wisps left', `${obs.wispsLeft} of ${obs.wisps}`],
      ['Bounce cap', obs.bounceCap],
      ['Lanterns lit', `${obs.lanternsLit} of ${obs.lanternsTotal}`],
      ['Aim', `${deg(view, ui.angle)}°`],
      ['Last shot', shot ? `${shot.angleDeg}° → +${shot.points}${shot.waveCleared ? ', wave cleared' : ''}` : '—'],
    ])}
<div class="actions">${shootButton(view, ui)}
${turnButton(view, 10, false)}
${turnButton(view, 1, false)}
${turnButton(view, 1, true)}
${turnButton(view, -1, true)}
${turnButton(view, -1, false)}
${turnButton(view, -10, false)}</div>
<form data-ui="angle" class="angle-form"><label>Angle <input name="value" inputmode="decimal" size="6" value="${esc(deg(view, ui.angle))}"></label><button type="submit">Shoot at</button></form>
${legend(view)}</div>`;
    return `<div class="board-row">${drawArena(view, ui)}${side}</div>`;
  },
  onUi(token, view, ui, value) {
    const { aim } = obsOf(view);
    aimed(view, ui);
    if (token.startsWith('turn:')) {
      ui.angle = turned(view, ui, token.slice(5));
      return { redraw: true };
    }
    if (token === 'angle' && value !== undefined) {
      // sent as typed: the engine quantizes and range-checks, and its refusal is what the player sees
      const typed = Number(value);
      if (Number.isFinite(typed) && typed >= aim.minDeg && typed <= aim.maxDeg) ui.angle = quantize(typed, aim);
      return { act: { type: 'SHOOT', angleDeg: Number.isFinite(typed) ? typed : value } };
    }
    return null;
  },
  onKey(key, view, ui) {
    aimed(view, ui);
    const by = TURN_KEYS[key];
    if (by !== undefined) {
      ui.angle = turned(view, ui, by);
      return { redraw: true };
    }
    if (key === ' ' || key === 'Enter') return shoot(ui);
    return null;
  },
  // dragging on the arena aims and never shoots: a shot is a deliberate button, Space or Enter
  onPoint(point, view, ui) {
    if (view.replaying) return null;
    const obs = obsOf(view);
    ui.angle = quantize(angleToward(obs.aim.origin, point), obs.aim);
    return { redraw: true };
  },
};
