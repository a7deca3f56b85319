import {
  type ActOptions,
  type ActResponse,
  type CompactView,
  type Game,
  type InitResponse,
  type LeanResponse,
  newStepReport,
  type Observation,
  type OkResponse,
  type PolicyFactory,
  Reasons,
  type Recap,
  type Refusal,
  type RuleRefusal,
  type Rules,
  type Sim,
  type Spec,
  type StepEvent,
  type StepReport,
} from './contract.ts';
import { leanResponse } from './lean.ts';

/**
 * Builds the Game object from a game's Rules and Spec. `act` validates the state and the action,
 * asks `refuse`, then runs `apply` on a clone: the input is never touched and a refusal changes nothing.
 * Every path is guarded so that act never throws, even on a rules bug (reported as internal_error).
 */
export function defineGame<S, A, O extends Observation>(
  spec: Spec,
  rules: Rules<S, A, O>,
  options: { policies?: Record<string, PolicyFactory<S, A>> } = {},
): Game<S, A, O> {
  const act = (rawState: unknown, rawAction: unknown, options?: ActOptions) => actOn(rules, rawState, rawAction, options);
  return {
    slug: spec.slug,
    name: spec.name,
    spec,
    rules,
    init: (seed: number): InitResponse<S, A, O> => ({ ...viewOf(rules, rules.init(seed >>> 0)), spec }),
    act: act as Game<S, A, O>['act'],
    view: (state) => viewOf(rules, state),
    recap: (before, after, action, report) => recapOf(rules, before, after, action, report),
    compact: (state, lastRecap) => compactOf(rules, state, lastRecap),
    createSim: () => createSim(rules),
    policies: options.policies ?? {},
  };
}

/** The full response for a state: observation, legal actions, score, game over, and the rules' extras. */
function viewOf<S, A, O extends Observation>(rules: Rules<S, A, O>, state: S): OkResponse<S, A, O> {
  const response: OkResponse<S, A, O> = {
    ok: true,
    state,
    observation: rules.observe(state),
    legalActions: rules.legalActions(state),
    score: rules.score(state),
    gameOver: rules.gameOver(state),
  };
  if (rules.extras) Object.assign(response, rules.extras(state));
  return response;
}

/** The report a recap that reads only the states is handed when none was collected (frozen: nothing is recorded). */
const NO_REPORT: StepReport = Object.freeze({ events: Object.freeze([]) as unknown as StepEvent[], withEvents: false });

/** What an action did: the rules' recap (from the step's report, collected again on a copy when absent), or the points. */
function recapOf<S, A, O extends Observation>(rules: Rules<S, A, O>, before: S, after: S, action: A, report?: StepReport): Recap {
  if (rules.recap) {
    if (rules.recapFromStates) return rules.recap(before, after, action, report ?? NO_REPORT);
    if (!report) {
      report = newStepReport(false);
      rules.apply(rules.clone(before), action, report);
    }
    return rules.recap(before, after, action, report);
  }
  const points = rules.score(after) - rules.score(before);
  return { text: points === 0 ? 'no points' : `${points > 0 ? '+' : ''}${points} points`, points, items: [] };
}

function compactOf<S, A, O extends Observation>(rules: Rules<S, A, O>, state: S, lastRecap?: Recap): CompactView {
  const brief = rules.brief ? rules.brief(state) : { text: rules.observe(state).text, actions: rules.legalActions(state) as never };
  const score = rules.score(state);
  const gameOver = rules.gameOver(state);
  // One literal either way (the recap last, as the view's key order has it), not a property added afterwards.
  return lastRecap
    ? { score, gameOver, text: brief.text, actions: brief.actions, recap: lastRecap }
    : { score, gameOver, text: brief.text, actions: brief.actions };
}

/** Parses the state (unless trusted) and the action, asks refuse, applies the action to a clone, and answers. */
function actOn<S, A, O extends Observation>(
  rules: Rules<S, A, O>,
  rawState: unknown,
  rawAction: unknown,
  options?: ActOptions,
): ActResponse<S, A, O> | LeanResponse<S> {
  try {
    let state: S;
    if (options?.trusted) state = rawState as S;
    else {
      const parsedState = rules.parseState(rawState);
      if (!parsedState.ok) return refusal(Reasons.invalidState, parsedState.message, []);
      state = parsedState.value;
    }
    const parsedAction = rules.parseAction(rawAction);
    if (!parsedAction.ok) return refusal(Reasons.unknownAction, parsedAction.message, rules.legalActions(state));
    const turnedDown = rules.refuse(state, parsedAction.value);
    if (turnedDown) return { ...turnedDown, ok: false, legalActions: rules.legalActions(state) };
    // parseState may return the input itself; clone so the caller's object is never mutated.
    const next = rules.clone(state);
    // What the step did is collected as it is applied, only when something will read it.
    const wanted = options?.events || ((options?.lean || options?.recap || options?.compact) && !rules.recapFromStates);
    const report = wanted ? newStepReport(options?.events === true) : undefined;
    rules.apply(next, parsedAction.value, report);
    return answerStep(rules, state, next, parsedAction.value, report, options);
  } catch (error) {
    return refusal(Reasons.internalError, `engine error: ${describe(error)}`, []);
  }
}

/** An accepted step's answer: lean (state and compact view), or the full response with what the options ask for. */
function answerStep<S, A, O extends Observation>(
  rules: Rules<S, A, O>,
  state: S,
  next: S,
  action: A,
  report: StepReport | undefined,
  options: ActOptions | undefined,
): ActResponse<S, A, O> | LeanResponse<S> {
  if (options?.lean) {
    const brief = compactOf(rules, next, recapOf(rules, state, next, action, report));
    if (options.events) brief.events = report!.events;
    return leanResponse({ state: next }, brief);
  }
  const response = viewOf(rules, next);
  if (options?.recap || options?.compact) {
    const what = recapOf(rules, state, next, action, report);
    if (options.recap) response.recap = what;
    if (options.compact) {
      response.view = compactOf(rules, next, what);
      if (options.events) (response.view as CompactView).events = report!.events;
    }
  }
  if (options?.events) response.events = report!.events;
  return response;
}

/** The fast simulation handle: one state stepped in place (refuse then apply, or apply alone when trusted). */
function createSim<S, A, O extends Observation>(rules: Rules<S, A, O>): Sim<S, A> {
  let state = rules.init(0);
  return {
    get state() {
      return state;
    },
    reset(seed: number) {
      state = rules.init(seed >>> 0);
    },
    legalActions: () => rules.legalActions(state),
    step(action: A, report?: StepReport): RuleRefusal | null {
      const turnedDown = rules.refuse(state, action);
      if (turnedDown) return turnedDown;
      rules.apply(state, action, report);
      return null;
    },
    stepTrusted(action: A, report?: StepReport) {
      rules.apply(state, action, report);
    },
    score: () => rules.score(state),
    gameOver: () => rules.gameOver(state),
  };
}

function refusal<A>(reason: string, message: string, legalActions: A[]): Refusal<A> {
  return { ok: false, reason, message, legalActions };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
