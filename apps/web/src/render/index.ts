// Renderers by slug; a game without one is drawn by the generic board (its text picture and legal actions).
import { genericRenderer } from './generic.ts';
import type { Renderer } from './types.ts';

const bySlug: Record<string, Renderer<any>> = {};

export function rendererFor(slug: string): Renderer<any> {
  return bySlug[slug] ?? genericRenderer;
}
