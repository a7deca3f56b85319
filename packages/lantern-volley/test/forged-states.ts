// Forged and inconsistent states that parseState must refuse (invalid_state): each breaks one rule of the
// state's shape or of the consistency between its fields.
import type { State } from '../src/state.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

export function forgedStates(state: State): Array<{ name: string; state: unknown }> {
  const out: Array<{ name: string; state: unknown }> = [];
  const forge = (name: string, edit: (s: any) => void) => {
    const s = clone(state);
    edit(s);
    out.push({ name, state: s });
  };
  forge('extra top-level key', (s) => {
    s.cheat = true;
  });
  forge('wave 9', (s) => {
    s.wave = 9;
  });
  forge('wave 0', (s) => {
    s.wave = 0;
  });
  forge('fractional wave', (s) => {
    s.wave = 1.5;
  });
  forge('negative seed', (s) => {
    s.seed = -1;
  });
  forge('seed above u32', (s) => {
    s.seed = 2 ** 32;
  });
  forge('more wisps than the wave grants', (s) => {
    s.wispsLeft = 7;
  });
  forge('one lantern flag missing', (s) => {
    s.lit = s.lit.slice(1);
  });
  forge('one lantern flag too many', (s) => {
    s.lit = [...s.lit, false];
  });
  forge('lit flag not a boolean', (s) => {
    s.lit[0] = 1;
  });
  forge('every lantern lit without the wave advancing', (s) => {
    s.lit = s.lit.map(() => true);
    s.won = false;
  });
  forge('won without game over', (s) => {
    s.won = true;
    s.gameOver = false;
  });
  forge('game over with wisps left and no win', (s) => {
    if (s.won) s.won = false;
    s.gameOver = true;
    s.wispsLeft = Math.max(1, s.wispsLeft);
  });
  forge('negative score', (s) => {
    s.score = -5;
  });
  forge('fractional score', (s) => {
    s.score += 0.5;
  });
  forge('score below what the position implies', (s) => {
    s.wave = Math.min(8, s.wave + 1);
    s.score = 0;
  });
  forge('shots count inconsistent', (s) => {
    s.shots = 1000;
  });
  if (state.lastShot === null) {
    forge('lastShot before any shot', (s) => {
      s.lastShot = {
        wave: 1,
        angleDeg: 90,
        path: [],
        events: [],
        waveCleared: false,
        bonus: { waveClear: 0, efficiency: 0, oneShotWonder: 0 },
        points: 0,
      };
    });
    forge('lit lantern before any wisp', (s) => {
      s.lit[0] = true;
    });
  } else {
    forge('lastShot missing after shots', (s) => {
      s.lastShot = null;
    });
    forge('lastShot points do not add up', (s) => {
      s.lastShot.points += 100;
      s.score += 100;
    });
    forge('lastShot angle off the 0.1 grid', (s) => {
      s.lastShot.angleDeg = 90.05;
    });
    forge('lastShot angle out of range', (s) => {
      s.lastShot.angleDeg = 170;
    });
    forge('lastShot event with an unknown type', (s) => {
      s.lastShot.events[0].type = 'teleport';
    });
    forge('lastShot terminal event not last', (s) => {
      s.lastShot.events.push({ ...s.lastShot.events[s.lastShot.events.length - 1] });
    });
    forge('lastShot path one vertex short', (s) => {
      s.lastShot.path.pop();
    });
    forge('lastShot path vertex with a string', (s) => {
      s.lastShot.path[0].x = '540';
    });
    forge('lastShot event missing a field', (s) => {
      delete s.lastShot.events[0].distance;
    });
    forge('lastShot with an extra field', (s) => {
      s.lastShot.secret = 1;
    });
    forge('lastShot bonus without a clear', (s) => {
      s.lastShot.waveCleared = false;
      s.lastShot.bonus.efficiency += 150;
      s.lastShot.points += 150;
      s.score += 150;
    });
    // Issue 17: scores no play reaches from these counters.
    forge('score not a multiple of 5 (every point value is)', (s) => {
      s.score += 1;
      s.lastShot.points += 1;
    });
    forge('score beyond what the cleared waves and lit lanterns allow', (s) => {
      s.score += 100_000;
      s.lastShot.points += 100_000;
    });
    forge('init-like score of ten million', (s) => {
      s.score = 10_000_000;
    });
  }
  return out;
}
