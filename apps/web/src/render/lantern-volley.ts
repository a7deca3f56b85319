// Lantern Volley: the 1080x1440 arena scaled to the window (SVG viewBox), beams, diagonal mirrors, paper
// screens, gongs and lanterns (lit or not), the brazier and the aim line with the quantized angle. The last
// shot's path is drawn from lastShot.path (animated unless reduced motion), with its bounces, lights, gong
// rings and end marked from lastShot.events. Aim by dragging on the arena, the arrow keys or the angle field.
import type { LastShot, Observation } from '@hearth/lantern-volley';
import { esc, isRecord, legalButton, stats, uiAttrs } from './markup.ts';
import type { BoardApi, Intent, Renderer, View } from './types.ts';

type LanternObs = Observation;

export interface AimUi {
  angle: number;
  /** The lastShot already animated, so a redraw (aiming) does not replay the animation. */
  animated: unknown;
}

const AIM_LENGTH = 300;
const DRAW_SECONDS = 1.2;

/** Clamps to the aim range and rounds to the engine's 0.1-degree step, as it will be sent. */
export function quantize(angle: number, min = 15, max = 165): number {
  return Math.round(Math.min(max, Math.max(min, angle)) * 10) / 10;
}

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
  return `<g class="shot" aria-label="last shot at ${shot.angleDeg} degrees: ${shot.events.length} events, ${shot.points} points">${parts.join('')}</g>`;
}

export function drawArena(view: View, ui: AimUi): string {
  const obs = view.response.observation as unknown as LanternObs;
  const { width, height } = obs.layout.arena;
  const o = obs.aim.origin;
  const parts: string[] = [`<rect class="arena" x="0" y="0" width="${width}" height="${height}"/>`];
  for (const b of obs.layout.beams) {
    if (b.kind === 'diagonal') parts.push(`<line class="mirror" x1="${b.x0}" y1="${b.y0}" x2="${b.x1}" y2="${b.y1}"/>`);
    else parts.push(`<rect class="beam" x="${b.x0}" y="${b.y0}" width="${b.x1 - b.x0}" height="${b.y1 - b.y0}"/>`);
  }
  for (const s of obs.layout.screens)
    parts.push(`<rect class="screen" x="${s.x0}" y="${s.y0}" width="${s.x1 - s.x0}" height="${s.y1 - s.y0}"/>`);
  // a gong is a bronze disc with a boss and its cord, never a circle like a lantern
  for (const g of obs.layout.gongs)
    parts.push(
      `<g class="gong"><line class="gong-cord" x1="${g.x}" y1="${g.y - g.r - 18}" x2="${g.x}" y2="${g.y - g.r}"/><circle class="gong-disc" cx="${g.x}" cy="${g.y}" r="${g.r}"/><circle class="gong-boss" cx="${g.x}" cy="${g.y}" r="${Math.max(4, g.r * 0.3)}"/><title>gong ${g.id} (+25, refills the distance)</title></g>`,
    );
  for (const l of obs.layout.lanterns)
    parts.push(
      `<circle class="lantern${l.lit ? ' lit' : ''}" cx="${l.x}" cy="${l.y}" r="${l.r}"><title>lantern ${l.id}${l.lit ? ' (lit)' : ''}</title></circle>`,
    );
  const shot = view.response.lastShot as LastShot | null | undefined;
  if (isRecord(shot) && Array.isArray(shot.path)) {
    const animate = ui.animated !== shot && !view.replaying;
    ui.animated = shot;
    parts.push(drawShot(shot, animate, shot.wave !== obs.wave));
  }
  const rad = (ui.angle * Math.PI) / 180;
  const ax = o.x + Math.cos(rad) * AIM_LENGTH;
  const ay = o.y - Math.sin(rad) * AIM_LENGTH;
  parts.push(`<line class="aim" x1="${o.x}" y1="${o.y}" x2="${f(ax)}" y2="${f(ay)}"/>`);
  parts.push(`<text class="aim-label" x="${f(ax)}" y="${f(ay - 14)}">${ui.angle.toFixed(1)}°</text>`);
  parts.push(`<circle class="brazier" cx="${o.x}" cy="${o.y}" r="26"/>`);
  return `<svg class="board-svg volley" viewBox="0 0 ${width} ${height}" role="img" aria-label="arena, wave ${obs.wave}; aim ${ui.angle.toFixed(1)} degrees">${parts.join('')}</svg>`;
}

const shoot = (ui: AimUi): Intent => ({ act: { type: 'SHOOT', angleDeg: ui.angle } });

/** Lantern Volley lists no legal actions on purpose (any angle in range is legal): the shot is off once the game is over. */
const shootButton = (view: View, ui: AimUi) =>
  legalButton(view, { type: 'SHOOT', angleDeg: ui.angle }, `Shoot at ${ui.angle.toFixed(1)}° (Space)`, 'shoot');

