// The fifth game in headless Chromium: Pebble, registered only in the test registry (@hearth/games/testing,
// put in place of @hearth/games at build time as CONTRIBUTING.md describes), with no line of the app written for
// it. The page draws it from its spec.look alone (the generic grid board: cells, pieces, moves as clickable
// cells, END as a button with the look's label), a move picks up a pebble, END ends the game. The test fails if
// the app needs a change to play a new game.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OkResponse } from '@hearth/engine';
import { registry as testRegistry } from '@hearth/games/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../build.mjs';
import { chromiumMissing, launch } from './browser.ts';
import { artifacts, repo } from './harness.ts';
import { serveStatic } from './static-server.ts';

const SLUG = 'pebble';
const SEED = 7;

describe.skipIf(chromiumMissing !== undefined || !testRegistry.has(SLUG))('a fifth game in the web app, from its look alone', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    const dist = join(artifacts, 'dist-fifth-game');
    await buildWeb({ outdir: dist, registry: join(repo, 'packages', 'games', 'src', 'testing.ts') });
    server = await serveStatic(dist);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(hash: string, ready = '#board[data-ready="true"]'): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
    await page.goto(`${server.url}${hash}`);
    await page.waitForSelector(ready);
    return { page, errors };
  }

  it('is listed, drawn from its look, played by clicking a cell, and ended with its END button', async () => {
    const game = (await testRegistry.load(SLUG))!;
    const look = game.spec.look;
    expect(look?.board.shape, 'Pebble describes its board as a grid').toBe('grid');
    // a move onto a pebble, found in-process: the cell it names is the one to click
    const start: OkResponse = game.init(SEED);
    const pebbles = (start.observation as unknown as { pebbles: number[] }).pebbles;
    const move = start.legalActions.find(
      (a) => (a as { type: string }).type === 'move' && pebbles.includes((a as { cell: number }).cell),
    ) as { type: 'move'; cell: number } | undefined;
    expect(move, `seed ${SEED} has a pebble next to the start`).toBeDefined();
    const row = Math.floor(move!.cell / 5);
    const col = move!.cell % 5;

    const home = await open('#/', 'main.home:not(:has(.loading))');
    expect(await home.page.textContent('body')).toContain(game.spec.name);
    await home.page.close();

    const { page, errors } = await open(`#/${SLUG}?seed=${SEED}`);
    // the generic grid board, not the text picture
    expect(await page.$('#board svg.look-grid')).not.toBeNull();
    expect(await page.$('#board .board-text')).toBeNull();
    expect(await page.$$eval('#board svg.look-grid g.cell', (cells) => cells.length)).toBe(25);
    expect(await page.$$eval('#board svg.look-grid [data-kind="pebble"]', (p) => p.length)).toBe(pebbles.length);
    const moves = start.legalActions.filter((a) => (a as { type: string }).type === 'move').length;
    expect(await page.$$eval('#board g.cell.target', (cells) => cells.length)).toBe(moves);
    expect(await page.textContent('#board .legend')).toContain('pebble');

    await page.click(`#board g.cell.target[data-key="cell-${row},${col}"]`);
    await page.waitForSelector('#score[data-score="10"]');
    // the pawn now stands on the clicked cell, named as the look names cells
    expect(await page.$(`#board g.cell[aria-label="row ${row + 1}, col ${col + 1}, you"]`)).not.toBeNull();

    const end = look?.actions.end?.label ?? 'end';
    await page.click(`#board button:has-text("${end}")`);
    await page.waitForSelector('#over:not([hidden]) .over-card');
    expect(await page.textContent('#message')).toMatch(/^Game over: final score 10/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
