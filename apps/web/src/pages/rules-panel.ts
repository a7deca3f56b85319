// The rules, one click away: the game's served spec (goal, scoring, rules, every decision it made, legend).
import type { Spec } from '@hearth/engine';
import { esc } from '../render/markup.ts';

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${esc(p.trim())}</p>`)
    .join('');

export function rulesPanel(spec: Spec): string {
  const decisions = spec.decisions.map((d) => `<li><strong>${esc(d.topic)}</strong>: ${esc(d.decision)}</li>`).join('');
  const legend = Object.entries(spec.legend)
    .map(([k, v]) => `<li><code>${esc(k)}</code> ${esc(v)}</li>`)
    .join('');
  return `<details id="rules" class="rules"><summary>Rules of ${esc(spec.name)}</summary>
<h2>Goal</h2>${paragraphs(spec.goal)}
<h2>Scoring</h2>${paragraphs(spec.scoring)}
<h2>Rules</h2>${paragraphs(spec.rules)}
${decisions ? `<h2>Decisions this engine made</h2><ul>${decisions}</ul>` : ''}
${legend ? `<h2>Legend of the text picture</h2><ul>${legend}</ul>` : ''}
<h2>Action grammar</h2><pre>${esc(JSON.stringify(spec.actionGrammar, null, 2))}</pre>
<p class="version">Rules version ${esc(spec.version)}</p></details>`;
}
