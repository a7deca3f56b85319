// Renderers by slug; a game without one is drawn by the generic board (its text picture and legal actions).
// A renderer here is only used when the registry actually has a game with that slug.
import { cragwakeRenderer } from './cragwake.ts';
import { genericRenderer } from './generic.ts';
import { lanternVolleyRenderer } from './lantern-volley.ts';
import { stormlarkRenderer } from './stormlark.ts';
import { sunloafRenderer } from './sunloaf.ts';
import type { Renderer } from './types.ts';

const bySlug: Record<string, Renderer<any>> = {
  cragwake: cragwakeRenderer,
  'lantern-volley': lanternVolleyRenderer,
  stormlark: stormlarkRenderer,
  sunloaf: sunloafRenderer,
};

export function rendererFor(slug: string): Renderer<any> {
  return bySlug[slug] ?? genericRenderer;
}
