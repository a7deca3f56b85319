// Keys -> actions for the games' own screens, in-process against the registered engines.

import type { Key } from '@hearth/engine/terminal';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { controllerFor } from '../src/render/index.ts';
import { localSession } from '../src/session.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle } from '../src/tui/style.ts';

const k = (name: string): Key => ({ name });

async function app(slug: string, seed = 7) {
  const game = (await registry.load(slug))!;
  return new PlayApp({ session: localSession(game, seed), controller: controllerFor(slug), style: createStyle(false) });
}

describe.skipIf(!registry.has('lantern-volley'))('Lantern Volley aiming', () => {
  it('arrows adjust by 1°, H/L by 5°, , and . by 0.1°, 0 resets; Enter shoots that angle', async () => {
    const a = await app('lantern-volley');
    for (const name of ['left', 'left', 'L', ',', ',', ',', '.']) await a.key(k(name));
    expect(a.frame().join('\n')).toContain('87.2°');
    await a.key(k('enter'));
    expect(a.actionsSoFar).toEqual([{ type: 'SHOOT', angleDeg: 87.2 }]);
    await a.key(k('0'));
    expect(a.frame().join('\n')).toContain('SHOOT at 90.0°');
    for (let i = 0; i < 40; i++) await a.key(k('L'));
    expect(a.frame().join('\n')).toContain('SHOOT at 15.0°'); // clamped to the grammar's range
  });

  it('the angle prompt opens with the current angle selected: typing replaces it, arrows adjust it', async () => {
    const a = await app('lantern-volley');
    await a.key(k('a'));
    expect(a.frame().join('\n')).toContain('Angle in degrees (15 to 165): 90.0');
    for (const ch of '70') await a.key(k(ch));
    await a.key(k('enter'));
    expect(a.actionsSoFar).toEqual([{ type: 'SHOOT', angleDeg: 70 }]);
    await a.key(k('a'));
    await a.key(k('up'));
    await a.key(k('enter'));
    expect(a.actionsSoFar[1]).toEqual({ type: 'SHOOT', angleDeg: 70.1 });
    await a.key(k('a'));
    await a.key(k('backspace'));
    for (const ch of '10') await a.key(k(ch));
    await a.key(k('enter'));
    expect(a.actionsSoFar).toHaveLength(2); // refused by the engine: out of range
    expect(a.frame().join('\n')).toContain('Refused (');
  });
});

describe.skipIf(!registry.has('sunloaf'))('Sunloaf cat moves', () => {
  it('a cat id picks the cat, a letter moves it to the lettered tile (the first of its legal moves)', async () => {
    const a = await app('sunloaf');
    const first = a.currentSession.current.legalActions[0] as { type: string; cat: number; tile: number };
    expect(first.type).toBe('MOVE');
    await a.key(k(String(first.cat)));
    expect(a.frame().join('\n')).toContain(`move cat ${first.cat} there`);
    await a.key(k('a'));
    expect(a.actionsSoFar).toEqual([first]);
    expect(a.frame().join('\n')).toContain('pick a cat'); // the selection ends with the move
    await a.key(k('r'));
    expect(a.actionsSoFar[1]).toEqual({ type: 'REST' });
  });
});

describe.skipIf(!registry.has('cragwake'))('Cragwake steps', () => {
  it('k steps up one row (row counts upward), and a key drawn on the wall takes that move', async () => {
    const a = await app('cragwake');
    const s0 = a.currentSession.current.state as { row: number; col: number };
    await a.key(k('k'));
    expect(a.actionsSoFar[0]).toEqual({ type: 'move', row: s0.row + 1, col: s0.col });
    const legal = a.currentSession.current.legalActions.filter((x: any) => x.type === 'move');
    await a.key(k('1'));
    expect(a.actionsSoFar[1]).toEqual(legal[0]);
  });
});

describe.skipIf(!registry.has('stormlark'))('Stormlark keys', () => {
  it('f fires, j moves down, n (next reach) in flight is refused with the engine message', async () => {
    const a = await app('stormlark');
    await a.key(k('f'));
    await a.key(k('j'));
    expect(a.actionsSoFar).toEqual([{ type: 'FIRE' }, { type: 'DOWN' }]);
    await a.key(k('n'));
    expect(a.actionsSoFar).toHaveLength(2);
    expect(a.frame().join('\n')).toMatch(/Refused \([a-z_]+\)/);
  });
});

describe.skipIf(!registry.has('stormlark'))('what happened: the engine recap on the message line', () => {
  it('Stormlark says when hull is lost, in the message and the panel', async () => {
    // Vent in the craft's lane until something hits it (the recap's hull_lost item), over a few seeds.
    let seen = false;
    for (let seed = 1; seed <= 20 && !seen; seed++) {
      const a = await app('stormlark', seed);
      for (let t = 0; t < 60 && !a.currentSession.current.gameOver; t++) {
        const before = a.currentSession.current.observation.hull as number;
        await a.key(k('v'));
        const after = a.currentSession.current.observation.hull as number;
        if (after < before) {
          const screen = a.frame().join('\n');
          expect(screen).toContain(`hull ${before} → ${after}`);
          expect(screen).toContain('hull lost!');
          seen = true;
          break;
        }
      }
    }
    expect(seen).toBe(true);
  });

  it('every game: an accepted action puts the recap text on screen', async () => {
    for (const slug of registry.slugs) {
      const a = await app(slug);
      const legal = a.currentSession.current.legalActions;
      const action = legal.find((x) => !/end_?run/i.test(String((x as { type?: unknown }).type))) ?? { type: 'SHOOT', angleDeg: 60 };
      const game = (await registry.load(slug))!;
      const init = game.init(7);
      const next = game.act(init.state, action, { recap: true });
      if (!next.ok) throw new Error(`${slug}: ${next.message}`);
      await a.key(k(':'));
      for (const ch of JSON.stringify(action)) await a.key(k(ch === ' ' ? 'space' : ch));
      await a.key(k('enter'));
      const text = (next.recap as { text: string }).text;
      const screen = a.frame({ width: 120, height: 40 }).join(' ').replace(/\s+/g, ' ');
      expect(screen, slug).toContain(text.replace(/\s+/g, ' '));
    }
  });
});
