// JSON that PostgreSQL's jsonb cannot store. JSON.stringify writes a NUL character and a lone
// UTF-16 surrogate as \u escapes, and jsonb refuses both: caught here they are a 400 rather than
// a failed insert (a 500).
import { invalidInput } from "../http/api-error";

const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

export function hasUnstorableText(json: string): boolean {
  return UNSTORABLE_ESCAPE.test(json);
}

/** 400 Invalid input at `field` when the JSON text holds what jsonb cannot store. */
export function assertStorableJson(json: string, field: "data" | "meta"): void {
  if (hasUnstorableText(json)) {
    throw invalidInput([{ path: [field], message: "Strings may not contain NUL (\\u0000) or unpaired surrogates" }]);
  }
}
