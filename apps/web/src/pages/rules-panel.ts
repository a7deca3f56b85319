// How to play, then the rules one click away: the spec's short summary and the renderer's keys up front; the
// full design text (goal, scoring, rules, every decision) folded below. The JSON parts (action grammar, schemas,
// the text picture's legend) are for programs and live at /docs/api.
import type { Spec } from '@hearth/engine';
import { esc, inPlayerWords } from '@hearth/engine/web';

/** The spec's words for a player: its action and phase names through the game's look. */
const words = (spec: Spec, text: string) => esc(inPlayerWords(text, spec.look, { plainActions: false }));

const paragraphs = (spec: Spec, text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${words(spec, p.trim())}</p>`)
    .join('');

export function howToPlay(spec: Spec, keyHelp: string | undefined, tutorial = false): string {
  const summary = spec.summary?.length ? spec.summary : [spec.description];
  return `<section id="how-to" class="how-to" aria-labelledby="how-to-title"><h2 id="how-to-title">How to play</h2>
<ul>${summary.map((s) => `<li>${words(spec, s)}</li>`).join('')}</ul>${keyHelp ? `<p class="how-keys"><strong>Keys:</strong> ${esc(keyHelp)}</p>` : ''}${
    tutorial ? '<p><button type="button" data-tutorial="open">Play the tutorial</button> a few guided moves on a fixed seed.</p>' : ''
  }</section>`;
}

export function rulesPanel(spec: Spec, keyHelp?: string, tutorial = false): string {
  const decisions = spec.decisions.map((d) => `<li><strong>${words(spec, d.topic)}</strong>: ${words(spec, d.decision)}</li>`).join('');
  return `${howToPlay(spec, keyHelp, tutorial)}<details id="rules" class="rules"><summary>Full rules of ${esc(spec.name)}</summary>
<h2>Goal</h2>${paragraphs(spec, spec.goal)}
<h2>Scoring</h2>${paragraphs(spec, spec.scoring)}
<h2>Rules</h2>${paragraphs(spec, spec.rules)}
${decisions ? `<h2>Decisions this engine made</h2><ul>${decisions}</ul>` : ''}
<p>The action grammar and the JSON shapes of state and observation are for programs: see <a href="/docs/api">the API documentation</a>.</p>
<p class="version">Rules version ${esc(spec.version)}</p></details>`;
}
