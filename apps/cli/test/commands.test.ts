// The non-interactive commands through the bundled binary: list, spec, verify (and its failures), usage errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-cmd-'));

describe('commands', () => {
  it('--help answers every command with its usage (exit 0), never "unknown option"', () => {
    for (const args of [
      ['list'],
      ['spec', 'x'],
      ['play', 'x'],
      ['replay', 'f'],
      ['verify', 'f'],
      ['submit', 'f'],
      ['leaderboard', 'x'],
      ['scorecard', 'open'],
      ['scorecard', 'compare'],
      ['agent', 'run'],
      ['agent', 'prompts'],
      ['mcp'],
      ['sim'],
    ]) {
      const r = run(...args, '--help');
      expect(r.status, `${args.join(' ')} --help: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(new RegExp(`hearth ${args[0]}|usage`, 'i'));
      expect(r.stderr, args.join(' ')).not.toContain('unknown option');
    }
  });

  it('list names every registered game, as text and JSON', () => {
    const text = run('list');
    expect(text.status).toBe(0);
    for (const slug of registry.slugs) expect(text.stdout).toContain(slug);
    const json = JSON.parse(run('list', '--json').stdout);
    expect(json.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
  });

  it('spec prints the rules and, with --json, the served spec', async () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const text = run('spec', slug);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('ACTION GRAMMAR');
    for (const s of registry.slugs) {
      const game = (await registry.load(s))!;
      expect(JSON.parse(run('spec', s, '--json').stdout)).toEqual(JSON.parse(JSON.stringify(game.spec)));
    }
  });

  it('verify reports a refused action with exit code 1, and bad records and usage clearly', () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ slug, seed: 1, actions: [{ type: 'no such action' }] }));
    const r = run('verify', bad, '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, index: 0, reason: 'unknown_action' });
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"slug": 3}');
    expect(run('verify', broken).stderr).toContain('slug must be a string');
    expect(run('play', 'no-such-game', '--json').stderr).toContain('unknown game "no-such-game"');
    expect(run('play', slug, '--seed', '-4').status).toBe(2);
    expect(run('play', slug, '--colour').stderr).toContain('unknown option --colour');
    expect(run('play', slug, '--seeed', '3').stderr).toContain('did you mean --seed?');
    expect(run('frobnicate').status).toBe(2);
  });

  it('sim runs through the bundled worker (dist/sim-worker.mjs) and prints one JSONL line per seed', () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const r = run('sim', 'run', '--game', slug, '--policy', 'random', '--seeds', '1..3', '--workers', '1', '--max-turns', '20', '--quiet');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.seed)).toEqual([1, 2, 3]);
    for (const l of lines) expect(l).toMatchObject({ game: slug, policy: 'random' });
  });

  it('sim refuses a misspelled option with a hint instead of running without it', () => {
    const r = run('sim', 'run', '--game', 'cragwake', '--policy', 'random', '--seeds', '1..2', '--max-turn', '5');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option --max-turn; did you mean --max-turns?');
    expect(r.stdout).toBe('');
  });

  it('play without a terminal points to --json', () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const r = spawnSync(process.execPath, [BIN, 'play', slug], { encoding: 'utf8', input: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--json');
  });
});
