// The test order of a mutation run (`pnpm mutate`), so a mutant is killed early: a test file that failed in the
// previous run first (mutants are tested in source order, so the file that killed one mutant usually kills the next),
// then the quickest files first (Stryker bails at the first failing test, and a survivor runs them all anyway).
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

export class FailedThenQuickest extends BaseSequencer {
  async sort(files) {
    const cache = this.ctx.cache;
    const rank = (file) => {
      const result = cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`);
      return [result?.failed ? 0 : 1, result?.duration ?? 0];
    };
    return [...files].sort((a, b) => {
      const [failedA, durationA] = rank(a);
      const [failedB, durationB] = rank(b);
      return failedA - failedB || durationA - durationB;
    });
  }
}
