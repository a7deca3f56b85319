// Renderers by slug; a game without one is drawn by the generic board (its text picture and legal actions).
// A renderer here is only used when the registry actually has a game with that slug.
import { cragwakeRenderer } from './cragwake.ts';
import { genericRenderer } from './generic.ts';
import { lanternVolleyRenderer } from './lantern-volley.ts';
import { stormlarkRenderer } from './stormlark.ts';
import { sunloafRenderer } from './sunloaf.ts';
import type { Renderer } from './types.ts';

// Each renderer's UI state is its own (null, a selection, an aim); the page only hands back what initUi made.
const bySlug: Record<string, Renderer<unknown>> = {
  cragwake: cragwakeRenderer as Renderer<unknown>,
  'lantern-volley': lanternVolleyRenderer as Renderer<unknown>,
  stormlark: stormlarkRenderer as Renderer<unknown>,
  sunloaf: sunloafRenderer as Renderer<unknown>,
};

export function rendererFor(slug: string): Renderer<unknown> {
  return bySlug[slug] ?? (genericRenderer as Renderer<unknown>);
}
