// A route the app does not know: said plainly, with the tab's title saying it too.
import { esc } from '@hearth/engine/web';
import { formatRoute } from '../route.ts';

export function showUnknown(root: HTMLElement, hash: string, online = false): () => void {
  document.title = 'Page not found — Hearth';
  root.innerHTML = `<main class="unknown"><h1>Page not found</h1><p class="message" data-kind="refusal" role="status">There is no page at “${esc(hash)}” here.</p>
<p><a href="${formatRoute({ page: 'home', online })}">All games</a></p></main>`;
  return () => {};
}
