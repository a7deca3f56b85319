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
  const view = (state: S): OkResponse<S, A, O> => {
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
  };

  const recap = (before: S, after: S, action: A, report?: StepReport): Recap => {
    if (rules.recap) {
      if (!report) {
        report = newStepReport();
        rules.apply(rules.clone(before), action, report);
      }
      return rules.recap(before, after, action, report);
    }
    const points = rules.score(after) - rules.score(before);
    return { text: points === 0 ? 'no points' : `${points > 0 ? '+' : ''}${points} points`, points, items: [] };
  };

  const compact = (state: S, lastRecap?: Recap): CompactView => {
    const brief = rules.brief ? rules.brief(state) : { text: rules.observe(state).text, actions: rules.legalActions(state) as never };
    const out: CompactView = { score: rules.score(state), gameOver: rules.gameOver(state), text: brief.text, actions: brief.actions };
    if (lastRecap) out.recap = lastRecap;
    return out;
  };

  const act = (rawState: unknown, rawAction: unknown, options?: ActOptions): ActResponse<S, A, O> | LeanResponse<S> => {
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
      const report = options?.lean || options?.recap || options?.compact || options?.events ? newStepReport() : undefined;
      rules.apply(next, parsedAction.value, report);
      if (options?.lean) {
        const brief = compact(next, recap(state, next, parsedAction.value, report));
        if (options.events) brief.events = report!.events;
        return leanResponse({ state: next }, brief);
      }
      const response = view(next);
      if (options?.recap || options?.compact) {
        const what = recap(state, next, parsedAction.value, report);
        if (options.recap) response.recap = what;
        if (options.compact) {
          response.view = compact(next, what);
          if (options.events) (response.view as CompactView).events = report!.events;
        }
      }
      if (options?.events) response.events = report!.events;
      return response;
    } catch (error) {
      return refusal(Reasons.internalError, `engine error: ${describe(error)}`, []);
    }
  };

  const init = (seed: number): InitResponse<S, A, O> => ({ ...view(rules.init(seed >>> 0)), spec });

  const createSim = (): Sim<S, A> => {
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
  };

  return {
    slug: spec.slug,
    name: spec.name,
    spec,
    rules,
    init,
    act: act as Game<S, A, O>['act'],
    view,
    recap,
    compact,
    createSim,
    policies: options.policies ?? {},
  };
}

function refusal<A>(reason: string, message: string, legalActions: A[]): Refusal<A> {
  return { ok: false, reason, message, legalActions };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
