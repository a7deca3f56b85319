// From source (vitest, tsx) there is no dist/replay-worker.mjs, and worker threads cannot load TypeScript:
// bundle src/replay/worker.ts with esbuild into a temporary .mjs once per process (as @hearth/sim does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<string>>();
let dir: string | null = null;

/** src/replay/worker.ts as a loadable .mjs. */
export function devReplayWorker(): Promise<string> {
  return bundleForWorker(fileURLToPath(new URL('./worker.ts', import.meta.url)));
}

/** Any TypeScript or JavaScript entry bundled into one .mjs a worker thread can import (once per process). */
export function bundleForWorker(entry: string): Promise<string> {
  let bundled = bundles.get(entry);
  if (bundled) return bundled;
  bundled = (async () => {
    // A variable specifier keeps esbuild from bundling esbuild into dist/server.mjs (which never gets here).
    const name = 'esbuild';
    const esbuild = (await import(name)) as typeof import('esbuild');
    if (!dir) {
      const made = mkdtempSync(join(tmpdir(), 'hearth-replay-'));
      process.once('exit', () => rmSync(made, { recursive: true, force: true }));
      dir = made;
    }
    const outfile = join(dir, `${bundles.size}-${basename(entry).replace(/\.[cm]?[jt]s$/, '')}.mjs`);
    await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      banner: { js: "import { createRequire as __hearthRequire } from 'node:module'; const require = __hearthRequire(import.meta.url);" },
    });
    return outfile;
  })();
  bundles.set(entry, bundled);
  return bundled;
}
