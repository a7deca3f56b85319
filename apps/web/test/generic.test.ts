import { checkLook, type Look, type OkResponse, type Spec } from '@hearth/engine';
import { registry as testRegistry } from '@hearth/games/testing';
import { describe, expect, it } from 'vitest';
import { actionLabel, genericRenderer } from '../src/render/generic.ts';
import { registry } from './fixtures/registry.ts';
import { actsIn } from './view.ts';

/** The real Pebble's look (packages/pebble/src/look.ts): a 5x5 grid, pieces in the observation's cell fields. */
async function pebbleLook(): Promise<Look> {
  const look = (await testRegistry.load('pebble'))?.spec.look;
  if (!look) throw new Error('the test registry has no Pebble with a look');
  return look;
}

describe('generic board', () => {
  it('without a look: draws the text picture and one button per legal action, each carrying its action', async () => {
    const game = (await registry.load('pebble'))!;
    const response = game.init(7);
    // Pebble has a look; a game without one (spec.look absent) falls back to its text picture and action buttons
    const spec = { ...game.spec, look: undefined } as Spec;
    const html = genericRenderer.render({ slug: 'pebble', spec, response, lastAction: undefined, replaying: false }, null);
    expect(html).toContain(response.observation.text.split('\n')[0]);
    const acts = [...html.matchAll(/data-act="([^"]*)"/g)].map((m) => JSON.parse(m[1]!.replace(/&#34;/g, '"')));
    expect(acts).toEqual(response.legalActions);
  });

  it('draws a grid game from its look alone: cells, pieces, cell picks as clickable cells, other actions as buttons', async () => {
    const look = await pebbleLook();
    expect(checkLook(look)).toBeNull();
    const game = (await registry.load('pebble'))!;
    const response: OkResponse = game.init(7);
    const obs = response.observation as unknown as { at: number; pebbles: number[] };
    const cellOf = (i: number) => ({ row: Math.floor(i / 5), col: i % 5 });
    const spec = { ...game.spec, look } as Spec;
    const html = genericRenderer.render({ slug: 'pebble', spec, response, lastAction: undefined, replaying: false }, null);
    expect(html).toContain('class="board-svg look-grid"');
    expect(html).not.toContain('board-text');
    expect(html.match(/<g class="cell/g)).toHaveLength(25);
    // every legal action is reachable: the moves on their cells, END as a button with the look's label
    expect(actsIn(html)).toEqual(expect.arrayContaining(response.legalActions));
    expect(actsIn(html)).toHaveLength(response.legalActions.length);
    const moves = response.legalActions.filter((a) => (a as { type: string }).type === 'move') as { cell: number }[];
    expect(html.match(/<g class="cell target"/g)).toHaveLength(moves.length);
    for (const m of moves) expect(html).toContain(`data-key="cell-${cellOf(m.cell).row},${cellOf(m.cell).col}"`);
    expect(html).toMatch(new RegExp(`<button type="button" data-act="[^"]*end[^"]*"[^>]*>${look.actions.end?.label}</button>`));
    expect(html.match(/data-kind="pebble"/g)?.length).toBeGreaterThanOrEqual(obs.pebbles.length);
    expect(html).toContain('row 3, col 3, you');
    expect(html).toContain('rows 1–5 count from the top, columns 1–5 from the left');
  });

  it('labels actions readably and passes typed JSON (or the raw text) to the engine', () => {
    expect(actionLabel({ type: 'move', row: 3, col: 2 })).toBe('move row 3 col 2');
    const view = {} as never;
    expect(genericRenderer.onUi?.('json', view, null, '{"type":"REST"}')).toEqual({ act: { type: 'REST' } });
    expect(genericRenderer.onUi?.('json', view, null, 'not json')).toEqual({ act: 'not json' });
  });
});
