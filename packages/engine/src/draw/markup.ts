// Tiny helpers for building markup as strings: escaping, attributes for clickable elements, number panels.
import { canonicalJson } from '../canonical.ts';
import type { View } from './web-board.ts';

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Attributes of an element that sends `action` when clicked or activated with Enter/Space. */
export function actAttrs(action: unknown, key: string, label: string): string {
  return `data-act="${esc(JSON.stringify(action))}" data-key="${esc(key)}" aria-label="${esc(label)}" tabindex="0" role="button"`;
}

/** Attributes of an element that passes a UI token to the renderer. */
export function uiAttrs(token: string, key: string, label: string): string {
  return `data-ui="${esc(token)}" data-key="${esc(key)}" aria-label="${esc(label)}" tabindex="0" role="button"`;
}

const legalSets = new WeakMap<object, Set<string>>();

/** Whether the engine lists this action in legalActions now (canonical JSON, so key order does not matter). */
export function isLegal(view: View, action: unknown): boolean {
  let set = legalSets.get(view.response);
  if (!set) {
    set = new Set(view.response.legalActions.map(canonicalJson));
    legalSets.set(view.response, set);
  }
  return set.has(canonicalJson(action));
}

/** Tooltip of a button whose action is not in legalActions (the page replaces it with the engine's refusal). */
export const NOT_LEGAL = 'Not possible now: the engine does not list this action among the legal ones.';

/**
 * A button for one fixed action, disabled (with the reason as its tooltip) when it is not in legalActions.
 * `confirm` asks before sending (ending a run is never one click).
 */
export function legalButton(view: View, action: unknown, label: string, key: string, confirm?: string, why?: string): string {
  // a game may list no legal actions on purpose while it runs (Lantern Volley: every angle in range is legal)
  const unlisted = view.response.legalActions.length === 0 && !view.response.gameOver;
  const legal = (unlisted || isLegal(view, action)) && !view.replaying;
  const extra = confirm ? ` data-confirm="${esc(confirm)}"` : '';
  // the reason: the observation's own refusal when the game publishes one (data-why: no probe needed), else generic
  const title = view.replaying ? 'A replay is playing: use its controls above the board.' : why ? `Not possible now: ${why}` : NOT_LEGAL;
  const off = ` disabled title="${esc(title)}"${why && !view.replaying ? ' data-why="engine"' : ''}`;
  return `<button type="button" data-act="${esc(JSON.stringify(action))}" data-key="${esc(key)}"${extra}${legal ? '' : off}>${withKeyHint(label)}</button>`;
}

/** A trailing one-key hint ("(V)", "(⇧E)", "(Space)") in its own span, which a touch screen hides. */
export function withKeyHint(label: string): string {
  const m = /^(.*?)\s\(([A-Z.]|⇧E|Space)\)$/.exec(label);
  return m ? `${esc(m[1])}<span class="key-hint"> (${esc(m[2])})</span>` : esc(label);
}

/** The text for a lowercase `e`: ending a run takes Shift+E, as in the terminal client. */
export const END_HINT = 'To end the run press Shift+E (or the End run button, then confirm).';

/**
 * What a lowercase `e` says: how to end the run when ending is legal now, else why not (`whenNot`, the game's
 * own condition), so the page never points at a Shift+E the engine would refuse.
 */
export function endHint(view: View, endAction: unknown, whenNot: string): string {
  const unlisted = view.response.legalActions.length === 0 && !view.response.gameOver;
  return unlisted || isLegal(view, endAction) ? END_HINT : whenNot;
}

/** A button sending an action. */
export function actButton(action: unknown, label: string, key: string, hint = ''): string {
  return `<button type="button" data-act="${esc(JSON.stringify(action))}" data-key="${esc(key)}"${hint ? ` title="${esc(hint)}"` : ''}>${esc(label)}</button>`;
}

/** The numbers that matter, as a definition list. */
export function stats(entries: [string, unknown][]): string {
  return `<dl class="stats">${entries.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>`;
}

/** A gauge bar: value out of max, with the number written beside it. */
export function gauge(label: string, value: number, max: number, cls: string): string {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return `<div class="gauge ${esc(cls)}" role="meter" aria-label="${esc(label)}" aria-valuenow="${value}" aria-valuemin="0" aria-valuemax="${max}"><span class="gauge-label">${esc(label)} ${esc(value)}/${esc(max)}</span><span class="gauge-fill" style="width:${pct.toFixed(1)}%"></span></div>`;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every action carried by a data-act attribute in a board's markup, in document order (tests read boards with it). */
export function actionsIn(html: string): unknown[] {
  return [...html.matchAll(/data-act="([^"]*)"/g)].map((x) =>
    JSON.parse((x[1] as string).replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))),
  );
}
