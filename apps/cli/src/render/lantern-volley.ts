import { genericController } from './generic.ts';
import type { Controller } from './types.ts';

export function lanternVolleyController(): Controller {
  return genericController();
}
