import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/index.ts';
import { setupBackends } from './backends.ts';

const backends = await setupBackends();
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await backends.dispose();
});

describe.each(backends.list.map((b) => [b.name, b] as const))('game sessions on %s', (_name, backend) => {
  const open = async () => {
    const s = await backend.open();
    stores.push(s);
    return s;
  };

  it('create, get, update with optimistic versions, delete', async () => {
    const store = await open();
    const created = await store.games.create({
      id: 'g1',
      owner: 'sess-a',
      slug: 'cragwake',
      seed: 7,
      wire: '{"s":1}',
      actions: [],
      turns: 0,
      now: 1000,
    });
    expect(created).toMatchObject({
      id: 'g1',
      owner: 'sess-a',
      slug: 'cragwake',
      seed: 7,
      version: 1,
      turns: 0,
      createdAt: 1000,
      updatedAt: 1000,
    });
    expect(await store.games.get('g1')).toEqual(created);
    expect(await store.games.get('missing')).toBeNull();

    expect(await store.games.update('g1', { wire: '{"s":2}', actions: [{ type: 'a' }], turns: 1, now: 2000 }, 1)).toBe(true);
    // The version moved on: a writer holding version 1 loses and nothing changes.
    expect(await store.games.update('g1', { wire: '{"s":9}', actions: [], turns: 9 }, 1)).toBe(false);
    const after = await store.games.get('g1');
    expect(after).toMatchObject({ wire: '{"s":2}', actions: [{ type: 'a' }], turns: 1, version: 2, createdAt: 1000, updatedAt: 2000 });
    expect(await store.games.update('missing', { wire: '', actions: [], turns: 0 }, 1)).toBe(false);

    expect(await store.games.delete('g1')).toBe(true);
    expect(await store.games.delete('g1')).toBe(false);
    expect(await store.games.get('g1')).toBeNull();
  });

  it('a second create with the same id is refused', async () => {
    const store = await open();
    await store.games.create({ id: 'dup', owner: 'a', slug: 'sunloaf', seed: 1, wire: 'x', actions: [], turns: 0 });
    await expect(
      store.games.create({ id: 'dup', owner: 'b', slug: 'sunloaf', seed: 1, wire: 'y', actions: [], turns: 0 }),
    ).rejects.toThrow();
    expect((await store.games.get('dup'))?.owner).toBe('a');
  });

  it('concurrent updates from one version: exactly one wins', async () => {
    const store = await open();
    await store.games.create({ id: 'race', owner: 'a', slug: 'stormlark', seed: 3, wire: 'w0', actions: [], turns: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.games.update('race', { wire: `w${i + 1}`, actions: [i], turns: 1 }, 1)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const s = await store.games.get('race');
    expect(s?.version).toBe(2);
    expect(s?.wire).toBe(`w${results.indexOf(true) + 1}`);
  });

  it('purgeIdle deletes exactly the sessions idle since before the cut-off', async () => {
    const store = await open();
    for (const [id, at] of [
      ['old1', 100],
      ['old2', 199],
      ['edge', 200],
      ['new', 300],
    ] as const) {
      await store.games.create({ id: `p-${id}`, owner: 'o', slug: 'cragwake', seed: 1, wire: '', actions: [], turns: 0, now: at });
    }
    expect(await store.games.purgeIdle(200)).toBe(2);
    expect(await store.games.get('p-old1')).toBeNull();
    expect(await store.games.get('p-edge')).not.toBeNull();
    expect(await store.games.get('p-new')).not.toBeNull();
    expect(await store.games.purgeIdle(200)).toBe(0);
  });

  it('sessions survive closing and reopening the database', async () => {
    const first = await backend.open();
    await first.games.create({ id: 'keep', owner: 'o', slug: 'cragwake', seed: 5, wire: 'state', actions: [1, 2], turns: 2 });
    await first.close();
    const second = await open();
    expect(await second.games.get('keep')).toMatchObject({ wire: 'state', actions: [1, 2], turns: 2, version: 1 });
    expect((await second.health()).ok).toBe(true);
  });
});
