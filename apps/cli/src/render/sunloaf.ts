import { genericController } from './generic.ts';
import type { Controller } from './types.ts';

export function sunloafController(): Controller {
  return genericController();
}