export const lanternVolleyRenderer: Renderer<AimUi> = {
  initUi: () => ({ angle: 90, animated: undefined }),
  keyHelp: 'Drag on the arena to aim. ←/→ turn 1°, ↑/↓ fine-tune 0.1°, Space or Enter shoots. Or type an angle and press Shoot at.',
  render(view, ui) {
    const obs = view.response.observation as unknown as LanternObs;
    const shot = view.response.lastShot as LastShot | null | undefined;
    // a replay takes no aim from the player: the aim shown is the replayed shot's own angle
    if (view.replaying && shot) ui.angle = shot.angleDeg;
    const side = `<div class="side">${stats([
      ['Wave', `${obs.wave} of ${obs.waves}`],
      ['Wisps left', `${obs.wispsLeft} of ${obs.wisps}`],
      ['Bounce cap', obs.bounceCap],
      ['Lanterns lit', `${obs.lanternsLit} of ${obs.lanternsTotal}`],
      ['Aim', `${ui.angle.toFixed(1)}°`],
      ['Last shot', shot ? `${shot.angleDeg}° → +${shot.points}${shot.waveCleared ? ', wave cleared' : ''}` : '—'],
    ])}
<div class="actions">${shootButton(view, ui)}
<button type="button" ${uiAttrs('turn:1', 'left1', 'turn left 1 degree').replace(' tabindex="0" role="button"', '')}>◀ 1°</button>
<button type="button" ${uiAttrs('turn:0.1', 'left01', 'turn left 0.1 degree').replace(' tabindex="0" role="button"', '')}>◀ 0.1°</button>
<button type="button" ${uiAttrs('turn:-0.1', 'right01', 'turn right 0.1 degree').replace(' tabindex="0" role="button"', '')}>0.1° ▶</button>
<button type="button" ${uiAttrs('turn:-1', 'right1', 'turn right 1 degree').replace(' tabindex="0" role="button"', '')}>1° ▶</button></div>
<form data-ui="angle" class="angle-form"><label>Angle <input name="value" inputmode="decimal" size="6" value="${esc(ui.angle.toFixed(1))}"></label><button type="submit">Shoot at</button></form>
<p class="legend">15° = right, 90° = straight up, 165° = left. ● lantern (gold when lit), ◯ gong (+25, refills distance), ▭ paper screen absorbs, grey beams and mirrors reflect.</p></div>`;
    return `<div class="board-row">${drawArena(view, ui)}${side}</div>`;
  },
  onUi(token, view, ui, value) {
    const obs = view.response.observation as unknown as LanternObs;
    if (token.startsWith('turn:')) {
      ui.angle = quantize(ui.angle + Number(token.slice(5)), obs.aim.minDeg, obs.aim.maxDeg);
      return { redraw: true };
    }
    if (token === 'angle' && value !== undefined) {
      // sent as typed: the engine quantizes and range-checks, and its refusal is what the player sees
      const typed = Number(value);
      if (Number.isFinite(typed) && typed >= obs.aim.minDeg && typed <= obs.aim.maxDeg) ui.angle = quantize(typed);
      return { act: { type: 'SHOOT', angleDeg: Number.isFinite(typed) ? typed : value } };
    }
    return null;
  },
  onKey(key, view, ui) {
    const obs = view.response.observation as unknown as LanternObs;
    const turn: Record<string, number> = { ArrowLeft: 1, ArrowRight: -1, ArrowUp: 0.1, ArrowDown: -0.1 };
    if (key in turn) {
      ui.angle = quantize(ui.angle + (turn[key] as number), obs.aim.minDeg, obs.aim.maxDeg);
      return { redraw: true };
    }
    if (key === ' ' || key === 'Enter') return shoot(ui);
    return null;
  },
  mount(root: HTMLElement, api: BoardApi<AimUi>) {
    let dragging = false;
    const aimAt = (e: PointerEvent) => {
      const svg = root.querySelector('svg.volley') as SVGSVGElement | null;
      const view = api.view();
      const ctm = svg?.getScreenCTM();
      if (!svg || !view || !ctm) return;
      const obs = view.response.observation as unknown as LanternObs;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      api.ui.angle = quantize(angleToward(obs.aim.origin, p), obs.aim.minDeg, obs.aim.maxDeg);
      api.redraw();
    };
    const down = (e: PointerEvent) => {
      if (!(e.target as Element).closest?.('svg.volley') || api.view()?.replaying) return;
      dragging = true;
      (e.target as Element).setPointerCapture?.(e.pointerId);
      aimAt(e);
    };
    const move = (e: PointerEvent) => {
      if (dragging) aimAt(e);
    };
    const up = () => {
      dragging = false;
    };
    root.addEventListener('pointerdown', down);
    root.addEventListener('pointermove', move);
    root.addEventListener('pointerup', up);
    root.addEventListener('pointercancel', up);
    return () => {
      root.removeEventListener('pointerdown', down);
      root.removeEventListener('pointermove', move);
      root.removeEventListener('pointerup', up);
      root.removeEventListener('pointercancel', up);
    };
  },
};
