// The standard prompts of `hearth agent run --model` (and `hearth.evaluate(..., model=...)`, which runs this
// harness): versioned here, in the repository, and identified on every scorecard by their id and the SHA-256 of
// their definition (tags.prompt and tags.meta.promptHash), so two scorecards say whether they used the same prompt.
// A change to a prompt's text is a new id (naive-v2, ...): the old id's hash then no longer matches, and the
// board keeps them apart. Nothing here names a game: the rules, the view and the legal actions come from the
// game's spec and responses, and the few-shot examples are played by the game's own strong bot.
import { createHash } from 'node:crypto';
import { canonicalJson, type Game, type OkResponse, type Recap } from '@hearth/engine';

/** How the model answers: a line `Action: {...}` in its text, or a call of the one tool whose parameters are the action. */
export type AnswerMode = 'text' | 'tools';

export interface PromptDefinition {
  id: string;
  /** One line for people (hearth agent prompts). */
  title: string;
  /** The system prompt: the game's rules and how to answer. {{name}} {{goal}} {{summary}} {{grammar}} {{answer}} {{examples}}. */
  system: string;
  /** How to answer, per mode (the {{answer}} of the system prompt, repeated after a malformed reply). */
  answer: Record<AnswerMode, string>;
  /** Worked steps of the game shown in the system prompt (played by the game's strong bot), 0 for none. */
  examples: number;
}

const RULES = `You are playing {{name}}, a deterministic single-player turn-based game; the aim is the highest score.

Goal: {{goal}}

How to play:
{{summary}}

An action is a JSON object matching this JSON Schema:
{{grammar}}

Every turn you are shown the position (a small text picture with status lines), what your last action did, and
the legal actions. Play exactly one action per turn. An action the game refuses changes nothing: you are told
why and asked again.`;

export const PROMPTS: readonly PromptDefinition[] = [
  {
    id: 'naive-v1',
    title: 'the rules, the view and the legal actions; answer with one action and nothing else',
    system: `${RULES}\n\n{{answer}}`,
    answer: {
      text: 'Answer with one line and nothing else: Action: <the action as JSON>, e.g. Action: {"type": "..."}',
      tools: 'Answer by calling the tool "act" with the action. Do not explain.',
    },
    examples: 0,
  },
  {
    id: 'cot-v1',
    title: 'the same, but think step by step first (a few sentences), then one action',
    system: `${RULES}\n\n{{answer}}`,
    answer: {
      text: 'First think step by step about the position in a few short sentences: what each candidate action gains or risks now and next turn. Then end your reply with one line: Action: <the action as JSON>.',
      tools:
        'First think step by step about the position in a few short sentences: what each candidate action gains or risks now and next turn. Then call the tool "act" with the action.',
    },
    examples: 0,
  },
  {
    id: 'few-shot-v1',
    title: 'the rules, then worked steps of the game played by its strong bot, then the view; one action',
    system: `${RULES}\n\nWorked steps (a strong player on another seed; each shows what it was shown and what it played):\n\n{{examples}}\n\n{{answer}}`,
    answer: {
      text: 'Answer with one line and nothing else: Action: <the action as JSON>, e.g. Action: {"type": "..."}',
      tools: 'Answer by calling the tool "act" with the action. Do not explain.',
    },
    examples: 3,
  },
];

export const DEFAULT_PROMPT = 'naive-v1';
/** Earlier exchanges (view and answer) kept in the conversation by default: the history window K. */
export const DEFAULT_HISTORY = 4;
/** The seed the few-shot examples are played on (no challenge set holds it). */
export const EXAMPLE_SEED = 1;

export function promptById(id: string): PromptDefinition | null {
  return PROMPTS.find((p) => p.id === id) ?? null;
}

