// The one edge rule for text: PostgreSQL cannot store the NUL character (text and jsonb refuse
// U+0000, which surfaced as a 500), and a lone UTF-16 surrogate is not a Unicode character at
// all (it was stored as-is in a post title and broke every later JSON encoder). Every string
// the wrapper hands on – body values and keys, query values, path values – passes this check.
import type { Issue } from "./api-error";

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSTORABLE_SOURCE = "\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, "g");

export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired surrogates";

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** Deeper than any document we store; a bound keeps the checks below off the call stack's limit. */
export const MAX_JSON_DEPTH = 128;

/**
 * Issues for every unstorable string (or object key) in a parsed JSON value, with its path, and
 * for nesting deeper than MAX_JSON_DEPTH. Walks with an explicit stack: a body nested 20 000
 * levels deep parses fine in V8 and must not overflow the call stack here.
 */
export function unstorableTextIssues(root: unknown): Issue[] {
  const issues: Issue[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0 && issues.length < 20) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) issues.push({ path, message: UNSTORABLE_TEXT_MESSAGE });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) {
      issues.push({ path: path.slice(0, MAX_JSON_DEPTH), message: `Nested more than ${MAX_JSON_DEPTH} levels deep` });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      // The key is reported in a storable form so the 400 body itself can be encoded.
      if (!isStorableText(key)) issues.push({ path: [...path, storable(key)], message: UNSTORABLE_TEXT_MESSAGE });
      else stack.push({ value: item, path: [...path, key] });
    }
  }
  return issues;
}

/**
 * A path value that PostgreSQL cannot store cannot name anything stored either. It is made
 * storable (U+FFFD for each offending code unit) so the route answers exactly as it does for
 * any unknown name: its own 404 body, or the 400 of its format rule.
 */
export function storablePathValue(value: string): string {
  return storable(value);
}

function storable(value: string): string {
  return value.replace(UNSTORABLE_ALL, "\uFFFD");
}
