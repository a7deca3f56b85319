// The API's seed rule is @hearth/rng's parseSeedText (the server's ?seed= reads a given seed with it).
import { parseSeedText as parseSeedParam } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { decodeActions, encodeActions, formatRoute, parseRoute, parseSeed, readSeed, SEED_WORDS } from '../src/route.ts';

describe('hash routes', () => {
  it('reads home, a game with a seed, a replay, a leaderboard and a run', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
    expect(parseRoute('#/cragwake?seed=7')).toEqual({ page: 'game', slug: 'cragwake', seed: 7, replay: undefined });
    expect(parseRoute('#/lantern-volley')).toEqual({ page: 'game', slug: 'lantern-volley', seed: undefined, replay: undefined });
    const actions = [{ type: 'SHOOT', angleDeg: 87.5 }, { type: 'move', row: 1, col: 3 }, { type: 'naïve ✓' }];
    const hash = formatRoute({ page: 'game', slug: 'sunloaf', seed: 4294967295, replay: actions });
    expect(hash).toMatch(/^#\/sunloaf\?seed=4294967295&replay=[A-Za-z0-9_-]+$/);
    expect(parseRoute(hash)).toEqual({ page: 'game', slug: 'sunloaf', seed: 4294967295, replay: actions });
    expect(parseRoute('#/leaderboard/stormlark')).toEqual({ page: 'leaderboard', slug: 'stormlark' });
    expect(parseRoute('#/run/r_12-ab?online=1')).toEqual({ page: 'run', id: 'r_12-ab', online: true });
    expect(parseRoute(formatRoute({ page: 'run', id: 'abc' }))).toEqual({ page: 'run', id: 'abc' });
    expect(parseRoute('#/leaderboard/stormlark?board=challenge')).toEqual({ page: 'leaderboard', slug: 'stormlark', board: 'challenge' });
    expect(parseRoute('#/leaderboard/stormlark?board=nope')).toEqual({ page: 'leaderboard', slug: 'stormlark' });
  });

  it('reads a scorecard page and the models board, and writes them back', () => {
    expect(parseRoute('#/scorecards/sc_AbC-12_x')).toEqual({ page: 'scorecard', id: 'sc_AbC-12_x' });
    expect(parseRoute('#/agents')).toEqual({ page: 'agents' });
    expect(parseRoute('#/agents?challenge=season-2&online=1')).toEqual({ page: 'agents', challenge: 'season-2', online: true });
    expect(parseRoute('#/agents?challenge=Bad!')).toEqual({ page: 'agents' });
    expect(parseRoute('#/scorecards/a/b').page).toBe('unknown');
    for (const hash of ['#/scorecards/sc_AbC-12_x', '#/agents?challenge=season-2', '#/agents?online=1'])
      expect(formatRoute(parseRoute(hash))).toBe(hash);
  });

  it('carries a game in progress as play=<actions>, which a replay parameter outranks', () => {
    const actions = [{ type: 'UP' }, { type: 'FIRE' }];
    const hash = formatRoute({ page: 'game', slug: 'stormlark', seed: 5, replay: undefined, play: actions });
    expect(hash).toMatch(/^#\/stormlark\?seed=5&play=[A-Za-z0-9_-]+$/);
    expect(parseRoute(hash)).toEqual({ page: 'game', slug: 'stormlark', seed: 5, replay: undefined, play: actions });
    // no actions yet: no play parameter
    expect(formatRoute({ page: 'game', slug: 'stormlark', seed: 5, replay: undefined, play: [] })).toBe('#/stormlark?seed=5');
    expect(parseRoute('#/stormlark?seed=5&play=!!!')).toMatchObject({ badReplay: true, seed: 5 });
  });

  it('calls every path it does not know unknown (never the home page), and marks a replay parameter that does not decode', () => {
    for (const path of ['../etc', 'Caps', 'play/nope', 'leaderboard/Cragwake', `run/${'a'.repeat(80)}`, 'a/b/c'])
      expect(parseRoute(`#/${path}`), path).toEqual({ page: 'unknown', path });
    expect(parseRoute('#/x?seed=abc')).toMatchObject({ seed: undefined, seedError: { text: 'abc', message: SEED_WORDS } });
    expect(parseRoute('#/x?seed=7&replay=!!!')).toEqual({ page: 'game', slug: 'x', seed: 7, replay: undefined, badReplay: true });
    expect(decodeActions('!!!')).toBeUndefined();
    expect(decodeActions(encodeActions([]))).toEqual([]);
    // a valid encoding of something that is not an array is not a replay
    expect(decodeActions(encodeActions({ a: 1 } as unknown as unknown[]))).toBeUndefined();
  });

  it('reads seeds exactly as the API does: the same refusals, the same wrapping to u32', () => {
    const table = [
      'abc',
      '1e3',
      '',
      '4294967296',
      '-1',
      '0',
      ' 12 ',
      '1.5',
      '9007199254740991',
      '-9007199254740991',
      '9007199254740992',
      '+5',
      '0x10',
      '00042',
    ];
    for (const text of table) {
      const api = parseSeedParam(text.trim());
      const page = readSeed(text);
      expect(page.ok, `"${text}"`).toBe(api.ok);
      if (api.ok && page.ok) expect(page.seed, `"${text}"`).toBe(api.seed);
    }
    expect(parseSeed('-1')).toBe(4294967295);
    expect(parseSeed('4294967296')).toBe(0);
    expect(parseSeed('abc')).toBeUndefined();
    expect(readSeed('')).toMatchObject({ ok: false, message: expect.stringContaining('seed must be an integer') });
  });
});
