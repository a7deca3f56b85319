import { fileURLToPath } from 'node:url';
import { bundleModule, devWorkerUrl, loadableModule } from '../src/index.ts';

export const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url));

let registry: Promise<string> | null = null;
/** The test-only registry (trail, aim), bundled once per test file. */
export const fixtureRegistryUrl = () => {
  registry ??= loadableModule(fixture('registry.ts'));
  return registry;
};

let worker: Promise<URL> | null = null;
/** The worker entry serving the fixture registry (trail, aim), bundled once per test file. */
export const fixtureWorkerUrl = () => {
  worker ??= bundleModule(fixture('worker.ts'));
  return worker;
};

export { devWorkerUrl };
