// Shared set-up of the browser suites: build the app into its own scratch folder, serve it on a loopback port,
// launch headless Chromium, and open pages that collect every error and foreign request.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildWeb } from '../build.mjs';
import { launch } from './browser.ts';
import { serveStatic } from './static-server.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const artifacts = join(here, '..', 'test-artifacts');
export const repo = join(here, '..', '..', '..');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Harness {
  url: string;
  dist: string;
  open(hash: string, viewport?: { width: number; height: number }, base?: string): Promise<Page>;
  close(): Promise<void>;
  browser: Awaited<ReturnType<typeof launch>>;
}

/** Errors a page reported (page errors, console errors, requests to another origin). */
export const errorsOf = (page: Page) => (page as unknown as { errors: string[] }).errors;

export async function startHarness(name: string): Promise<Harness> {
  mkdirSync(artifacts, { recursive: true });
  const dist = join(artifacts, `dist-${name}`);
  await buildWeb({ outdir: dist });
  const server = await serveStatic(dist);
  const browser = await launch();
  return {
    url: server.url,
    dist,
    browser,
    async open(hash, viewport = DESKTOP, base = server.url) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
      page.on('request', (r) => !r.url().startsWith(base) && !r.url().startsWith('data:') && errors.push(`fetched ${r.url()}`));
      (page as unknown as { errors: string[] }).errors = errors;
      await page.goto(`${base}${hash}`);
      await page.waitForSelector(
        '#board[data-ready="true"], main.board-page:not(:has(.loading)), main.home:not(:has(.loading)), .message[data-kind="refusal"]',
      );
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Waits until every queued input has been answered. */
export const idle = (page: Page) => page.waitForSelector('#board[data-pending="0"]', { state: 'attached' });

/** The element's box lies inside the viewport (no scrolling needed to see it). */
export async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

/**
 * Closes the tab as a player would, its beforeunload handlers run: 'asked' when the browser put up its "leave this
 * site?" prompt (dismissed here, so the tab stays open), 'closed' when the tab closed without asking.
 */
export async function closeTab(page: Page): Promise<'asked' | 'closed'> {
  const outcome = new Promise<'asked' | 'closed'>((resolve) => {
    page.on('dialog', (d) => {
      if (d.type() !== 'beforeunload') return;
      resolve('asked');
      void d.dismiss();
    });
    page.once('close', () => resolve('closed'));
  });
  await page.close({ runBeforeUnload: true });
  return outcome;
}
