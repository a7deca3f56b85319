// Player keys saved by `hearth submit`: ~/.config/hearth/keys.json (or $XDG_CONFIG_HOME/hearth/keys.json),
// mode 0600, { "<server origin>": { "<player name>": "<key>" } }. A key is shown by the server once, on the
// run that claims the name; every later run under that name needs it.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

type KeyFile = Record<string, Record<string, string>>;

export function keysPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'hearth', 'keys.json');
}

/** Keys are per server: the same name on two servers is two players. */
export const serverId = (server: string): string => new URL(server).origin;

function read(path: string): KeyFile {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as KeyFile) : {};
  } catch {
    return {};
  }
}

/** The key saved for a name, found whatever its case (the server treats Alice and alice as one name). */
export function loadKey(server: string, name: string, path = keysPath()): string | undefined {
  const saved = read(path)[serverId(server)] ?? {};
  const wanted = name.toLowerCase();
  const key = saved[name] ?? Object.entries(saved).find(([n]) => n.toLowerCase() === wanted)?.[1];
  return typeof key === 'string' ? key : undefined;
}

/** Saves atomically with mode 0600 (the file holds secrets); returns the file's path. */
export function saveKey(server: string, name: string, key: string, path = keysPath()): string {
  const all = read(path);
  const id = serverId(server);
  all[id] = { ...(all[id] ?? {}), [name]: key };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
  return path;
}
