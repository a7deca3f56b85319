import { type OkResponse, replay } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { genericController } from '../src/render/generic.ts';
import { ReplayApp } from '../src/tui/replay-app.ts';
import { createStyle, visibleWidth } from '../src/tui/style.ts';
import { walkerGame } from './fixtures/walker-game.ts';

function viewer(actions: unknown[]) {
  const responses: OkResponse[] = [];
  const r = replay(walkerGame, 1, actions, (resp) => responses.push(resp));
  return new ReplayApp({
    spec: walkerGame.spec,
    seed: 1,
    responses,
    actions,
    controller: genericController(),
    style: createStyle(false),
    ...(r.ok ? {} : { failure: `action ${r.index + 1} was refused (${r.reason}): ${r.message}` }),
  });
}

describe('ReplayApp', () => {
  const actions = [{ type: 'step', dir: 'left' }, { type: 'rest' }, { type: 'step', dir: 'left' }];

  it('steps forward and back through every position, within 80x24', async () => {
    const app = viewer(actions);
    expect(app.frame()).toHaveLength(24);
    expect(app.frame().join('\n')).toContain('step 0/3');
    expect(app.frame().join('\n')).toContain('next: step dir=left');
    await app.key({ name: 'right' });
    expect(app.frame().join('\n')).toContain('action 1: step dir=left');
    expect(app.frame()[0]).toMatch(/score 10/);
    await app.key({ name: 'end' });
    expect(app.position).toBe(3);
    expect(app.frame()[0]).toMatch(/score 20/);
    expect(app.frame().join('\n')).toContain('end of the record');
    await app.key({ name: 'right' });
    expect(app.position).toBe(3);
    await app.key({ name: 'h' });
    expect(app.position).toBe(2);
    await app.key({ name: 'home' });
    expect(app.position).toBe(0);
    for (const l of app.frame()) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    expect(await app.key({ name: 'q' })).toBe('quit');
  });

  it('shows where a record stops being legal', async () => {
    const app = viewer([
      { type: 'step', dir: 'left' },
      { type: 'step', dir: 'up' },
    ]);
    await app.key({ name: 'end' });
    expect(app.position).toBe(1);
    expect(app.frame().join('\n')).toContain('action 2 was refused (unknown_action)');
  });

  it('plays back on its own: space plays and pauses, + and - set the speed, the end stops it', async () => {
    const app = viewer(actions);
    expect(app.playing).toBe(false);
    expect(app.tick(10_000)).toBe(false); // paused: time passing moves nothing
    expect(app.position).toBe(0);
    await app.key({ name: 'space' });
    expect(app.playing).toBe(true);
    expect(app.stepsPerSecond).toBe(2);
    expect(app.frame()[0]).toContain('playing 2/s');
    expect(app.tick(499)).toBe(false);
    expect(app.tick(1)).toBe(true); // 500 ms at 2 steps a second: one step
    expect(app.position).toBe(1);
    await app.key({ name: '+' });
    expect(app.stepsPerSecond).toBe(4);
    app.tick(250);
    expect(app.position).toBe(2);
    await app.key({ name: 'space' });
    expect(app.playing).toBe(false);
    app.tick(5_000);
    expect(app.position).toBe(2);
    await app.key({ name: '-' });
    await app.key({ name: '-' });
    await app.key({ name: '-' });
    await app.key({ name: '-' });
    expect(app.stepsPerSecond).toBe(0.5); // the slowest speed holds
    await app.key({ name: 'space' });
    app.tick(60_000);
    expect(app.position).toBe(3);
    expect(app.playing).toBe(false); // stops at the last position
    await app.key({ name: 'space' }); // at the end, play starts over
    expect(app.position).toBe(0);
    expect(app.playing).toBe(true);
  });

  it('fills a larger terminal', () => {
    const app = viewer(actions);
    const frame = app.frame({ width: 120, height: 40 });
    expect(frame).toHaveLength(40);
    expect(Math.max(...frame.map(visibleWidth))).toBe(120);
  });
});
