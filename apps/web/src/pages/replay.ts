// Replay playback: a recorded action list (a replay link or a stored run) stepped through the engine one
// action at a time (play/pause, step, speed, to the end), with the score timeline of a stored run.
import { type ActResponse, nextBody, type OkResponse, type Recap, type Spec } from '@hearth/engine';
import { esc } from '@hearth/engine/web';
import type { Engine } from '../engine-client.ts';
import { formatRoute } from '../route.ts';
import { when } from '../text.ts';

/** What the run page knows about a stored run (GET /api/runs/{id}). */
export interface RunInfo {
  id: string;
  player: string;
  agent: string | null;
  score: number;
  turns: number;
  end: string | null;
  createdAt: string;
}

/** Playback speeds: milliseconds per action. */
const SPEEDS = [900, 450, 150, 40];

export interface ReplayHost {
  root: HTMLElement;
  engine: Engine;
  slug: string;
  seed: number;
  spec: Spec;
  actions: unknown[];
  online: boolean;
  run?: RunInfo;
  current(): OkResponse | undefined;
  onStep(result: OkResponse, action: unknown, recap: Recap | undefined, points: number, index: number): void;
  /** A step back (or the restart, index 0): the response after `index` actions and the action that made it. */
  onBack(result: OkResponse, action: unknown, index: number): void;
  say(text: string, kind: 'refusal'): void;
  disposed(): boolean;
}

/** The score after each action (index 0 = after init), stepped through the engine ahead of playback. */
async function timelineOf(h: ReplayHost, start: OkResponse): Promise<number[]> {
  const scores = [start.score];
  let at = start;
  for (const action of h.actions) {
    const r: ActResponse = await h.engine.act(h.slug, nextBody(h.spec, at, action));
    if (!r.ok || h.disposed()) break;
    at = r;
    scores.push(r.score);
  }
  return scores;
}

/** The score timeline as a small SVG line chart with labelled axes (actions across, score up), the step marked. */
export function timelineSvg(scores: number[], step: number): string {
  const w = 600;
  const hgt = 80;
  const left = 44; // room for the score labels
  const bottom = 30; // room for the action labels and the axis title
  const max = Math.max(1, ...scores);
  const min = Math.min(0, ...scores);
  const last = Math.max(0, scores.length - 1);
  const x = (i: number) => left + (last > 0 ? (i / last) * w : 0);
  const y = (v: number) => hgt - ((v - min) / (max - min || 1)) * hgt;
  const pts = scores.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const cur = Math.min(step, last);
  const axes = `<g class="axis"><line x1="${left}" y1="${hgt}" x2="${left + w}" y2="${hgt}"/><line x1="${left}" y1="0" x2="${left}" y2="${hgt}"/>
<text x="${left - 6}" y="${hgt}" text-anchor="end" dominant-baseline="middle">${min}</text><text x="${left - 6}" y="0" text-anchor="end" dominant-baseline="middle">${max}</text>
<text x="${left}" y="${hgt + 14}" text-anchor="middle">0</text><text x="${left + w}" y="${hgt + 14}" text-anchor="end">${last}</text>
<text class="axis-title" x="${left + w / 2}" y="${hgt + 26}" text-anchor="middle">actions</text><text class="axis-title" x="0" y="${hgt / 2}" dominant-baseline="middle">score</text></g>`;
  return `<svg class="timeline" viewBox="-4 -8 ${left + w + 12} ${hgt + bottom + 12}" role="img" aria-label="score timeline: ${last} actions, final ${scores[last] ?? 0}">${axes}<polyline points="${pts}"/><circle class="now" cx="${x(cur).toFixed(1)}" cy="${y(scores[cur] ?? 0).toFixed(1)}" r="5"/></svg>`;
}

export type Replay = ReturnType<typeof createReplay>;

