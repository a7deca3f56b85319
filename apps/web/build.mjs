#!/usr/bin/env node
// Builds the web app with esbuild into dist/: index.html, app.js (the page), worker.js (the engine, the
// registry and the games' inlined WASM), app.css. Nothing is fetched at run time. Prints the gzipped size
// of everything a game page loads, against the 400 KB budget.
//   node build.mjs                       production build into dist/
//   buildWeb({ outdir, registry })       the e2e test builds the fixture registry into a scratch folder
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const BUDGET_BYTES = 400 * 1024;
/** The files a game page loads (the worker bundle carries the WASM as base64). */
export const PAGE_FILES = ['index.html', 'app.js', 'worker.js', 'app.css'];

/**
 * @param {{ outdir?: string, registry?: string, minify?: boolean }} [options]
 *   registry: a module path that replaces `@hearth/games` (tests only).
 * @returns {Promise<{ outdir: string, files: { name: string, bytes: number, gzip: number }[], totalGzip: number }>}
 */
export async function buildWeb(options = {}) {
  const outdir = resolve(options.outdir ?? join(here, 'dist'));
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const common = {
    bundle: true,
    minify: options.minify ?? true,
    format: 'iife',
    target: ['es2022'],
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
    alias: options.registry ? { '@hearth/games': resolve(options.registry) } : {},
  };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [join(here, 'src/main.ts')], outfile: join(outdir, 'app.js') }),
    esbuild.build({ ...common, entryPoints: [join(here, 'src/worker.ts')], outfile: join(outdir, 'worker.js') }),
    esbuild.build({ ...common, entryPoints: [join(here, 'src/styles.css')], outfile: join(outdir, 'app.css') }),
  ]);
  copyFileSync(join(here, 'src/index.html'), join(outdir, 'index.html'));
  const files = PAGE_FILES.map((name) => {
    const bytes = readFileSync(join(outdir, name));
    return { name, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { outdir, files, totalGzip: files.reduce((s, f) => s + f.gzip, 0) };
}

export function formatSizes({ files, totalGzip }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = files.map((f) => `  ${f.name.padEnd(11)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}`);
  const verdict = totalGzip <= BUDGET_BYTES ? 'within' : 'OVER';
  lines.push(`  game page total gzip ${kb(totalGzip)} (${verdict} the ${kb(BUDGET_BYTES)} budget)`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await buildWeb();
  console.log(`web: built ${result.outdir}\n${formatSizes(result)}`);
  if (result.totalGzip > BUDGET_BYTES) process.exitCode = 1;
}
