import { describe, expect, it } from 'vitest';
import { actionLabel, genericRenderer } from '../src/render/generic.ts';
import { registry } from './fixtures/registry.ts';

describe('generic board', () => {
  it('draws the text picture and one button per legal action, each carrying its action', async () => {
    const game = (await registry.load('pebble'))!;
    const response = game.init(7);
    const html = genericRenderer.render({ slug: 'pebble', spec: game.spec, response, lastAction: undefined, replaying: false }, null);
    expect(html).toContain(response.observation.text.split('\n')[0]);
    const acts = [...html.matchAll(/data-act="([^"]*)"/g)].map((m) => JSON.parse(m[1]!.replace(/&#34;/g, '"')));
    expect(acts).toEqual(response.legalActions);
  });

  it('labels actions readably and passes typed JSON (or the raw text) to the engine', () => {
    expect(actionLabel({ type: 'move', row: 3, col: 2 })).toBe('move row 3 col 2');
    const view = {} as never;
    expect(genericRenderer.onUi?.('json', view, null, '{"type":"REST"}')).toEqual({ act: { type: 'REST' } });
    expect(genericRenderer.onUi?.('json', view, null, 'not json')).toEqual({ act: 'not json' });
  });
});
