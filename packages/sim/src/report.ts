import type { GameRecord } from './record.ts';
import { groupRecords, type Summary, summarize } from './summary.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (x: number) => (Number.isNaN(x) ? '-' : Number.isInteger(x) ? String(x) : x.toFixed(1));
const W = 640;
const H = 220;
const PAD = 40;

/** Score histogram: about sqrt(n) bins (10 to 40) between min and max score. */
export function histogramSvg(scores: readonly number[]): string {
  if (scores.length === 0) return '<p>No scores.</p>';
  const min = scores.reduce((a, b) => Math.min(a, b));
  const max = scores.reduce((a, b) => Math.max(a, b));
  const bins = Math.max(10, Math.min(40, Math.round(Math.sqrt(scores.length))));
  const width = max > min ? (max - min) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (const s of scores) counts[Math.min(bins - 1, Math.floor((s - min) / width))]!++;
  const top = counts.reduce((a, b) => Math.max(a, b));
  const bw = (W - 2 * PAD) / bins;
  const bars = counts
    .map((c, i) => {
      const h = ((H - 2 * PAD) * c) / top;
      const lo = min + i * width;
      return `<rect x="${(PAD + i * bw).toFixed(1)}" y="${(H - PAD - h).toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="#d9822b"><title>${num(lo)} to ${num(lo + width)}: ${c}</title></rect>`;
    })
    .join('');
  return svg(`${bars}${axes(num(min), num(max), String(top), 'score', 'games')}`);
}

/**
 * Score per seed, in seed order: one dot per game, or, past 3,000 games, one bar per bucket of
 * consecutive seeds from its lowest to its highest score with a dot at its mean (the page stays small).
 */
export function perSeedSvg(records: readonly GameRecord[]): string {
  if (records.length === 0) return '<p>No games.</p>';
  const scores = records.map((r) => r.score);
  const lo = scores.reduce((a, b) => Math.min(a, b), 0);
  const hi = scores.reduce((a, b) => Math.max(a, b), lo + 1);
  const n = records.length;
  const x = (i: number) => PAD + (n === 1 ? 0.5 : i / (n - 1)) * (W - 2 * PAD);
  const y = (s: number) => H - PAD - ((s - lo) / (hi - lo)) * (H - 2 * PAD);
  const colour = (end: string) => (end === 'error' ? '#c0392b' : end === 'game_over' ? '#2b6cd9' : '#8e44ad');
  let marks = '';
  if (n <= 3000) {
    marks = records
      .map(
        (r, i) =>
          `<circle cx="${x(i).toFixed(1)}" cy="${y(r.score).toFixed(1)}" r="2" fill="${colour(r.end)}"><title>seed ${r.seed}: ${num(r.score)} (${esc(r.end)})</title></circle>`,
      )
      .join('');
  } else {
    const buckets = 600;
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor((b * n) / buckets);
      const to = Math.floor(((b + 1) * n) / buckets);
      if (to <= from) continue;
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let sum = 0;
      for (let i = from; i < to; i++) {
        const s = scores[i]!;
        min = Math.min(min, s);
        max = Math.max(max, s);
        sum += s;
      }
      const cx = x((from + to - 1) / 2).toFixed(1);
      marks += `<line x1="${cx}" y1="${y(min).toFixed(1)}" x2="${cx}" y2="${y(max).toFixed(1)}" stroke="#9db7e6"/><circle cx="${cx}" cy="${y(sum / (to - from)).toFixed(1)}" r="1.2" fill="#2b6cd9"><title>seeds ${records[from]!.seed} to ${records[to - 1]!.seed}: mean ${num(sum / (to - from))}, ${num(min)} to ${num(max)}</title></circle>`;
    }
  }
  return svg(`${marks}${axes(String(records[0]!.seed), String(records[n - 1]!.seed), num(hi), 'seed', 'score')}`);
}

function axes(xlo: string, xhi: string, ytop: string, xlabel: string, ylabel: string): string {
  return (
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#333"/>` +
    `<line x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${H - PAD}" stroke="#333"/>` +
    `<text x="${PAD}" y="${H - PAD + 16}" font-size="11">${esc(xlo)}</text>` +
    `<text x="${W - PAD}" y="${H - PAD + 16}" font-size="11" text-anchor="end">${esc(xhi)}</text>` +
    `<text x="${W / 2}" y="${H - 8}" font-size="12" text-anchor="middle">${esc(xlabel)}</text>` +
    `<text x="${PAD - 4}" y="${PAD + 4}" font-size="11" text-anchor="end">${esc(ytop)}</text>` +
    `<text x="12" y="${H / 2}" font-size="12" transform="rotate(-90 12 ${H / 2})" text-anchor="middle">${esc(ylabel)}</text>`
  );
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">${body}</svg>`;

function summaryTable(s: Summary): string {
  const cells: [string, string][] = [
    ['games', String(s.games)],
    ['errors', String(s.errors)],
    ['refused', String(s.refused)],
    ['hit max turns', String(s.maxTurns)],
    ['mean', num(s.mean)],
    ['median', num(s.median)],
    ['p10', num(s.p10)],
    ['p90', num(s.p90)],
    ['min', num(s.min)],
    ['max', num(s.max)],
    ['turns per game', num(s.meanTurns)],
  ];
  return `<table>${cells.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>`;
}

/** A self-contained HTML page (inline CSS and SVG, no scripts, no network): one section per game and policy. */
export function renderReport(records: readonly GameRecord[], title = 'hearth sim report'): string {
  const sections = groupRecords(records).map((group) => {
    const s = summarize(group);
    const scores = group.filter((r) => r.end !== 'error').map((r) => r.score);
    return `<section><h2>${esc(s.game)} &middot; ${esc(s.policy)}</h2>${summaryTable(s)}<h3>Score histogram</h3>${histogramSvg(scores)}<h3>Score per seed</h3>${perSeedSvg(group)}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin:.5rem 0}th,td{padding:2px 10px;border-bottom:1px solid #ddd;text-align:right}th{text-align:left;font-weight:500}section{margin-bottom:2.5rem}</style>
</head><body><h1>${esc(title)}</h1>${sections.join('\n')}</body></html>
`;
}
