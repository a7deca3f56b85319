import type { Key } from '@hearth/engine/terminal';
import { describe, expect, it } from 'vitest';
import { genericController } from '../src/render/generic.ts';
import { localSession } from '../src/session.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle, stripAnsi, visibleWidth } from '../src/tui/style.ts';
import { walkerGame } from './fixtures/walker-game.ts';

const k = (name: string, ctrl = false): Key => ({ name, ctrl });

function app(seed = 1, colour = false) {
  const recorded: unknown[][] = [];
  const a = new PlayApp({
    session: localSession(walkerGame, seed),
    controller: genericController(),
    style: createStyle(colour),
    onAccepted: (actions) => recorded.push([...actions]),
    restart: async (s) => localSession(walkerGame, s ?? 99),
  });
  return { a, recorded, text: () => a.frame().join('\n') };
}

async function type(a: PlayApp, text: string) {
  for (const ch of text) await a.key(k(ch === ' ' ? 'space' : ch));
}

describe('PlayApp with the fixture game', () => {
  it('draws exactly 24 lines of at most 80 columns, with and without colour', () => {
    for (const colour of [false, true]) {
      const lines = app(1, colour).a.frame();
      expect(lines).toHaveLength(24);
      for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    }
    expect(app(1, false).text()).not.toContain('\x1b');
    expect(app(1, true).text()).toContain('\x1b[');
  });

  it('offers the legal actions by number and plays one, moving the score', async () => {
    const { a, recorded, text } = app(1);
    expect(text()).toContain('1 step dir=left');
    expect(text()).toContain('3 rest');
    await a.key(k('1'));
    expect(a.currentSession.current.score).toBe(10);
    expect(text()).toContain('+10 points');
    expect(text()).toMatch(/score 10/);
    expect(recorded).toEqual([[{ type: 'step', dir: 'left' }]]);
  });

  it("shows the engine's refusal message and changes nothing", async () => {
    const { a, text } = app(1);
    await a.key(k(':'));
    await type(a, '{"type":"step","dir":"up"}');
    await a.key(k('enter'));
    expect(text()).toContain('Refused (unknown_action)');
    expect(a.actionsSoFar).toHaveLength(0);
    await a.key(k(':'));
    await type(a, 'not json');
    await a.key(k('enter'));
    expect(text()).toContain('not JSON');
    await a.key(k('escape'));
    // walk to the wall, then into it
    for (let i = 0; i < 3; i++) await a.key(k('1'));
    await a.key(k(':'));
    await type(a, '{"type":"step","dir":"left"}');
    await a.key(k('enter'));
    expect(text()).toContain('Refused (wall): a wall is in the way');
    expect(a.actionsSoFar).toHaveLength(3);
  });

  it('help screen comes from the spec and scrolls back to the game', async () => {
    const { a, text } = app(1);
    await a.key(k('?'));
    expect(text()).toContain('GOAL');
    expect(text()).toContain('Pick up gems within eight turns.');
    await a.key(k('down'));
    await a.key(k('q'));
    expect(text()).toContain('1 step dir=left');
  });

  it('ends with a game-over screen with the final score, and restarts', async () => {
    const { a, text } = app(1);
    for (let i = 0; i < 8; i++) await a.key(k('3'));
    expect(a.currentSession.current.gameOver).toBe(true);
    expect(text()).toContain('G A M E   O V E R');
    expect(text()).toMatch(/Final score\s+0/);
    await a.key(k('v'));
    expect(text()).not.toContain('G A M E   O V E R');
    await a.key(k('n'));
    expect(a.currentSession.seed).toBe(99);
    expect(a.actionsSoFar).toHaveLength(0);
    expect(stripAnsi(text())).toContain('seed 99');
    for (let i = 0; i < 8; i++) await a.key(k('3'));
    expect(await a.key(k('q'))).toBe('quit');
  });

  it('asks before quitting a running game; Ctrl-C quits at once', async () => {
    const { a, text } = app(1);
    expect(await a.key(k('q'))).toBe('continue');
    expect(text()).toContain('Quit this game?');
    expect(await a.key(k('x'))).toBe('continue');
    expect(await a.key(k('q'))).toBe('continue');
    expect(await a.key(k('y'))).toBe('quit');
    expect(await app(1).a.key(k('c', true))).toBe('quit');
  });
});
