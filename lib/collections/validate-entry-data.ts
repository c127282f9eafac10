// Entry `data` on every write: the size limit (SPEC Limits: 256 KiB of JSON or more is 413),
// then the collection's field definitions (400 Invalid input, paths under ["data"]).
import type { z } from "zod";
import { sizedLru } from "../cache/sized-lru";
import { invalidInput, payloadTooLarge } from "../http/api-error";
import { toIssues } from "../http/parse-input";
import type { CollectionSchema } from "./collection-schema";
import { objectValidator } from "./field-validator";
import { assertStorableJson } from "./json-text";

export const MAX_ENTRY_BYTES = 256 * 1024;

// Building a zod object per write was a large share of an entry write's CPU: zod compiles each new
// object schema on its first parse. Validators are kept by their field definitions' text, so a
// schema change (new text) gets a new validator at once and no collection ever sees another's.
const validators = sizedLru<{ validator: z.ZodType; size: number }>({
  slot: "inkbase.entryValidators",
  maxTotal: () => 4 * 1024 * 1024,
  sizeOf: (entry) => entry.size,
});

function validatorFor(fields: NonNullable<CollectionSchema["fields"]>): z.ZodType {
  const key = JSON.stringify(fields);
  const hit = validators.get(key);
  if (hit) return hit.validator;
  const validator = objectValidator(fields);
  // The key's length stands in for the validator's memory: both grow with the field list.
  validators.set(key, { validator, size: key.length * 20 });
  return validator;
}

/** Returns the data's JSON text, which the write stores: it is not serialized twice. */
export function validateEntryData(schema: CollectionSchema, data: Record<string, unknown>): string {
  const json = JSON.stringify(data);
  if (Buffer.byteLength(json) >= MAX_ENTRY_BYTES) throw payloadTooLarge("Entry data too large");
  assertStorableJson(json, "data");
  if (!schema.fields?.length) return json;
  const result = validatorFor(schema.fields).safeParse(data);
  if (!result.success) throw invalidInput(toIssues(result.error, ["data"]));
  return json;
}
