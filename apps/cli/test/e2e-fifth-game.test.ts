// The fifth game in a real terminal (tmux): Pebble, registered only in the test registry (@hearth/games/testing),
// in a CLI bundle built with HEARTH_REGISTRY as CONTRIBUTING.md describes, with no line of the CLI written for it.
// The generic screen draws it from its spec.look alone (the numbered grid, the pawn and pebbles by the look's
// glyphs, the key of every legal move on the cell it picks); a move's key picks up a pebble, END ends the game.
// The test fails if the CLI needs a change to play a new game.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OkResponse } from '@hearth/engine';
import { PICK_KEYS } from '@hearth/engine/terminal';
import { registry as testRegistry } from '@hearth/games/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, scoreOf, Tmux } from './helpers/tmux.ts';

const SLUG = 'pebble';
const SEED = 7;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'hearth-cli-fifth-'));
let tmux: Tmux | undefined;
afterEach(() => tmux?.kill());

describe.skipIf(!HAS_TMUX || !testRegistry.has(SLUG))('a fifth game in the terminal, from its look alone (tmux)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'apps', 'cli', 'scripts', 'build.mjs'), out], {
      env: { ...process.env, HEARTH_REGISTRY: join(root, 'packages', 'games', 'src', 'testing.ts') },
      stdio: 'ignore',
    });
  }, 180_000);

  it('draws the grid from the look, a move key picks up a pebble, END ends the game', async () => {
    const game = (await testRegistry.load(SLUG))!;
    const look = game.spec.look!;
    const kind = (id: string) => look.kinds.find((k) => k.id === id)!;
    const start: OkResponse = game.init(SEED);
    const pebbles = (start.observation as unknown as { pebbles: number[] }).pebbles;
    const index = start.legalActions.findIndex(
      (a) => (a as { type: string }).type === 'move' && pebbles.includes((a as { cell: number }).cell),
    );
    expect(index, `seed ${SEED} has a pebble next to the start`).toBeGreaterThanOrEqual(0);
    const end = start.legalActions.findIndex((a) => (a as { type: string }).type === 'end');

    const t = new Tmux();
    tmux = t;
    t.start(`node ${join(out, 'hearth.mjs')} play ${SLUG} --seed ${SEED}`, { NO_COLOR: '1' });
    let screen = await t.waitFor((s) => s.includes(game.spec.name) && s.includes('? help'), 'the play screen');
    // the grid (rows 1..5 numbered, the look's glyphs), not the observation's text picture
    const rows = screen.split('\n').filter((l) => /^\s*[1-5] │/.test(l));
    expect(rows, screen).toHaveLength(5);
    expect(screen).toContain(kind('pawn').glyph);
    expect(rows.join('\n').split(kind('pebble').glyph).length - 1).toBe(pebbles.length);
    // the move's key is drawn on its cell, the END action listed with the look's label
    expect(rows.join('\n')).toContain(`${PICK_KEYS[index]}${kind('pebble').glyph}`);
    expect(screen).toContain(`${PICK_KEYS[end]} ${look.actions.end!.label}`);
    expect(scoreOf(screen)).toBe(0);

    screen = await t.press(PICK_KEYS[index]!, (s) => scoreOf(s) === 10, 'the pebble picked up');
    // the pawn moved: one pebble fewer on the board
    const after = screen.split('\n').filter((l) => /^\s*[1-5] │/.test(l));
    expect(after.join('\n').split(kind('pebble').glyph).length - 1).toBe(pebbles.length - 1);

    // END's key after that move (the listed moves changed with the pawn)
    const next = game.act(start.state, start.legalActions[index]);
    const endKey = next.ok ? PICK_KEYS[next.legalActions.findIndex((a) => (a as { type: string }).type === 'end')] : undefined;
    expect(endKey).toBeDefined();
    screen = await t.press(endKey!, (s) => s.includes('G A M E   O V E R'), 'the game-over box');
    expect(screen).toMatch(/Final score\s+10/);
    t.send('q', true);
    screen = await t.waitFor((s) => s.includes('EXIT='), 'the program to exit');
    expect(screen).toContain('EXIT=0');
  });
});
