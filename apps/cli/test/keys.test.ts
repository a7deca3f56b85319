// Saved player keys are found whatever the name's case: the server treats Alice and alice as one name.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseKey, forgetKey, loadKey, saveKey } from '../src/net/keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('player keys file', () => {
  it('finds a key saved as QA_CLI when asked for qa_cli, per server, and keeps the file private', () => {
    const file = join(dir, 'keys.json');
    saveKey('http://127.0.0.1:8787', 'QA_CLI', 'hk_one', file);
    expect(loadKey('http://127.0.0.1:8787', 'qa_cli', file)).toBe('hk_one');
    expect(loadKey('http://127.0.0.1:8787', 'QA_CLI', file)).toBe('hk_one');
    expect(loadKey('http://127.0.0.1:9999', 'qa_cli', file)).toBeUndefined();
    expect(loadKey('http://127.0.0.1:8787', 'someone-else', file)).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('a key chosen for a first claim', () => {
  it('is saved before use in the form the server accepts, and forgetKey drops it whatever the case', () => {
    const file = join(dir, 'chosen.json');
    saveKey('http://127.0.0.1:8787', 'bob', 'hk_bobs', file);
    const key = chooseKey('http://127.0.0.1:8787', 'Zed', file);
    expect(key).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(loadKey('http://127.0.0.1:8787', 'zed', file)).toBe(key);
    expect(chooseKey('http://127.0.0.1:8787', 'other', file)).not.toBe(key);
    forgetKey('http://127.0.0.1:8787', 'ZED', file);
    expect(loadKey('http://127.0.0.1:8787', 'zed', file)).toBeUndefined();
    expect(loadKey('http://127.0.0.1:8787', 'bob', file)).toBe('hk_bobs');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
