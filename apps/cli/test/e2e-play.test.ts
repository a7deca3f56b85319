// End to end: the real bundled binary (dist/hearth.mjs) in a real pseudo-terminal (tmux, 80x24), per
// registered game: start, make legal moves, make an illegal one (the engine's refusal is shown and the
// score stays), see the score move, quit; the terminal comes back and the record verifies.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, type OkResponse, replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, scoreOf, Tmux } from './helpers/tmux.ts';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));
const SEED = 7;

/** Per game: legal keys that move the score, and an illegal key the engine refuses. */
interface Script {
  /** Keys (literal text) that make legal moves until the score moves. */
  scoring: (game: Game) => string[];
  /** A key or typed line the engine refuses. */
  illegal: string;
}

const scripts: Record<string, Script> = {
  // k steps up one row: height pays 10 per row at once. c (climb on) is not offered while climbing.
  cragwake: { scoring: () => ['k'], illegal: 'c' },
  // f fires down the lane; every column advanced pays. n (next reach) is refused while flying.
  stormlark: { scoring: () => ['f'], illegal: 'n' },
  // An angle that lights a lantern for this seed, typed at the angle prompt. 'a' + 10 is out of range.
  // (The prompt opens with the current angle selected: typing replaces it.)
  'lantern-volley': { scoring: (game) => ['a', `${scoringAngle(game)}`, '\r'], illegal: 'a10\r' },
  // Pick cat 0, move it to its first destination, then rest until it purrs in the light. n is refused by day.
  sunloaf: { scoring: () => ['0', 'a', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'], illegal: 'n' },
};

/** The first whole-degree angle whose shot scores, found in-process (the test's own engine, through the registry). */
function scoringAngle(game: Game): number {
  const init = game.init(SEED);
  for (let a = 15; a <= 165; a++) {
    const r = game.act(init.state, { type: 'SHOOT', angleDeg: a });
    if (r.ok && r.score > 0) return a;
  }
  throw new Error('no scoring angle');
}

const dir = mkdtempSync(join(tmpdir(), 'hearth-cli-e2e-'));
let tmux: Tmux | undefined;
afterEach(() => tmux?.kill());

describe.skipIf(!HAS_TMUX)('hearth play in a terminal (tmux)', () => {
  it('covers every registered game', () => {
    for (const slug of registry.slugs) expect(scripts[slug], `no e2e script for ${slug}`).toBeDefined();
  });

  for (const slug of registry.slugs) {
    it(`${slug}: start, legal moves, an illegal one, the score moves, quit`, async () => {
      const game = (await registry.load(slug))!;
      const script = scripts[slug]!;
      const record = join(dir, `${slug}.json`);
      const t = new Tmux();
      tmux = t;
      t.start(`node ${BIN} play ${slug} --seed ${SEED} --record ${record}`, { NO_COLOR: '1' });
      let screen = await t.waitFor((s) => s.includes(game.name) && s.includes('? help'), 'the play screen');
      expect(screen).toContain(`seed ${SEED}`);
      expect(screen).not.toContain('\x1b');
      const start = scoreOf(screen);
      expect(start).toBe(0);

      // An illegal action: the engine's refusal on screen, nothing changes.
      for (const ch of script.illegal) t.send(ch === '\r' ? 'Enter' : ch === '\b' ? 'BSpace' : ch, ch !== '\r' && ch !== '\b');
      screen = await t.waitFor((s) => s.includes('Refused ('), 'a refusal');
      expect(scoreOf(screen)).toBe(start);
      const refusedLine = screen.split('\n').find((l) => l.includes('Refused ('))!;
      expect(refusedLine).toMatch(/Refused \([a-z_]+\): .+/);

      // Legal moves until the score moves.
      for (const keys of script.scoring(game)) {
        const before = t.screen();
        if (keys === '\r') t.send('Enter');
        else if (keys === '\b') t.send('BSpace');
        else t.send(keys, true);
        // Every key of the scripts changes the screen (a selection, a move, a typed character): wait for it.
        await t.waitFor((s) => s !== before, `the screen to answer ${JSON.stringify(keys)}`);
        if ((scoreOf(t.screen()) ?? 0) > 0) break;
      }
      screen = await t.waitFor((s) => (scoreOf(s) ?? 0) > 0, 'the score to move');

      // Help from the spec, and back.
      t.send('?', true);
      await t.waitFor((s) => s.includes('GOAL') || s.includes('KEYS'), 'the help screen');
      t.send('q', true);
      await t.waitFor((s) => s.includes('? help   : action as JSON'), 'the play screen again');

      // Quit: q asks, y leaves; the alternate screen is gone and the shell prints the summary and exit code.
      t.send('q', true);
      await t.waitFor((s) => s.includes('Quit this game?'), 'the quit question');
      t.send('y', true);
      screen = await t.waitFor((s) => s.includes('EXIT='), 'the program to exit');
      expect(screen).toContain('EXIT=0');
      expect(screen).toMatch(new RegExp(`${game.name} seed ${SEED}: score \\d+`));
      expect(screen).not.toContain('? help');

      // The record replays to the score the program reported.
      const reported = Number(/seed \d+: score (\d+)/.exec(screen)![1]);
      expect(reported).toBeGreaterThan(0);
      const saved = JSON.parse(readFileSync(record, 'utf8'));
      expect(saved).toMatchObject({ slug, seed: SEED });
      const r = replay(game, SEED, saved.actions);
      expect(r.ok).toBe(true);
      expect(r.ok && r.score).toBe(reported);
    });
  }

  it('game over: END_RUN (E) shows the game-over box with the final score; q then leaves at once', async () => {
    // Every game whose opening position offers END_RUN (the key is E in each of their screens).
    for (const slug of registry.slugs) {
      const game = (await registry.load(slug))!;
      if (!game.init(SEED).legalActions.some((a: any) => a?.type === 'END_RUN')) continue;
      const t = new Tmux();
      tmux = t;
      t.start(`node ${BIN} play ${slug} --seed ${SEED}`, { NO_COLOR: '1' });
      await t.waitFor((s) => s.includes('? help   : action as JSON'), `the ${slug} play screen`);
      t.send('E', true);
      const over = await t.waitFor((s) => s.includes('G A M E   O V E R'), `the ${slug} game-over box`);
      expect(over).toMatch(/Final score\s+0/);
      t.send('q', true);
      const screen = await t.waitFor((s) => s.includes('EXIT='), `${slug} to exit`);
      expect(screen).toContain('EXIT=0');
      expect(screen).toContain('(game over)');
      t.kill();
    }
  });

  it('replay --play plays a record back on its own to the end; space pauses, + speeds up', async () => {
    const slug = 'stormlark';
    if (!registry.has(slug)) return;
    const game = (await registry.load(slug))!;
    // A record of 12 legal moves, made in-process.
    let r: OkResponse = game.init(SEED);
    const actions: unknown[] = [];
    for (let i = 0; i < 12 && !r.gameOver; i++) {
      const a = r.legalActions.find((x) => (x as { type?: string }).type === 'VENT') ?? r.legalActions[0];
      const next = game.act(r.state, a);
      if (!next.ok) break;
      actions.push(a);
      r = next;
    }
    const file = join(dir, 'replay.json');
    writeFileSync(file, JSON.stringify({ slug, seed: SEED, actions }));
    const t = new Tmux();
    tmux = t;
    t.start(`node ${BIN} replay ${file} --play`, { NO_COLOR: '1' });
    await t.waitFor((s) => /step [1-9]\d*\/\d+ · ▶ playing 2\/s/.test(s), 'autoplay to move on');
    t.send('space', true);
    const paused = await t.waitFor((s) => s.includes('paused 2/s'), 'the pause');
    const at = Number(/step (\d+)\//.exec(paused)![1]);
    t.send('+', true);
    await t.waitFor((s) => s.includes('paused 4/s'), 'the faster speed');
    expect(Number(/step (\d+)\//.exec(t.screen())![1])).toBe(at); // paused: the position holds
    t.send('space', true);
    await t.waitFor((s) => s.includes(`step ${actions.length}/${actions.length} · paused`), 'the end of the record');
    t.send('q', true);
    expect(await t.waitFor((s) => s.includes('EXIT='), 'the program to exit')).toContain('EXIT=0');
  });

  it('Ctrl-C leaves at once and restores the terminal (cursor shown, main screen back)', async () => {
    const slug = registry.slugs[0];
    if (!slug) return;
    const t = new Tmux();
    tmux = t;
    t.start(`node ${BIN} play ${slug} --seed 1; echo "CODE=$?"; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'`);
    await t.waitFor((s) => s.includes('? help'), 'the play screen');
    t.send('C-c');
    const screen = await t.waitFor((s) => s.includes('EXIT='), 'the program to exit');
    expect(screen).toContain('CODE=130');
    expect(screen).toMatch(/^icanon$/m); // canonical mode is back on: raw mode was undone
    expect(screen).not.toContain('? help'); // the alternate screen is gone
  });
});
