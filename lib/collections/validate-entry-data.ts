// Entry `data` on every write: the size limit (SPEC Limits: 256 KiB of JSON or more is 413),
// then the collection's field definitions (400 Invalid input, paths under ["data"]).
import { invalidInput, payloadTooLarge } from "../http/api-error";
import { toIssues } from "../http/parse-input";
import type { CollectionSchema } from "./collection-schema";
import { objectValidator } from "./field-validator";
import { assertStorableJson } from "./json-text";

export const MAX_ENTRY_BYTES = 256 * 1024;

export function validateEntryData(schema: CollectionSchema, data: Record<string, unknown>): void {
  const json = JSON.stringify(data);
  if (Buffer.byteLength(json) >= MAX_ENTRY_BYTES) throw payloadTooLarge("Entry data too large");
  assertStorableJson(json, "data");
  if (!schema.fields?.length) return;
  const result = objectValidator(schema.fields).safeParse(data);
  if (!result.success) throw invalidInput(toIssues(result.error, ["data"]));
}
