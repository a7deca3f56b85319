// Player keys saved by `hearth submit`: ~/.config/hearth/keys.json (or $XDG_CONFIG_HOME/hearth/keys.json),
// mode 0600, { "<server origin>": { "<player name>": "<key>" } }. A name's first claim brings a key the CLI chose
// and saved before sending (so a retry after a lost answer claims nothing twice and locks nobody out); a key the
// server issued (an older claim) is saved from its answer. Every later run under that name sends it.
import { randomBytes } from 'node:crypto';
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
  return write(all, path);
}

/**
 * A key for a name this client has no key for, chosen here and saved before the request that claims the name:
 * `hk_` and 43 base64url characters (256 random bits), the form the server accepts for a first claim.
 */
export function chooseKey(server: string, name: string, path = keysPath()): string {
  const key = `hk_${randomBytes(32).toString('base64url')}`;
  saveKey(server, name, key, path);
  return key;
}

/**
 * The key a request under `name` sends: `explicit` (--key) when given, else the saved one, else one chosen and saved
 * now, before the request that claims the name (so a lost answer never leaves the name claimed by a key nobody has).
 */
export function claimKey(server: string, name: string, explicit?: string, path = keysPath()): { key: string; chosen: boolean } {
  const known = explicit ?? loadKey(server, name, path);
  return known ? { key: known, chosen: false } : { key: chooseKey(server, name, path), chosen: true };
}

/**
 * After a refusal: a key from the file (not --key) that the server refuses for this name (`wrong_key`: the name is
 * another player's) can never work there, so it is dropped. True when it was.
 */
export function dropRefusedKey(server: string, name: string, explicit: string | undefined, reason: unknown, path = keysPath()): boolean {
  if (explicit !== undefined || reason !== 'wrong_key') return false;
  forgetKey(server, name, path);
  return true;
}

/** Drops the saved key of a name (whatever its case), e.g. a chosen key for a name that is another player's. */
export function forgetKey(server: string, name: string, path = keysPath()): void {
  const all = read(path);
  const id = serverId(server);
  const wanted = name.toLowerCase();
  const kept = Object.entries(all[id] ?? {}).filter(([n]) => n.toLowerCase() !== wanted);
  all[id] = Object.fromEntries(kept);
  write(all, path);
}

function write(all: KeyFile, path: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
  return path;
}
