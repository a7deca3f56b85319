#!/usr/bin/env node
// Builds the web app with esbuild into dist/: index.html (no-cache) and, under dist/assets/, content-hashed
// app-<hash>.js (the page), worker-<hash>.js (the engine, the registry and the games' inlined WASM) and
// app-<hash>.css, which a server may cache forever (a new build gets new names). The page learns the worker's
// name at build time. Nothing is fetched at run time. Every file is also written precompressed beside itself
// (`<file>.br`, brotli at quality 11, and `<file>.gz`, gzip -9), which the hearth server sends with
// Content-Encoding to a browser that accepts it. Prints the size of everything a game page loads (gzip and
// brotli), against the 400 KB budget.
//   node build.mjs                       production build into dist/
//   buildWeb({ outdir, registry })       the e2e test builds the fixture registry into a scratch folder
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { registryAlias } from '../../tooling/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const BUDGET_BYTES = 400 * 1024;
/** Where the hashed files go, relative to the page. */
export const ASSETS = 'assets';

/** The one output file of a build with its path relative to outdir. */
function outputOf(result, outdir) {
  const outs = Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map'));
  if (outs.length !== 1) throw new Error(`expected one output, got ${outs.join(', ')}`);
  return relative(outdir, resolve(outs[0])).split('\\').join('/');
}

/**
 * @param {{ outdir?: string, registry?: string, minify?: boolean }} [options]
 *   registry: a module path that replaces `@hearth/games` (tests only).
 * @returns {Promise<{ outdir: string, files: { name: string, bytes: number, gzip: number, brotli: number }[], totalGzip: number, totalBrotli: number }>}
 */
export async function buildWeb(options = {}) {
  const outdir = resolve(options.outdir ?? join(here, 'dist'));
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(join(outdir, ASSETS), { recursive: true });
  const common = {
    bundle: true,
    minify: options.minify ?? true,
    format: 'iife',
    target: ['es2022'],
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    outdir: join(outdir, ASSETS),
    entryNames: '[name]-[hash]',
    alias: registryAlias(process.env, options.registry),
  };
  const entry = (file, name) => ({ [name]: join(here, file) });
  // the worker first: the page is built with its hashed name
  const [worker, css] = await Promise.all([
    esbuild.build({ ...common, entryPoints: entry('src/worker.ts', 'worker') }),
    esbuild.build({ ...common, entryPoints: entry('src/styles.css', 'app') }),
  ]);
  const workerFile = outputOf(worker, outdir);
  const app = await esbuild.build({
    ...common,
    entryPoints: entry('src/main.ts', 'app'),
    define: { __HEARTH_WORKER__: JSON.stringify(workerFile) },
  });
  const appFile = outputOf(app, outdir);
  const cssFile = outputOf(css, outdir);
  const html = readFileSync(join(here, 'src/index.html'), 'utf8')
    .replace('href="app.css"', `href="${cssFile}"`)
    .replace('src="app.js"', `src="${appFile}"`);
  if (!html.includes(appFile) || !html.includes(cssFile)) throw new Error('src/index.html lost its app.css/app.js placeholders');
  writeFileSync(join(outdir, 'index.html'), html);
  const files = ['index.html', appFile, workerFile, cssFile].map((name) => {
    const bytes = readFileSync(join(outdir, name));
    const gz = gzipSync(bytes, { level: 9 });
    const br = brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(join(outdir, `${name}.gz`), gz);
    writeFileSync(join(outdir, `${name}.br`), br);
    return { name, bytes: bytes.length, gzip: gz.length, brotli: br.length };
  });
  return {
    outdir,
    files,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    totalBrotli: files.reduce((s, f) => s + f.brotli, 0),
  };
}

export function formatSizes({ files, totalGzip, totalBrotli }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = files.map(
    (f) => `  ${basename(f.name).padEnd(24)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}  br ${kb(f.brotli).padStart(9)}`,
  );
  const verdict = totalGzip <= BUDGET_BYTES ? 'within' : 'OVER';
  lines.push(`  game page total gzip ${kb(totalGzip)}, brotli ${kb(totalBrotli)} (${verdict} the ${kb(BUDGET_BYTES)} budget)`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await buildWeb();
  console.log(`web: built ${result.outdir}\n${formatSizes(result)}`);
  if (result.totalGzip > BUDGET_BYTES) process.exitCode = 1;
}
