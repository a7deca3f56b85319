// Helpers shared by the controllers: short labels for actions and the key that picks the n-th listed one.
import type { Spec } from '../contract.ts';
import type { Key, Prompt } from './terminal-board.ts';

/** `{ type: 'move', row: 3, col: 2 }` -> `move row=3 col=2`; anything else -> its compact JSON. */
export function actionLabel(action: unknown): string {
  if (action && typeof action === 'object' && !Array.isArray(action)) {
    const { type, ...rest } = action as Record<string, unknown>;
    if (typeof type === 'string') {
      const extra = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
      return [type, ...extra].join(' ');
    }
  }
  return JSON.stringify(action) ?? String(action);
}

/** Keys for listed moves: 1-9, then letters that no screen reserves (q quits, ? helps, : opens the JSON prompt). */
export const PICK_KEYS = '123456789abcdefgimoprstvwxz'.split('');

export function pickIndex(key: Key): number {
  if (key.ctrl) return -1;
  return PICK_KEYS.indexOf(key.name);
}

export function typeOf(action: unknown): string | undefined {
  return action && typeof action === 'object' && 'type' in action && typeof action.type === 'string' ? action.type : undefined;
}

export function findType<A>(legal: readonly A[], type: string): A | undefined {
  return legal.find((a) => typeOf(a) === type);
}

/** The free-form action prompt every game offers on ':' (any JSON; the engine judges it). */
export function jsonPrompt(spec: Spec, initial = ''): Prompt {
  return {
    title: `${spec.name} action as JSON`,
    initial,
    submit(text) {
      try {
        return { action: JSON.parse(text) };
      } catch (error) {
        return { error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}
