// The help screen's text, straight from the game's served spec plus the front end's key list.
import type { Spec } from '@hearth/engine';
import type { Controller } from '@hearth/engine/terminal';
import { wrap } from './style.ts';

export function helpLines(spec: Spec, controller: Controller, width: number): string[] {
  if (spec.summary?.length) return withSummary(spec, controller, width);
  return body(spec, controller, width);
}

/** The game's own how-to-play (spec.summary) first, then everything else. */
function withSummary(spec: Spec, controller: Controller, width: number): string[] {
  const [title, ...rest] = body(spec, controller, width);
  return [title!, ...(spec.summary ?? []).flatMap((line) => wrap(`• ${line}`, width)), ...rest];
}

function body(spec: Spec, controller: Controller, width: number): string[] {
  const section = (title: string, text: string) => [title.toUpperCase(), ...wrap(text, width), ''];
  const out = [`${spec.name} (${spec.genre}, rules v${spec.version})`, ...wrap(spec.description, width), ''];
  const keys = [...controller.keyHelp(spec), 'In play: ? this help, : type an action as JSON, q quit (asks first), Ctrl-C quit at once'];
  out.push('KEYS', ...keys.flatMap((line) => hanging(line, width)), '');
  out.push(...section('Goal', spec.goal), ...section('Scoring', spec.scoring));
  // The screen's own glyphs (the board legend may be shortened on a small terminal; here it is whole).
  const board = controller.legend?.(spec) ?? [];
  if (board.length > 0) out.push('BOARD (this screen)', ...wrap(board.map((k) => `${k.glyph} ${k.label}`).join('   '), width), '');
  const legend = Object.entries(spec.legend ?? {});
  if (legend.length > 0) out.push('LEGEND (observation text)', ...legend.flatMap(([k, v]) => wrap(`${k.padEnd(3)} ${v}`, width)), '');
  out.push(...section('Rules', spec.rules));
  if (spec.decisions?.length) {
    out.push('DECISIONS (where the design document was open)');
    for (const d of spec.decisions) out.push(...wrap(`${d.topic}: ${d.decision}`, width));
  }
  return out;
}

/** Wraps "keys   what they do" with continuation lines under the description. */
function hanging(line: string, width: number): string[] {
  const m = /^(\S.*?\s{2,})(\S.*)$/.exec(line);
  const indent = m && m[1]!.length < width / 2 ? m[1]!.length : 0;
  if (!m || indent === 0) return wrap(line, width);
  const [first, ...rest] = wrap(m[2]!, width - indent);
  return [m[1]! + (first ?? ''), ...rest.map((l) => ' '.repeat(indent) + l)];
}
