// The one "leave this page?" question of the app: a page with something that would be lost (a finished run not
// yet submitted) sets a guard; the router asks it before following a link, and the tab asks before closing.
let guard: ((target: string | undefined) => string | undefined) | undefined;

/**
 * Sets (or, with undefined, clears) what the current page would lose: the function answers the question to ask
 * before going to `target` (a hash; undefined when the tab itself closes), or undefined to let it go.
 */
export function setLeaveGuard(fn: ((target: string | undefined) => string | undefined) | undefined): void {
  guard = fn;
}

/** The question to ask before leaving for `target`, or undefined when nothing would be lost. */
export function leaveQuestion(target?: string): string | undefined {
  return guard?.(target);
}

window.addEventListener('beforeunload', (e) => {
  // a reload keeps the run (the URL and localStorage carry it); closing the tab is the case this asks about
  if (leaveQuestion()) e.preventDefault();
});
