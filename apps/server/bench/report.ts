// What every bench prints at its end: each figure the issue names beside its target (PASS or MISS, and by how
// much), and for a miss where the time goes (a CPU profile's top self-time functions and its GC share).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** 'below': the value must be under the target; 'atMost': not over it; 'above': at least the target. */
  want: 'below' | 'atMost' | 'above';
}

export const passes = (f: Figure) =>
  f.want === 'below' ? f.value < f.target : f.want === 'atMost' ? f.value <= f.target : f.value >= f.target;

/** One line per figure: name, value, target, PASS/MISS and the margin (how far under or over the target). */
export function printFigures(title: string, figures: readonly Figure[]): void {
  const [one, five] = loadavg();
  console.log(
    `\n${title} (load average ${one!.toFixed(2)} / ${five!.toFixed(2)} over 1 / 5 min, ${process.env.BENCH_PINNED ?? 'not pinned'})`,
  );
  console.log(`${'figure'.padEnd(52)}${'value'.padStart(10)}${'target'.padStart(12)}  result`);
  for (const f of figures) {
    const ok = passes(f);
    const by = f.want === 'above' ? (f.target - f.value) / f.target : (f.value - f.target) / f.target;
    const margin = ok ? `PASS` : `MISS by ${(by * 100).toFixed(0)}%`;
    const value = `${f.value.toFixed(f.unit === 'x' ? 2 : 1)} ${f.unit}`;
    const target = `${{ below: '<', atMost: '<=', above: '>=' }[f.want]} ${f.target} ${f.unit}`;
    console.log(`${f.name.padEnd(52)}${value.padStart(10)}${target.padStart(12)}  ${margin}`);
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The top self-time functions of a CPU profile (.cpuprofile JSON or the object), with "(garbage collector)" and
 * the share of the busy time (idle left out) each takes.
 */
export function profileSummary(profile: Profile | string, top = 12): string[] {
  const p: Profile = typeof profile === 'string' ? JSON.parse(readFileSync(profile, 'utf8')) : profile;
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byName = new Map<string, number>();
  let busy = 0;
  for (const n of p.nodes) {
    const t = self.get(n.id) ?? 0;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') continue;
    busy += t;
    const file = url ? url.split('/').slice(-2).join('/') : '';
    const key = file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName || '(native)';
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  const gc = byName.get('(garbage collector)') ?? 0;
  const rows = [...byName].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `busy ${(busy / 1000).toFixed(0)} ms sampled, GC ${((gc / Math.max(1, busy)) * 100).toFixed(1)}% of it; top self time:`,
    ...rows.map(([k, t]) => `  ${((t / Math.max(1, busy)) * 100).toFixed(1).padStart(5)}%  ${k}`),
  ];
}
