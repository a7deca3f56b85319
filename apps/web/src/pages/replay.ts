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

export interface Replay {
  /** How many actions are shown. */
  index(): number;
  /** Starts playing (and, for a stored run, steps through the whole run once for its score timeline). */
  start(): Promise<void>;
  stop(): void;
  /** A replay bar button (or its key): toggle, speed, step, back, restart, end. */
  button(what: string): Promise<void>;
}

export function createReplay(h: ReplayHost): Replay {
  return new ReplayBar(h);
}

/** The replay bar over a page: where playback is, the responses seen so far, the timer, and the run's info. */
class ReplayBar implements Replay {
  private readonly bar: HTMLDivElement;
  private readonly info: HTMLElement | null;
  private at = 0;
  private playing = false;
  private speed = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private scores: number[] = [];
  /** The response after each action shown so far (0 = init), so Back and Restart need no engine call. */
  private readonly seen: OkResponse[] = [];
  /** Every step the bar has shown, in order: the browser suite checks playback went one action at a time. */
  private readonly shown: number[] = [];
  private stepping: Promise<boolean> = Promise.resolve(true);

  constructor(private readonly h: ReplayHost) {
    this.bar = h.root.querySelector('#replay-bar') as HTMLDivElement;
    this.info = h.root.querySelector('#run-info') as HTMLElement | null;
    (window as unknown as { __hearthReplaySteps?: number[] }).__hearthReplaySteps = this.shown;
  }

  index(): number {
    return this.at;
  }

  async start(): Promise<void> {
    const { h } = this;
    this.playing = true;
    this.drawBar();
    this.schedule();
    const first = h.current();
    if (h.run && first) {
      this.scores = await timelineOf(h, first);
      this.drawInfo();
    }
  }

  stop(): void {
    this.playing = false;
    clearTimeout(this.timer);
  }

  async button(what: string): Promise<void> {
    if (what === 'toggle' && this.at >= this.h.actions.length) return;
    if (what === 'toggle') {
      this.playing = !this.playing;
      this.drawBar();
      this.schedule();
    } else if (what === 'speed') {
      this.speed = (this.speed + 1) % SPEEDS.length;
      this.drawBar();
    } else if (what === 'step') {
      // Step while playing pauses at the next action: the player takes over the pace
      this.stop();
      await this.next();
      this.drawBar();
    } else if (what === 'back' || what === 'restart') {
      this.stop();
      await this.stepping;
      this.goBack(what === 'back' ? Math.max(0, this.at - 1) : 0);
    } else if (what === 'end') {
      this.stop();
      while (await this.next()) {}
      this.drawBar();
    }
  }

  /** Back to the response after `to` actions, already seen: no engine call. */
  private goBack(to: number): void {
    const at = this.seen[to];
    if (to !== this.at && at) {
      this.at = to;
      this.h.onBack(at, to > 0 ? this.h.actions[to - 1] : undefined, to);
    }
    this.drawBar();
  }

  /** Steps asked for and not yet shown (the bar's data-pending, 0 when the replay is still). */
  private pending = 0;

  /** One step at a time, whoever asks (timer, Step, To the end); true while actions are left. */
  private next(): Promise<boolean> {
    this.bar.dataset.pending = String(++this.pending);
    this.stepping = this.stepping
      .then(() => this.stepOnce())
      .finally(() => {
        this.bar.dataset.pending = String(--this.pending);
      });
    return this.stepping;
  }

  private async stepOnce(): Promise<boolean> {
    const { h } = this;
    const at = h.current();
    if (!at || this.at >= h.actions.length || h.disposed()) return false;
    if (this.seen.length === 0) this.seen.push(at);
    const action = h.actions[this.at];
    const result = await h.engine.act(h.slug, nextBody(h.spec, at, action), { recap: true });
    if (h.disposed()) return false;
    if (!result.ok) {
      h.say(`The replay stops at action ${this.at + 1}: refused (${result.reason}): ${result.message}`, 'refusal');
      this.playing = false;
      return false;
    }
    this.at++;
    this.seen[this.at] = result;
    h.onStep(result, action, result.recap as Recap | undefined, result.score - at.score, this.at);
    this.drawBar();
    return this.at < h.actions.length;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.playing) return;
    this.timer = setTimeout(async () => {
      if (!(await this.next())) this.playing = false;
      this.drawBar();
      this.schedule();
    }, SPEEDS[this.speed]);
  }

  private drawBar(): void {
    const { h, bar, at: index, shown } = this;
    const done = index >= h.actions.length;
    const atStart = index === 0;
    bar.hidden = false;
    bar.dataset.step = String(index);
    bar.dataset.done = String(done);
    if (shown[shown.length - 1] !== index) shown.push(index);
    bar.innerHTML = `<span>Replay of seed ${h.seed}: action <strong>${index}</strong> of ${h.actions.length}${done ? ' — finished' : ''}</span>
<button type="button" data-replay="restart" ${atStart ? 'disabled title="already at the start"' : ''}>⏮ Restart</button>
<button type="button" data-replay="back" ${atStart ? 'disabled title="already at the start"' : ''}>◀ Back</button>
<button type="button" data-replay="toggle" ${done ? 'disabled title="the replay is at its end"' : ''}>${this.playing ? 'Pause' : 'Play'}</button>
<button type="button" data-replay="step" ${done ? 'disabled title="the replay is at its end"' : ''}>Step ▶</button>
<button type="button" data-replay="speed" title="playback speed">Speed ${this.speed + 1}/${SPEEDS.length}</button>
<button type="button" data-replay="end" ${done ? 'disabled title="the replay is at its end"' : ''}>To the end ⏭</button>
<a href="${esc(formatRoute({ page: 'game', slug: h.slug, seed: h.seed, replay: undefined, online: h.online }))}">Play this seed</a>
<span class="replay-keys">← → step, Space plays or pauses</span>`;
    this.drawInfo();
  }

  private drawInfo(): void {
    const { h, info } = this;
    if (!info || !h.run) return;
    const r = h.run;
    info.innerHTML = `<h2>Run ${esc(r.id)}</h2><p>${esc(r.player)}${r.agent ? ` <span class="agent-badge">agent: ${esc(r.agent)}</span>` : ' <span class="human-badge">human</span>'} · verified score <strong>${esc(r.score)}</strong> in ${esc(r.turns)} turns${r.end ? ` (${esc(r.end)})` : ''} · <time datetime="${esc(r.createdAt)}">${esc(when(r.createdAt))}</time> · seed ${h.seed}</p>${this.scores.length ? timelineSvg(this.scores, this.at) : ''}`;
  }
}
