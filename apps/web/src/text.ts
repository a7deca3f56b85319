// Small text helpers shared by the pages.

/** A sentence's first letter in capitals (the engine's recap lines and some phrases start in lower case). */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 seed", "3 seeds". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A person's date and time, in this browser's locale and time zone. */
export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
