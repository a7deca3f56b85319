import { mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenVariants,
  type CheckOptions,
  checkCorruptedStates,
  checkDeterminism,
  checkJsonRoundTrip,
  checkJunkRefused,
  checkLegalAccepted,
  checkMutations,
  checkNoMutation,
  checkRandomPlay,
  checkRecapAndOptions,
  checkServedSchemas,
  checkStepEvents,
  checkSummary,
  checkTensor,
  defaultCheckOptions,
  probeStates,
  readGoldens,
  runConformance,
  verifyGolden,
  writeGolden,
} from '../src/index.ts';
import { walkGame, walkTensorOf } from './fixture-game.ts';

const o: CheckOptions = { ...defaultCheckOptions, seeds: 20, maxTurns: 40, probeStates: 40 };

// The sound fixture passes the whole suite, registered exactly as a game package would.
runConformance({
  label: 'walk fixture',
  load: async () => walkGame(),
  seeds: 30,
  maxTurns: 40,
  mutation: { fields: ['score', 'pos', 'turn'], count: 3000 },
  tensorOf: walkTensorOf,
});

describe('the kit catches each defect (a check that cannot fail is a defect)', () => {
  const sound = walkGame();
  const soundStates = probeStates(sound, o);

  it('passes the sound fixture on every check', () => {
    expect(checkLegalAccepted(sound, soundStates)).toEqual([]);
    expect(checkJunkRefused(sound, soundStates, o)).toEqual([]);
    expect(checkDeterminism(sound, o)).toEqual([]);
    expect(checkJsonRoundTrip(sound, soundStates, o)).toEqual([]);
    expect(checkNoMutation(sound, soundStates, o)).toEqual([]);
    expect(checkCorruptedStates(sound, soundStates, o)).toEqual([]);
    expect(checkRandomPlay(sound, o).problems).toEqual([]);
  });

  it('legalActions that lists an illegal action', () => {
    const g = walkGame('lists-illegal');
    // Walk to the right edge so the lie shows: probe states include pos 19 only if we get there; build it.
    const at19 = g.view({ seed: 1, pos: 19, turn: 3, score: 0, taken: [], over: false });
    expect(checkLegalAccepted(g, [at19]).join()).toMatch(/refused/);
  });
  it('a parser that accepts junk', () => {
    const g = walkGame('accepts-junk');
    expect(checkJunkRefused(g, probeStates(g, o), o).length).toBeGreaterThan(0);
  });
  it('a parser that ignores extra fields when the game says it refuses them', () => {
    const g = walkGame('ignores-extra');
    expect(checkJunkRefused(g, probeStates(g, o), o).join()).toMatch(/extra field/);
    expect(checkJunkRefused(g, probeStates(g, o), { ...o, extraFields: 'ignored' })).toEqual([]);
  });
  it('junk variants: v+0.5 only where the grammar does not declare a plain number', () => {
    const names = (grammar: unknown) => brokenVariants({ type: 'aim', deg: 45, n: 2 }, grammar).map((v) => v.name);
    expect(names({})).toEqual(expect.arrayContaining(['deg = 45.5', 'n = 2.5']));
    const grammar = { oneOf: [{ properties: { deg: { type: 'number' }, n: { type: 'integer' } } }] };
    expect(names(grammar)).not.toContain('deg = 45.5');
    expect(names(grammar)).toContain('n = 2.5');
  });
  it('a nondeterministic rule', () => {
    const g = walkGame('nondeterministic');
    expect(checkDeterminism(g, o).length).toBeGreaterThan(0);
  });
  it('a fast handle that diverges from act', () => {
    const g = walkGame('sim-diverges');
    expect(checkDeterminism(g, o).join()).toMatch(/fast handle/);
  });
  it('act that mutates its input', () => {
    const g = walkGame('mutates-input');
    expect(checkNoMutation(g, probeStates(g, o), o).length).toBeGreaterThan(0);
  });
  it('a state parser that crashes on corrupted states', () => {
    const g = walkGame('crashes-on-corrupt');
    expect(checkCorruptedStates(g, probeStates(g, o), o).length).toBeGreaterThan(0);
  });
  it('a lenient state parser (missing keys accepted)', () => {
    const g = walkGame('lenient-state');
    expect(checkCorruptedStates(g, probeStates(g, o), o).join()).toMatch(/expected invalid_state/);
  });
  it('a score that goes down, and a broken game invariant', () => {
    expect(checkRandomPlay(walkGame('score-decreases'), o).problems.join()).toMatch(/score fell/);
    const broken = checkRandomPlay(sound, {
      ...o,
      invariants: (_p, _a, next) => ((next as { pos: number }).pos === 10 ? ['back at the start'] : []),
    });
    expect(broken.problems.length).toBeGreaterThan(0);
  });
  it('golden replays: written, verified, and a tampered one is caught', () => {
    const dir = mkdtempSync(join(tmpdir(), 'golden-'));
    const actions = [
      { type: 'step', dir: 1 },
      { type: 'step', dir: 1 },
      { type: 'step', dir: -1 },
    ];
    const g = writeGolden(dir, 'three-steps', sound, 9, actions);
    const [read] = readGoldens(dir);
    expect(read?.golden).toEqual(g);
    expect(verifyGolden(sound, g)).toEqual([]);
    expect(verifyGolden(sound, { ...g, score: g.score + 1 }).join()).toMatch(/score/);
    expect(verifyGolden(sound, { ...g, stateHash: '0'.repeat(64) }).join()).toMatch(/state hash/);
    expect(verifyGolden(sound, { ...g, actions: [...actions, { type: 'fly' }] }).join()).toMatch(/refused/);
  });
  it('golden replays: rewriting the same replay leaves the file untouched, a different one rewrites it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'golden-'));
    const file = join(dir, 'walk.replay.json');
    const actions = [{ type: 'step', dir: 1 }];
    writeGolden(dir, 'walk', sound, 3, actions);
    // An mtime of 0 survives only if the identical rewrite writes nothing.
    const first = readFileSync(file, 'utf8');
    utimesSync(file, new Date(0), new Date(0));
    writeGolden(dir, 'walk', sound, 3, actions);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mtimeMs).toBe(0);
    writeGolden(dir, 'walk', sound, 3, [...actions, { type: 'step', dir: 1 }]);
    expect(statSync(file).mtimeMs).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).turns).toBe(2);
  });
});

