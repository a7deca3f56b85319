// The CLI reaches games only through the registry (never by importing a game package).
import type { Game } from '@hearth/engine';
import { registry } from '@hearth/games';

export async function loadGame(slug: string): Promise<Game> {
  const game = await registry.load(slug);
  if (!game) {
    const known = registry.slugs.length > 0 ? registry.slugs.join(', ') : '(none registered yet)';
    throw new UsageError(`unknown game "${slug}"; games: ${known}`);
  }
  return game;
}

export { registry };

/** A mistake in how the CLI was called: printed without a stack, exit code 2. */
export class UsageError extends Error {}
