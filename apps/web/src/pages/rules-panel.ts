// How to play, then the rules one click away: the spec's short summary and the renderer's keys up front; the
// full design text (goal, scoring, rules, every decision) folded below. The JSON parts (action grammar, schemas,
// the text picture's legend) are for programs and live at /docs/api.
import type { Spec } from '@hearth/engine';
import { esc } from '@hearth/engine/web';

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${esc(p.trim())}</p>`)
    .join('');

export function howToPlay(spec: Spec, keyHelp: string | undefined): string {
  const summary = spec.summary?.length ? spec.summary : [spec.description];
  return `<section id="how-to" class="how-to" aria-labelledby="how-to-title"><h2 id="how-to-title">How to play</h2>
<ul>${summary.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>${keyHelp ? `<p class="how-keys"><strong>Keys:</strong> ${esc(keyHelp)}</p>` : ''}</section>`;
}

export function rulesPanel(spec: Spec, keyHelp?: string): string {
  const decisions = spec.decisions.map((d) => `<li><strong>${esc(d.topic)}</strong>: ${esc(d.decision)}</li>`).join('');
  return `${howToPlay(spec, keyHelp)}<details id="rules" class="rules"><summary>Full rules of ${esc(spec.name)}</summary>
<h2>Goal</h2>${paragraphs(spec.goal)}
<h2>Scoring</h2>${paragraphs(spec.scoring)}
<h2>Rules</h2>${paragraphs(spec.rules)}
${decisions ? `<h2>Decisions this engine made</h2><ul>${decisions}</ul>` : ''}
<p>The action grammar and the JSON shapes of state and observation are for programs: see <a href="/docs/api">the API documentation</a>.</p>
<p class="version">Rules version ${esc(spec.version)}</p></details>`;
}
