// hearth sim ...: the simulator lives in @hearth/sim, loaded only when asked for (play stays light).
// Its workers run dist/sim-worker.mjs, the second entry of this package's build, beside hearth.mjs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export async function sim(argv: readonly string[]): Promise<number> {
  const workerUrl = new URL('./sim-worker.mjs', import.meta.url);
  // Running from source (tsx, vitest) there is no bundled worker beside this file: let @hearth/sim bundle its own.
  const bundled = import.meta.url.endsWith('.mjs') && existsSync(fileURLToPath(workerUrl));
  const { simMain, devWorkerUrl } = await import('@hearth/sim');
  return simMain([...argv], { workerUrl: bundled ? workerUrl : await devWorkerUrl() });
}
