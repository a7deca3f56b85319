import { genericController } from './generic.ts';
import type { Controller } from './types.ts';

export function stormlarkController(): Controller {
  return genericController();
}
