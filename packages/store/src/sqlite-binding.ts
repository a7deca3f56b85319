import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ADDON = 'better_sqlite3.node';

/**
 * Where better-sqlite3's native addon is. Its own lookup (the `bindings` package) searches from its source
 * file, which inside a bundle (apps/server/dist/server.mjs) is the bundle's folder, so the store finds it
 * instead: SQLITE_NATIVE_BINDING, then a copy beside the bundle, then the installed package (from this
 * module, or through @hearth/store when this module is bundled elsewhere in the repository).
 */
export function sqliteNativeBinding(explicit?: string): string | undefined {
  const given = explicit ?? process.env.SQLITE_NATIVE_BINDING;
  if (given) return given;
  const tries: (() => string)[] = [
    () => fileURLToPath(new URL(`./${ADDON}`, import.meta.url)),
    () => join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build/Release', ADDON),
    () => {
      const store = createRequire(import.meta.url).resolve('@hearth/store/package.json');
      return join(dirname(createRequire(store).resolve('better-sqlite3/package.json')), 'build/Release', ADDON);
    },
  ];
  for (const attempt of tries) {
    try {
      const path = attempt();
      if (existsSync(path)) return path;
    } catch {}
  }
  return undefined;
}