describe('the kit catches each defect of the adapter-facing contract', () => {
  const o2: CheckOptions = { ...defaultCheckOptions, seeds: 12, maxTurns: 40, probeStates: 40 };
  it('passes the sound fixture', () => {
    const sound = walkGame();
    expect(checkServedSchemas(sound, o2).problems).toEqual([]);
    expect(checkSummary(sound)).toEqual([]);
    expect(checkRecapAndOptions(sound, o2).problems).toEqual([]);
    const m = checkMutations(sound, { fields: ['score', 'pos', 'turn'], count: 3000 });
    expect(m).toMatchObject({ problems: [], accepted: 0, tried: 3000 });
  });
  it('an observation that drifts from its served schema', () => {
    expect(checkServedSchemas(walkGame('schema-drift'), o2).problems.join()).toMatch(/observationSchema/);
  });
  it('a schema that does not compile', () => {
    const g = walkGame();
    const broken = { ...g, spec: { ...g.spec, stateSchema: { type: 'object', propertiez: {} } } };
    expect(checkServedSchemas(broken, o2).problems.join()).toMatch(/does not compile/);
  });
  it('a recap that miscounts the points, and a missing summary', () => {
    expect(checkRecapAndOptions(walkGame('recap-miscounts'), o2).problems.join()).toMatch(/recap.points/);
    expect(checkSummary(walkGame('no-summary')).join()).toMatch(/summary/);
  });
  it('a parser that normalises, so the trusted path differs from the validating one', () => {
    expect(checkRecapAndOptions(walkGame('normalising-parser'), o2).problems.join()).toMatch(/trusted path/);
  });
  it('an observation tensor: missing, or one cell off the JSON observation (only the decoding catches that)', () => {
    expect(checkTensor(walkGame(), o2, walkTensorOf).problems).toEqual([]);
    expect(checkTensor(walkGame('no-tensor'), o2, walkTensorOf).problems.join()).toMatch(/declares no observation tensor/);
    const drift = walkGame('tensor-drift');
    expect(checkTensor(drift, o2, undefined).problems).toEqual([]);
    expect(checkTensor(drift, o2, walkTensorOf).problems.join()).toMatch(/at encodes .*the JSON observation says/);
  });
  it("step events whose points do not add up to the step's score change", () => {
    const sound = checkStepEvents(walkGame(), o2);
    expect(sound.problems).toEqual([]);
    expect(sound.kinds).toEqual(['coins', 'step', 'stop']);
    expect(checkStepEvents(walkGame('events-miscount'), o2).problems.join()).toMatch(/events' points \d+, score change/);
  });
  it('a parser without reachability bounds lets mutated turn-0 states through', () => {
    const m = checkMutations(walkGame('no-bounds'), { fields: ['score', 'pos', 'turn'], count: 600 });
    expect(m.accepted).toBeGreaterThan(0);
  });
  it('a state the game emits but refuses', () => {
    const g = walkGame();
    const strict = {
      ...g,
      rules: {
        ...g.rules,
        parseState: (value: unknown) =>
          JSON.stringify(value).includes('"turn":3') ? { ok: false as const, message: 'turn 3' } : g.rules.parseState(value),
      },
    };
    expect(checkRandomPlay(strict, o2).problems.join()).toMatch(/emitted a state it refuses/);
  });
});