/** "sha256:<hex>" of the prompt's definition (canonical JSON): what tags.meta.promptHash records. */
export function promptHash(p: PromptDefinition): string {
  return `sha256:${createHash('sha256').update(canonicalJson(p), 'utf8').digest('hex')}`;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The response a model is shown at a turn: the full response with the compact view (the harness's session is compact). */
export type Shown = Pick<OkResponse, 'score' | 'gameOver' | 'legalActions'> & {
  view?: { text?: string; actions?: unknown; recap?: Recap };
};

/** Most legal actions listed one per line; beyond it the compact form of the view is given. */
const LIST_MAX = 60;

/** The legal actions as the model reads them: one JSON per line, or the view's compact form when there are many or none. */
export function legalText(shown: Shown): string {
  const legal = shown.legalActions ?? [];
  if (legal.length > 0 && legal.length <= LIST_MAX)
    return `Legal actions (${legal.length}):\n${legal.map((a) => JSON.stringify(a)).join('\n')}`;
  const compact = JSON.stringify(shown.view?.actions ?? null);
  return legal.length > 0
    ? `Legal actions: ${legal.length}, in compact form: ${compact}`
    : `Legal actions: any action matching the schema; in compact form: ${compact}`;
}

/** The user message of one turn. */
export function viewText(shown: Shown, turn: number): string {
  const recap = shown.view?.recap?.text;
  return [
    `Turn ${turn}, score ${shown.score}.`,
    ...(recap ? [`Your last action: ${recap}`] : []),
    '',
    shown.view?.text ?? '(no view)',
    '',
    legalText(shown),
  ].join('\n');
}

/** The answer to a refused action (nothing changed): the reason and the legal actions. */
export function refusalText(p: PromptDefinition, mode: AnswerMode, reason: string, message: string, shown: Shown): string {
  return `That action was refused (${reason}): ${message}\nNothing changed; it is still your turn.\n\n${legalText(shown)}\n\n${p.answer[mode]}`;
}

/** The answer to a reply from which no action could be read. */
export function malformedText(p: PromptDefinition, mode: AnswerMode, error: string, shown: Shown): string {
  return `I could not read an action from your reply: ${error}\nNothing changed; it is still your turn.\n\n${legalText(shown)}\n\n${p.answer[mode]}`;
}

const examplesCache = new Map<string, string>();

/**
 * The few-shot examples of a game: the first `n` turns of its strong bot on EXAMPLE_SEED, each as the model would
 * be shown it and answered (deterministic: the same text every time for the same rules version).
 */
export function examplesOf(game: Game, n: number, mode: AnswerMode): string {
  const key = `${game.slug}\n${game.spec.version}\n${n}\n${mode}`;
  const cached = examplesCache.get(key);
  if (cached !== undefined) return cached;
  const strong = game.policies.strong;
  const out: string[] = [];
  if (strong && n > 0) {
    const policy = strong(EXAMPLE_SEED);
    const start = game.init(EXAMPLE_SEED);
    let state: unknown = start.state;
    let response: Shown = { ...start, view: game.compact(start.state) };
    for (let i = 0; i < n && !response.gameOver; i++) {
      const action = policy.decide(state, response.legalActions);
      const next = game.act(state, action, { compact: true, trusted: true });
      if (!next.ok) break;
      const answer = mode === 'text' ? `Action: ${JSON.stringify(action)}` : `(calls act with ${JSON.stringify(action)})`;
      out.push(`--- shown ---\n${viewText(response, i)}\n--- answered ---\n${answer}`);
      state = next.state;
      response = next as Shown;
    }
  }
  const text = out.join('\n\n') || '(this game ships no strong bot to play examples)';
  examplesCache.set(key, text);
  return text;
}

/** The system prompt of a game. */
export function systemText(p: PromptDefinition, game: Game, mode: AnswerMode): string {
  const spec = game.spec;
  return fill(p.system, {
    name: spec.name,
    goal: String(spec.goal ?? ''),
    summary: (spec.summary ?? []).map((s) => `- ${s}`).join('\n'),
    grammar: JSON.stringify(spec.actionGrammar),
    answer: p.answer[mode],
    examples: p.examples > 0 ? examplesOf(game, p.examples, mode) : '',
  });
}
