// Reading an action out of a model's reply without re-serialising it: the action's JSON text is cut out of the reply
// exactly as the model wrote it (the engine parses it once, as it would a program's line).

/** Spans [start, end) of the balanced JSON objects in a text, outermost only, strings respected. */
export function objectSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' && depth > 0) {
      depth--;
      if (depth === 0) spans.push([start, i + 1]);
    }
  }
  return spans;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isAction = (v: unknown): boolean =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { type?: unknown }).type === 'string';

/** The raw text of a member of a JSON object's text (`{"action": {...}, ...}` -> `{...}`), or null. */
export function memberText(objectText: string, key: string): string | null {
  const value = parse(objectText);
  if (!value || typeof value !== 'object' || Array.isArray(value) || !(key in value)) return null;
  // Walk the top level: after each "key": the value runs to the next top-level comma or the closing brace.
  let depth = 0;
  let inString = false;
  let tokenStart = -1;
  let lastKey: string | null = null;
  let valueStart = -1;
  for (let i = 0; i < objectText.length; i++) {
    const c = objectText[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 1 && valueStart < 0) lastKey = JSON.parse(objectText.slice(tokenStart, i + 1)) as string;
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      tokenStart = i;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 1 && valueStart >= 0 && lastKey === key) return objectText.slice(valueStart, i).trim();
      depth--;
    } else if (depth === 1 && c === ':' && valueStart < 0) valueStart = i + 1;
    else if (depth === 1 && c === ',') {
      if (valueStart >= 0 && lastKey === key) return objectText.slice(valueStart, i).trim();
      valueStart = -1;
      lastKey = null;
    }
  }
  return null;
}

export type ReadAction = { ok: true; text: string; action: unknown } | { ok: false; error: string };

/**
 * The action of a text reply: the JSON after the last line starting `Action:`, else the last JSON object in the
 * reply that is an action (an object with a string `type`). The action's text is returned as written.
 */
export function actionFromText(reply: string): ReadAction {
  const lines = reply.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\W*action\W*:\s*(.*)$/i.exec(lines[i]!.trim());
    if (!m) continue;
    const rest = [m[1]!, ...lines.slice(i + 1)].join('\n');
    const span = objectSpans(rest)[0];
    if (span) {
      const text = rest.slice(span[0], span[1]);
      const action = parse(text);
      if (action !== undefined) return { ok: true, text, action };
      return { ok: false, error: `the JSON after "Action:" does not parse: ${text.slice(0, 80)}` };
    }
  }
  const spans = objectSpans(reply);
  for (let i = spans.length - 1; i >= 0; i--) {
    const text = reply.slice(spans[i]![0], spans[i]![1]);
    const action = parse(text);
    if (isAction(action)) return { ok: true, text, action };
  }
  return {
    ok: false,
    error: reply.trim() === '' ? 'the reply is empty' : 'no line "Action: {...}" and no JSON object with a "type" in the reply',
  };
}

/** The action of a tool call's arguments text: its `action` member (as written), or the arguments themselves when they are an action. */
export function actionFromToolArguments(args: string): ReadAction {
  const value = parse(args);
  if (value === undefined) return { ok: false, error: `the tool call's arguments are not JSON: ${args.slice(0, 80)}` };
  if (value && typeof value === 'object' && !Array.isArray(value) && 'action' in value) {
    const text = memberText(args.trim(), 'action');
    if (text !== null) return { ok: true, text, action: (value as { action: unknown }).action };
  }
  if (isAction(value)) return { ok: true, text: args.trim(), action: value };
  return { ok: false, error: 'the tool call has no "action" argument' };
}
