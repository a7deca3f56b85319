// The board for a game without its own renderer. A game whose spec.look is a grid naming what stands on it
// (`pieces` or `layers`) is drawn from
// that description alone: its cells (rows, columns, numbering), what stands on them (the observation's pieces,
// each by its kind's mark and colour from the look's table), the legal actions that pick a cell as clickable
// cells, every other legal action as a button with the look's label, and the look's legend. Any other game
// shows the observation's text picture and its legal actions as buttons. Both keep a box for any action as
// JSON (so even a game with no legal list can be played).
import { drawsPieces, type LookGrid, type LookKind, type LookPiece, pickedCell, piecesOf } from '@hearth/engine';
import {
  actAttrs,
  actButton,
  cellXY,
  esc,
  gridOf,
  isRecord,
  labelOf,
  legendLine,
  nameOf,
  numbering,
  type View,
  type WebBoard,
} from '@hearth/engine/web';

const MAX_BUTTONS = 80;
const CELL = 56;
const AT = { cell: CELL, left: 28, top: 8 };

export function actionLabel(action: unknown): string {
  if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
    const { type, ...rest } = action as Record<string, unknown>;
    const args = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
    return [String(type ?? '?'), ...args].join(' ');
  }
  return JSON.stringify(action);
}

/** An action's label for a button: the look's label for its type, then its other fields. */
function buttonLabel(view: View, action: unknown): string {
  if (!isRecord(action) || typeof action.type !== 'string' || !view.spec.look?.actions[action.type]) return actionLabel(action);
  const { type: _type, ...rest } = action;
  const args = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return [labelOf(view, action.type), ...args].join(' ');
}

function drawGrid(view: View, g: LookGrid): { svg: string; picked: Set<number> } {
  const kinds = new Map<string, LookKind>((view.spec.look?.kinds ?? []).map((k) => [k.id, k]));
  const legal = view.response.legalActions;
  const targets = new Map<string, { action: unknown; index: number }>();
  const picked = new Set<number>();
  legal.forEach((a, index) => {
    const c = pickedCell(g, a);
    if (!c) return;
    if (!targets.has(`${c.row},${c.col}`)) targets.set(`${c.row},${c.col}`, { action: a, index });
    picked.add(index);
  });
  const on = new Map<string, LookPiece[]>();
  for (const p of piecesOf(g, view.response.observation)) on.set(`${p.row},${p.col}`, [...(on.get(`${p.row},${p.col}`) ?? []), p]);
  const parts: string[] = [];
  for (let row = 0; row < g.rows; row++) {
    const { y } = cellXY(g, AT, row, 0);
    parts.push(`<text class="row-num" x="${AT.left - 6}" y="${y + CELL / 2 + 5}">${row + g.rowBase}</text>`);
    for (let col = 0; col < g.cols; col++) {
      const { x } = cellXY(g, AT, row, col);
      const here = on.get(`${row},${col}`) ?? [];
      const names = here.map((p) => kinds.get(p.kind)?.label ?? p.kind);
      const label = [nameOf(view, row, col), ...names].join(', ');
      const target = targets.get(`${row},${col}`);
      const attrs = target
        ? ` ${actAttrs(target.action, `cell-${row},${col}`, `${buttonLabel(view, target.action)}: ${label}`)}`
        : ` aria-label="${esc(label)}"`;
      parts.push(`<g class="cell${target ? ' target' : ''}"${attrs}><title>${esc(label)}</title>`);
      parts.push(`<rect class="hit" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6"/>`);
      here.forEach((p, i) => {
        const k = kinds.get(p.kind);
        parts.push(
          `<text class="piece c-${esc(k?.colour ?? 'white')}" data-kind="${esc(p.kind)}" x="${x + CELL / 2 + i * 8}" y="${y + CELL / 2 + 8 + i * 8}">${esc(k?.mark ?? k?.glyph ?? '?')}</text>`,
        );
      });
      if (target) parts.push(`<rect class="target-ring" x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" rx="8"/>`);
      parts.push('</g>');
    }
  }
  const width = AT.left + g.cols * CELL + 8;
  const height = AT.top + g.rows * CELL + 8;
  const svg = `<svg class="board-svg look-grid" viewBox="0 0 ${width} ${height}" role="group" aria-label="the board, ${g.rows} ${g.rowName}s by ${g.cols} columns">${parts.join('')}</svg>`;
  return { svg, picked };
}

const jsonForm = `<form data-ui="json" class="json-act"><label>Action as JSON <input name="value" spellcheck="false" autocomplete="off" placeholder='{"type":"..."}'></label><button type="submit">Send</button></form>`;

export const genericRenderer: WebBoard<null> = {
  initUi: () => null,
  render(view) {
    const { observation, legalActions } = view.response;
    const g = gridOf(view);
    const board = g && drawsPieces(g) ? drawGrid(view, g) : undefined;
    const rest = legalActions.map((a, i) => [a, i] as const).filter(([, i]) => !board?.picked.has(i));
    const shown = rest.slice(0, MAX_BUTTONS);
    const buttons = shown.map(([a, i]) => actButton(a, buttonLabel(view, a), `legal-${i}`)).join('');
    const more = rest.length > shown.length ? `<p>${rest.length - shown.length} more legal actions not shown.</p>` : '';
    const actions = `<div class="actions" aria-label="legal actions">${buttons}</div>${more}`;
    if (board && g && view.spec.look)
      return `<div class="board-row generic">${board.svg}<div class="side">${actions}${jsonForm}${legendLine(view.spec.look, numbering(g))}</div></div>`;
    return `<div class="generic">
<pre class="board-text" aria-label="board">${esc(observation.text)}</pre>
${actions}
${jsonForm}
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
