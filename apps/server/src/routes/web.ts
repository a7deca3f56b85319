import { existsSync, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Answer, fail } from '../http/answer.ts';
import { acceptedEncodings } from '../http/compress.ts';
import type { Router } from '../http/router.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Where the built web app is: WEB_DIST, else apps/web/dist next to this app. The relative path is the same
 * from src/routes/web.ts (source) and from dist/server.mjs (bundle, where import.meta.url is the bundle),
 * so both resolve ../../web/dist from the app folder.
 */
export function resolveWebDist(env: string | undefined): string | null {
  if (env) return existsSync(join(env, 'index.html')) ? resolve(env) : null;
  const here = fileURLToPath(import.meta.url);
  const appDir = here.endsWith(join('src', 'routes', 'web.ts')) ? resolve(here, '../../..') : resolve(here, '../..');
  const dist = resolve(appDir, '../web/dist');
  return existsSync(join(dist, 'index.html')) ? dist : null;
}

const FALLBACK = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hearth</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto">
<h1>hearth</h1>
<p>Turn-based score-attack games behind one JSON API. The web app is not built on this server (build apps/web, or set WEB_DIST).</p>
<ul><li><a href="/docs/api">API documentation</a></li><li><a href="/llms.txt">llms.txt</a> (for agents)</li><li><a href="/api/games">/api/games</a> (machine-readable index)</li></ul>
</body></html>
`;

/** Precompressed siblings the web build writes (`<file>.br`, `<file>.gz`), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

const statFile = (file: string): Stats | null => {
  try {
    const s = statSync(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
};

/** `/` and the web app's static files (hash routing: no other paths are needed). */
export function registerWebRoutes(router: Router, webDist: string | null): void {
  router.get('*', async (x): Promise<Answer> => {
    x.route = 'static';
    const path = x.path;
    if (!webDist) {
      if (path === '/' || path === '/index.html')
        return { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: FALLBACK };
      return fail(404, 'not_found', `no route ${x.method} ${path.slice(0, 200)}; see /docs/api`);
    }
    let rel: string;
    try {
      rel = decodeURIComponent(path);
    } catch {
      return fail(400, 'invalid_path', 'the path is not valid percent-encoding');
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = resolve(webDist, `.${rel}`);
    // Only files inside the dist folder, never a path that climbs out of it.
    if (rel.includes('\0') || (file !== webDist && !file.startsWith(webDist + sep))) {
      return fail(404, 'not_found', `no file ${path.slice(0, 200)}`);
    }
    const stat = statFile(file);
    if (!stat) return fail(404, 'not_found', `no route or file ${path.slice(0, 200)}; see /docs/api`);
    // The build's precompressed sibling when the browser takes it (brotli, else gzip); every representation
    // has its own validator, and caches keep them apart by Accept-Encoding.
    const accepted = acceptedEncodings(x.header('accept-encoding'));
    let body = file;
    let sent = stat;
    let coding: string | undefined;
    for (const e of ENCODINGS) {
      const sibling = accepted.has(e.name) ? statFile(file + e.ext) : null;
      if (sibling) {
        body = file + e.ext;
        sent = sibling;
        coding = e.name;
        break;
      }
    }
    // Validators from size and modification time (as nginx makes them): no hashing per request.
    const etag = `"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
    const modified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
    const headers: Record<string, string> = {
      etag,
      'last-modified': modified.toUTCString(),
      'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    };
    if (statFile(`${file}.gz`) || statFile(`${file}.br`)) headers.vary = 'Accept-Encoding';
    if (coding) headers['content-encoding'] = coding;
    // esbuild names the web app's files under /assets/ by content hash: they never change. Everything else
    // (index.html) must be revalidated, which the validators make a 304 when nothing changed.
    headers['cache-control'] = rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (notModified(x.header('if-none-match'), x.header('if-modified-since'), etag, modified)) return { status: 304, headers, body: null };
    return { status: 200, headers, body: await readFile(body) };
  });
}

/** RFC 9110: If-None-Match wins when present (weak comparison); else If-Modified-Since. */
function notModified(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string, modified: Date): boolean {
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && modified.getTime() <= since;
}
