import { invalidJson, invalidInput, unsupportedMediaType } from "./api-error";
import { unstorableTextIssues } from "./storable-text";

/**
 * `alreadyRead`: the body's text when Idempotency-Key read it first (lib/idempotency).
 * An empty body reads as undefined (so the body schema decides); anything unparsable is 400.
 * A body must be declared JSON: without that a browser may send it cross-site as a "simple"
 * request (text/plain forms), so any other or missing Content-Type is 415. Strings PostgreSQL
 * cannot store are refused here, once for every route (400 Invalid input with their paths).
 */
export async function readJsonBody(req: Request, alreadyRead?: string): Promise<unknown> {
  const text = alreadyRead ?? (await req.text());
  if (text.trim() === "") return undefined;
  if (!isJsonMediaType(req.headers.get("content-type"))) throw unsupportedMediaType();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  const issues = unstorableTextIssues(value);
  if (issues.length > 0) throw invalidInput(issues);
  return value;
}

/** application/json or a structured-syntax `+json` type, parameters (charset) allowed. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const essence = contentType.split(";")[0].trim().toLowerCase();
  return essence === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
}
