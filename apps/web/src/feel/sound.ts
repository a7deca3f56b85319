// Sound: a few short effects synthesised in the page with WebAudio (oscillators and gain envelopes, no file is
// ever fetched). Off until the player turns it on; the choice is kept in localStorage ('hearth:sound') and the
// header's mute button shows it. The AudioContext is made on the first sound after the player turned it on (a
// browser lets a page make sound only after a gesture, and the toggle is one).
import type { Cue } from '@hearth/engine/web';

const KEY = 'hearth:sound';

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  session = on;
}

let session: boolean | undefined;
let audio: AudioContext | undefined;

/** One note: frequency (Hz) gliding to `to`, starting `at` seconds from now, for `dur` seconds. */
interface Note {
  f: number;
  to?: number;
  at?: number;
  dur: number;
  type?: OscillatorType;
  vol?: number;
}

/** Each cue as a few notes (quiet: a game's sound should never startle). */
const CUES: Record<Cue, Note[]> = {
  step: [{ f: 420, to: 380, dur: 0.05, type: 'triangle', vol: 0.05 }],
  select: [{ f: 660, dur: 0.04, type: 'sine', vol: 0.05 }],
  gain: [
    { f: 523, dur: 0.07, type: 'triangle', vol: 0.07 },
    { f: 784, at: 0.06, dur: 0.09, type: 'triangle', vol: 0.07 },
  ],
  spend: [{ f: 330, to: 260, dur: 0.08, type: 'sine', vol: 0.05 }],
  hit: [{ f: 180, to: 90, dur: 0.12, type: 'square', vol: 0.04 }],
  lost: [
    { f: 300, to: 150, dur: 0.2, type: 'sawtooth', vol: 0.04 },
    { f: 150, to: 90, at: 0.15, dur: 0.2, type: 'sawtooth', vol: 0.03 },
  ],
  refuse: [{ f: 140, dur: 0.09, type: 'square', vol: 0.03 }],
  moment: [523, 659, 784, 1047].map((f, i) => ({ f, at: i * 0.08, dur: 0.16, type: 'triangle' as const, vol: 0.07 })),
  best: [659, 784, 988, 1319, 1568].map((f, i) => ({ f, at: i * 0.07, dur: 0.18, type: 'triangle' as const, vol: 0.08 })),
  over: [
    { f: 392, dur: 0.18, type: 'triangle', vol: 0.06 },
    { f: 330, at: 0.16, dur: 0.18, type: 'triangle', vol: 0.06 },
    { f: 262, at: 0.32, dur: 0.3, type: 'triangle', vol: 0.06 },
  ],
};

/** Plays cues (the loudest first; at most two at once) when sound is on; nothing otherwise. */
export function play(cues: readonly Cue[]): void {
  if (!(session ?? soundOn()) || cues.length === 0) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime + 0.01;
    for (const cue of [...new Set(cues)].slice(0, 2))
      for (const n of CUES[cue]) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        const t = now + (n.at ?? 0);
        osc.type = n.type ?? 'sine';
        osc.frequency.setValueAtTime(n.f, t);
        if (n.to) osc.frequency.linearRampToValueAtTime(n.to, t + n.dur);
        gain.gain.setValueAtTime(0, t);
        gain.gain.linearRampToValueAtTime(n.vol ?? 0.05, t + 0.01);
        gain.gain.linearRampToValueAtTime(0, t + n.dur);
        osc.connect(gain).connect(audio.destination);
        osc.start(t);
        osc.stop(t + n.dur + 0.02);
      }
  } catch {
    // no WebAudio here: play goes on silently
  }
}

/** The header's mute button (its state is the page's: every page draws it the same way). */
export function soundButton(): string {
  const on = session ?? soundOn();
  // a speaker drawn inline (no emoji font needed): waves when on, a cross when off
  const mark = on
    ? '<path d="M15 8.5a4 4 0 0 1 0 7M17.5 6a7.5 7.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    : '<path d="M15.5 9l5 6M20.5 9l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
  return `<button type="button" id="sound-toggle" class="sound-toggle" aria-pressed="${on}" title="${on ? 'Sound is on: turn it off' : 'Sound is off: turn it on'}"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>${mark}</svg><span class="visually-hidden">Sound</span></button>`;
}

/** Flips the sound and redraws the button; a short blip says it is on. */
export function toggleSound(button: HTMLElement): void {
  const on = !(session ?? soundOn());
  setSound(on);
  button.outerHTML = soundButton();
  if (on) play(['select']);
}