export function createReplay(h: ReplayHost) {
  const bar = h.root.querySelector('#replay-bar') as HTMLDivElement;
  const info = h.root.querySelector('#run-info') as HTMLElement | null;
  let index = 0;
  let playing = false;
  let speed = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scores: number[] = [];
  // the response after each action shown so far (0 = init), so Back and Restart need no engine call
  const seen: OkResponse[] = [];
  // every step the bar has shown, in order: the browser suite checks playback went one action at a time
  const shown: number[] = [];
  (window as unknown as { __hearthReplaySteps?: number[] }).__hearthReplaySteps = shown;

  const drawInfo = () => {
    if (!info || !h.run) return;
    const r = h.run;
    info.innerHTML = `<h2>Run ${esc(r.id)}</h2><p>${esc(r.player)}${r.agent ? ` <span class="agent-badge">agent: ${esc(r.agent)}</span>` : ' <span class="human-badge">human</span>'} · verified score <strong>${esc(r.score)}</strong> in ${esc(r.turns)} turns${r.end ? ` (${esc(r.end)})` : ''} · <time datetime="${esc(r.createdAt)}">${esc(when(r.createdAt))}</time> · seed ${h.seed}</p>${scores.length ? timelineSvg(scores, index) : ''}`;
  };

  const drawBar = () => {
    const done = index >= h.actions.length;
    const atStart = index === 0;
    bar.hidden = false;
    bar.dataset.step = String(index);
    bar.dataset.done = String(done);
    if (shown[shown.length - 1] !== index) shown.push(index);
    bar.innerHTML = `<span>Replay of seed ${h.seed}: action <strong>${index}</strong> of ${h.actions.length}${done ? ' — finished' : ''}</span>
<button type="button" data-replay="restart" ${atStart ? 'disabled title="already at the start"' : ''}>⏮ Restart</button>
<button type="button" data-replay="back" ${atStart ? 'disabled title="already at the start"' : ''}>◀ Back</button>
<button type="button" data-replay="toggle" ${done ? 'disabled title="the replay is at its end"' : ''}>${playing ? 'Pause' : 'Play'}</button>
<button type="button" data-replay="step" ${done ? 'disabled title="the replay is at its end"' : ''}>Step ▶</button>
<button type="button" data-replay="speed" title="playback speed">Speed ${speed + 1}/${SPEEDS.length}</button>
<button type="button" data-replay="end" ${done ? 'disabled title="the replay is at its end"' : ''}>To the end ⏭</button>
<a href="${esc(formatRoute({ page: 'game', slug: h.slug, seed: h.seed, replay: undefined, online: h.online }))}">Play this seed</a>
<span class="replay-keys">← → step, Space plays or pauses</span>`;
    drawInfo();
  };

  let stepping: Promise<boolean> = Promise.resolve(true);
  const stepOnce = async (): Promise<boolean> => {
    const at = h.current();
    if (!at || index >= h.actions.length || h.disposed()) return false;
    if (seen.length === 0) seen.push(at);
    const action = h.actions[index];
    const result = await h.engine.act(h.slug, nextBody(h.spec, at, action), { recap: true });
    if (h.disposed()) return false;
    if (!result.ok) {
      h.say(`The replay stops at action ${index + 1}: refused (${result.reason}): ${result.message}`, 'refusal');
      playing = false;
      return false;
    }
    index++;
    seen[index] = result;
    h.onStep(result, action, result.recap as Recap | undefined, result.score - at.score, index);
    drawBar();
    return index < h.actions.length;
  };
  // one step at a time, whoever asks (timer, Step, To the end)
  const next = () => {
    stepping = stepping.then(stepOnce);
    return stepping;
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!playing) return;
    timer = setTimeout(async () => {
      if (!(await next())) playing = false;
      drawBar();
      schedule();
    }, SPEEDS[speed]);
  };

  return {
    index: () => index,
    async start() {
      playing = true;
      drawBar();
      schedule();
      const first = h.current();
      if (h.run && first) {
        scores = await timelineOf(h, first);
        drawInfo();
      }
    },
    stop() {
      playing = false;
      clearTimeout(timer);
    },
    async button(what: string) {
      if (what === 'toggle' && index >= h.actions.length) return;
      if (what === 'toggle') {
        playing = !playing;
        drawBar();
        schedule();
      } else if (what === 'speed') {
        speed = (speed + 1) % SPEEDS.length;
        drawBar();
      } else if (what === 'step') {
        // Step while playing pauses at the next action: the player takes over the pace
        playing = false;
        clearTimeout(timer);
        await next();
        drawBar();
      } else if (what === 'back' || what === 'restart') {
        playing = false;
        clearTimeout(timer);
        await stepping;
        const to = what === 'back' ? Math.max(0, index - 1) : 0;
        const at = seen[to];
        if (to === index || !at) return drawBar();
        index = to;
        h.onBack(at, to > 0 ? h.actions[to - 1] : undefined, to);
        drawBar();
      } else if (what === 'end') {
        playing = false;
        clearTimeout(timer);
        while (await next()) {}
        drawBar();
      }
    },
  };
}
