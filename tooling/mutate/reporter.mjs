// A Stryker reporter plugin for pnpm mutate: streams what a run learns as it goes (the dry run's tests, the plan,
// each tested mutant) to the JSON-lines file named by the config's `hearthStream` option, so a run stopped by its time budget
// still leaves its results behind: tooling/mutate.mjs turns them into the incremental report the next run resumes
// from, and into a partial summary. Stryker writes its own report only when a run completes.
import { appendFileSync } from 'node:fs';

class StreamReporter {
  static inject = ['options'];
  #file;
  constructor(options) {
    this.#file = options.hearthStream;
  }
  #write(record) {
    if (this.#file) appendFileSync(this.#file, `${JSON.stringify(record)}\n`);
  }
  onDryRunCompleted({ result }) {
    const tests = (result.tests ?? []).map(({ id, name, fileName, startPosition }) => ({ id, name, fileName, startPosition }));
    this.#write({ kind: 'tests', tests });
  }
  onMutationTestingPlanReady({ mutantPlans }) {
    this.#write({ kind: 'plan', mutants: mutantPlans.length });
  }
  onMutantTested(result) {
    this.#write({ kind: 'mutant', result });
  }
}

export const strykerPlugins = [{ kind: 'Reporter', name: 'hearth-stream', injectableClass: StreamReporter }];
