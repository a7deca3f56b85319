// Motion: whether a step's animation is drawn. Never under `prefers-reduced-motion: reduce` (the stylesheet also
// turns every animation off there), and never while the player has skipped it (a key or a click during an
// animation ends it at once: the board is drawn in its final state and the next step animates again).
export function motionAllowed(): boolean {
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Ends whatever is animating inside `el` now (the final frame is already what the board shows). */
export function skipMotion(el: HTMLElement): void {
  for (const a of el.getAnimations?.({ subtree: true }) ?? []) {
    // a step's motion is finite; a looping hint (the tutorial's ring) keeps going
    const end = Number(a.effect?.getComputedTiming().endTime);
    if (Number.isFinite(end)) a.finish();
  }
}
