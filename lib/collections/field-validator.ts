// Entry `data` validation built from a collection's field definitions (DECISIONS §4). Keys the
// schema does not declare are accepted and kept; the stored data is always the client's own
// object (the validators only judge it, they never reshape it).
import { z } from "zod";
import { tiptapDocumentSchema } from "../content/tiptap-document";
import type { EnumValue, FieldDefinition, FieldType } from "./field-definition";

import { SLUG_PATTERN } from "../slug-pattern";

/** The validator of one value of `type`, before `min`/`max`/`enum` (also used to vet `enum` lists). */
export function baseValidator(type: FieldType): z.ZodType {
  switch (type) {
    case "string":
    case "text":
      return z.string();
    case "number":
      return z.number();
    case "integer":
      return z.number().int();
    case "boolean":
      return z.boolean();
    case "date":
      return z.iso.date({ error: "Expected a date YYYY-MM-DD" });
    case "datetime":
      // A timestamp without an offset would mean a different instant on every server.
      return z.iso.datetime({ offset: true, error: "Expected an ISO 8601 date-time with Z or an offset" });
    case "url":
      // http(s) only: a `javascript:` URL stored in content ends up in someone's href.
      return z.url({ protocol: /^https?$/, error: "Expected an http or https URL" });
    case "email":
      return z.email();
    case "slug":
      return z.string().regex(SLUG_PATTERN, "Expected a slug: lowercase letters, digits and -");
    case "json":
      return z.unknown();
    case "richtext":
      return tiptapDocumentSchema;
    case "array":
      return z.array(z.unknown());
    case "object":
      return z.record(z.string(), z.unknown());
    case "reference":
      // The id's shape only; that it names an entry of the field's collection is checked
      // against the database by checkReferences (lib/collections/check-references.ts).
      return z.string({ error: "Expected an entry id (a string)" }).min(1).max(100);
  }
}

function withBounds(type: FieldType, validator: z.ZodType, min?: number, max?: number): z.ZodType {
  if (min === undefined && max === undefined) return validator;
  if (type === "number" || type === "integer") {
    return validator.refine((value) => (min === undefined || (value as number) >= min) && (max === undefined || (value as number) <= max), {
      message: rangeMessage("a value", min, max),
    });
  }
  const unit = type === "array" ? "items" : "characters";
  return validator.refine(
    (value) => {
      const length = (value as string | unknown[]).length;
      return (min === undefined || length >= min) && (max === undefined || length <= max);
    },
    { message: rangeMessage(`a length in ${unit}`, min, max) },
  );
}

function rangeMessage(what: string, min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `Expected ${what} from ${min} to ${max}`;
  return min !== undefined ? `Expected ${what} of at least ${min}` : `Expected ${what} of at most ${max}`;
}

function withEnum(validator: z.ZodType, values?: EnumValue[]): z.ZodType {
  if (!values) return validator;
  return validator.refine((value) => values.includes(value as EnumValue), {
    message: `Expected one of: ${values.map((value) => JSON.stringify(value)).join(", ")}`,
  });
}

/** The validator of one field's value (presence is handled by the enclosing object). */
export function fieldValidator(field: FieldDefinition): z.ZodType {
  if (field.type === "array") {
    const item = field.items ? withEnum(baseValidator(field.items), field.enum) : z.unknown();
    return withBounds("array", z.array(item), field.min, field.max);
  }
  if (field.type === "object" && field.fields) return objectValidator(field.fields);
  return withEnum(withBounds(field.type, baseValidator(field.type), field.min, field.max), field.enum);
}

/** A JSON object with the declared fields; undeclared keys pass through untouched. */
export function objectValidator(fields: FieldDefinition[]): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const value = fieldValidator(field);
    // Absent and null are the same for an optional field; a required one needs a real value.
    shape[field.name] = field.required
      ? z.unknown().refine((v) => v !== undefined && v !== null, { message: "Required" }).pipe(value as z.ZodType<unknown, any>) // eslint-disable-line @typescript-eslint/no-explicit-any
      : value.nullish();
  }
  return z.looseObject(shape);
}
