// Path and query values under the edge text rule (storable-text.ts): a path value that cannot be
// stored names nothing (the route's own 404 or format 400 follows); a query value or name that
// cannot be stored is 400 Invalid input, like any other bad parameter.
import { invalidInput, type Issue } from "./api-error";
import { isStorableText, storablePathValue, UNSTORABLE_TEXT_MESSAGE } from "./storable-text";

type PathValue = string | string[] | undefined;

export function storableParams(raw: Record<string, PathValue>): Record<string, PathValue> {
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(storablePathValue) : typeof value === "string" ? storablePathValue(value) : value,
    ]),
  );
}

export function storableQuery(searchParams: URLSearchParams): Record<string, string> {
  const issues: Issue[] = [];
  for (const [name, value] of searchParams) {
    if (!isStorableText(name) || !isStorableText(value)) issues.push({ path: [storablePathValue(name)], message: UNSTORABLE_TEXT_MESSAGE });
  }
  if (issues.length > 0) throw invalidInput(issues);
  return Object.fromEntries(searchParams);
}
