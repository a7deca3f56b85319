import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// ESM output still meets CommonJS `require` in some dependencies; give bundles one.
const banner = "import { createRequire as __hearthRequire } from 'node:module'; const require = __hearthRequire(import.meta.url);";

let tempDir: string | null = null;
let bundles = 0;
const dir = () => {
  if (!tempDir) {
    const made = mkdtempSync(join(tmpdir(), 'hearth-sim-'));
    tempDir = made;
    // The bundles live as long as this process (its workers import them); remove them when it exits.
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return tempDir;
};

/**
 * Bundles a TypeScript (or JavaScript) entry with esbuild into one plain .mjs file in a temporary
 * folder and returns its URL: how workers run TypeScript in development and how a user's .ts policy
 * module is made loadable by every worker. esbuild is imported lazily, only when something needs it.
 */
export async function bundleModule(entry: string): Promise<URL> {
  const esbuild = await import('esbuild');
  const outfile = join(dir(), `${basename(entry).replace(/\.[cm]?[jt]s$/, '')}-${bundles++}.mjs`);
  await esbuild.build({
    entryPoints: [resolve(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    banner: { js: banner },
    logLevel: 'error',
  });
  return pathToFileURL(outfile);
}

let devWorker: Promise<URL> | null = null;

/** The worker entry (src/worker.ts) bundled on the fly, once per process: for tests, bench and calibrate. */
export function devWorkerUrl(): Promise<URL> {
  devWorker ??= bundleModule(fileURLToPath(new URL('./worker.ts', import.meta.url)));
  return devWorker;
}

/** A module path as the workers can import it: .js/.mjs as they are, anything else bundled first. */
export async function loadableModule(path: string): Promise<string> {
  if (/\.(m?js)$/.test(path)) return pathToFileURL(resolve(path)).href;
  return (await bundleModule(path)).href;
}
