// The fallback board for a game without its own renderer: the observation's text picture, its legal actions
// as buttons, and a box for any action as JSON (so even a game with no legal list can be played).
import { actButton, esc } from './markup.ts';
import type { Renderer } from './types.ts';

const MAX_BUTTONS = 80;

export function actionLabel(action: unknown): string {
  if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
    const { type, ...rest } = action as Record<string, unknown>;
    const args = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
    return [String(type ?? '?'), ...args].join(' ');
  }
  return JSON.stringify(action);
}

export const genericRenderer: Renderer<null> = {
  initUi: () => null,
  render(view) {
    const { observation, legalActions } = view.response;
    const shown = legalActions.slice(0, MAX_BUTTONS);
    const buttons = shown.map((a, i) => actButton(a, actionLabel(a), `legal-${i}`)).join('');
    const more = legalActions.length > shown.length ? `<p>${legalActions.length - shown.length} more legal actions not shown.</p>` : '';
    return `<div class="generic">
<pre class="board-text" aria-label="board">${esc(observation.text)}</pre>
<div class="actions" aria-label="legal actions">${buttons}</div>${more}
<form data-ui="json" class="json-act"><label>Action as JSON <input name="value" spellcheck="false" autocomplete="off" placeholder='{"type":"..."}'></label><button type="submit">Send</button></form>
</div>`;
  },
  onUi(token, _view, _ui, value) {
    if (token !== 'json' || value === undefined) return null;
    try {
      return { act: JSON.parse(value) };
    } catch {
      return { act: value };
    }
  },
};
