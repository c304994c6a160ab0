/**
 * Text every request may carry. A NUL character cannot be stored by PostgreSQL, and a lone UTF-16
 * surrogate (half of a character) cannot be written as UTF-8: both are refused at the edge with a
 * 400 instead of failing deep in a query. One refinement, applied by the server to every request
 * schema it compiles (body, query, parameters, headers), so no field can forget it.
 */

/** NUL, or a high surrogate without its low half, or a low surrogate without its high half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const TEXT_MESSAGES = {
  unsafe: "must not contain a NUL character or a broken Unicode character",
  tooDeep: "is nested too deeply",
} as const;

/** Nesting deeper than this is refused: no request of the spec comes close. */
export const MAX_INPUT_DEPTH = 32;

export function isUnsafeText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

export interface TextProblem {
  /** Path of the refused value, from the root of the input. */
  path: (string | number)[];
  message: string;
}

/**
 * The first string (or object key) in a parsed input that holds unsafe text, or a nesting deeper
 * than MAX_INPUT_DEPTH; null when the whole input is fine.
 */
export function findTextProblem(input: unknown): TextProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === "string") {
      if (isUnsafeText(value)) return { path, message: TEXT_MESSAGES.unsafe };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: [], message: TEXT_MESSAGES.tooDeep };
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return { path: [...path, key], message: TEXT_MESSAGES.unsafe };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** A list in a sentence, joined as people write it: "a", "a and b", "a, b and c". */
export function spokenList(items: readonly string[]): string {
  return items.length > 1
    ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
    : (items[0] ?? "");
}
