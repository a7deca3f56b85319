// Builds a renderer View from a hand-made state, for renderer tests that need no game package.
import type { OkResponse, Spec } from '@hearth/engine';
import type { View } from '@hearth/engine/web';

export function viewOf(
  slug: string,
  state: unknown,
  legalActions: unknown[] = [],
  observation: Record<string, unknown> = {},
  extras = {},
  spec: Partial<Spec> = {},
): View {
  const response: OkResponse = {
    ok: true,
    state,
    observation: { text: '', ...observation },
    legalActions,
    score: 0,
    gameOver: false,
    ...extras,
  };
  return { slug, spec: { slug, name: slug, carry: 'state', ...spec } as Spec, response, lastAction: undefined, replaying: false };
}

export { actionsIn as actsIn } from '@hearth/engine/web';
