// Tiny helpers for building markup as strings: escaping, attributes for clickable elements, number panels.

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

export const isRecord = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);
