// Slug -> terminal front end. A game without its own front end gets the generic one (observation.text
// as the board, the legal actions by number), so a newly registered game is playable at once.
import { cragwakeController } from './cragwake.ts';
import { genericController } from './generic.ts';
import { lanternVolleyController } from './lantern-volley.ts';
import { stormlarkController } from './stormlark.ts';
import { sunloafController } from './sunloaf.ts';
import type { Controller } from './types.ts';

const controllers: Record<string, () => Controller> = {
  cragwake: cragwakeController,
  stormlark: stormlarkController,
  'lantern-volley': lanternVolleyController,
  sunloaf: sunloafController,
};

export function controllerFor(slug: string): Controller {
  return (controllers[slug] ?? genericController)();
}

export function hasOwnController(slug: string): boolean {
  return slug in controllers;
}
