import { fileURLToPath } from 'node:url';
import { devWorkerUrl, loadableModule } from '../src/index.ts';

export const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url));

let registry: Promise<string> | null = null;
/** The test-only registry (trail, aim), bundled once per test file. */
export const fixtureRegistryUrl = () => {
  registry ??= loadableModule(fixture('registry.ts'));
  return registry;
};

export { devWorkerUrl };
