// Best local score per game, kept in localStorage (absent or blocked storage just means no record).
const key = (slug: string) => `hearth:best:${slug}`;

export function readBest(slug: string): number | undefined {
  try {
    const raw = localStorage.getItem(key(slug));
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Records the score if it beats the stored best; returns the best after the update. */
export function recordScore(slug: string, score: number): number {
  const best = readBest(slug);
  if (best !== undefined && best >= score) return best;
  try {
    localStorage.setItem(key(slug), String(score));
  } catch {
    // storage full or disabled: the record is only lost, play goes on
  }
  return score;
}
