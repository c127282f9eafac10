// The schema a collection declares for its entries (DECISIONS §4): field definitions that entry
// `data` is validated against, and the `indexes` mapping that projects data into the indexed
// columns. This zod schema validates the schema itself on collection create and update; an
// unknown field type, an unknown key or a contradictory option is a 400 there, never a surprise
// at entry-write time.
import { z } from "zod";
import { SLUG_PATTERN } from "../slug-pattern";
import { FIELD_TYPES, type FieldDefinition, type FieldType } from "./field-definition";
import { baseValidator } from "./field-validator";

// The field's own shape lives in field-definition.ts, which field-validator.ts reads too (this
// module imports the validator, so the validator must not import it).
export { FIELD_TYPES, type EnumValue, type FieldDefinition, type FieldType } from "./field-definition";

export const INDEX_COLUMNS = ["slug", "title", "summary", "tag"] as const;
export type IndexColumn = (typeof INDEX_COLUMNS)[number];

/** Types whose `min`/`max` bound a length (characters, or items for arrays). */
const LENGTH_TYPES: readonly FieldType[] = ["string", "text", "url", "email", "slug", "array"];
/** Types whose `min`/`max` bound the value. */
const RANGE_TYPES: readonly FieldType[] = ["number", "integer"];
/** Types that cannot carry `enum` (their values are documents, structures or entry ids). */
const NO_ENUM_TYPES: readonly FieldType[] = ["json", "richtext", "object", "reference"];

/** Bounds that keep validating one entry cheap whatever schema a client sends. */
export const MAX_FIELDS = 200;
export const MAX_NESTING = 5;

// A field name is also a segment of an index path, so both follow one rule: it starts with a
// letter or underscore, which also keeps a path segment from reading as an array position.
const KEY_PATTERN = "[A-Za-z_][A-Za-z0-9_-]*";
export const FIELD_NAME = new RegExp(`^${KEY_PATTERN}$`);
export const INDEX_PATH = new RegExp(`^${KEY_PATTERN}(?:\\.${KEY_PATTERN})*$`);

export type IndexMapping = Partial<Record<IndexColumn, string>>;

export type CollectionSchema = {
  title?: string;
  fields?: FieldDefinition[];
  indexes?: IndexMapping;
};

const fieldTypeSchema = z.enum(FIELD_TYPES, {
  error: (issue) => `Unknown field type "${String(issue.input)}" (allowed: ${FIELD_TYPES.join(", ")})`,
});

function checkField(field: FieldDefinition, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const bounded = LENGTH_TYPES.includes(field.type) || RANGE_TYPES.includes(field.type);
  if (!bounded) {
    if (field.min !== undefined) issue("min", `min does not apply to a ${field.type} field`);
    if (field.max !== undefined) issue("max", `max does not apply to a ${field.type} field`);
  }
  if (LENGTH_TYPES.includes(field.type)) {
    for (const key of ["min", "max"] as const) {
      const value = field[key];
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) issue(key, `${key} is a length here: a whole number, 0 or more`);
    }
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) issue("max", "max is below min");
  if (field.items !== undefined && field.type !== "array") issue("items", "items applies to array fields only");
  if (field.fields !== undefined && field.type !== "object") issue("fields", "fields applies to object fields only");
  const referencing = isReferenceField(field);
  if (referencing && field.collection === undefined) issue("collection", "A reference field names the collection it points into");
  if (!referencing && field.collection !== undefined) issue("collection", "collection applies to reference fields (or arrays of them) only");
  const enumType = field.type === "array" ? field.items : field.type;
  if (field.enum !== undefined && (enumType === undefined || NO_ENUM_TYPES.includes(enumType))) {
    issue("enum", `enum does not apply to ${field.type === "array" ? "items of this array" : `a ${field.type} field`}`);
  } else if (field.enum !== undefined && enumType !== undefined) {
    const base = baseValidator(enumType);
    field.enum.forEach((value, i) => {
      if (!base.safeParse(value).success) ctx.addIssue({ code: "custom", path: ["enum", i], message: `Not a valid ${enumType} value` });
    });
  }
}

function checkUniqueNames(fields: FieldDefinition[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    if (seen.has(field.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `Duplicate field name "${field.name}"` });
    seen.add(field.name);
  });
}

/**
 * One field, recursive through `fields` (one schema, so the OpenAPI document has one `$ref`
 * cycle instead of a copy per nesting level). The nesting bound is checked before this schema
 * sees the value (fieldListSchema), so validation never recurses deeper than MAX_NESTING.
 */
export const fieldDefinitionSchema: z.ZodType<FieldDefinition> = z
  .strictObject({
    name: z.string().max(64).regex(FIELD_NAME, "A field name starts with a letter or _ and has only letters, digits, _ and -"),
    type: fieldTypeSchema,
    required: z.boolean().optional(),
    enum: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1).max(500).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    items: fieldTypeSchema.optional().meta({ description: "`array` only: the type of every item (absent: any JSON value)." }),
    collection: z
      .string()
      .max(100)
      .regex(SLUG_PATTERN, "A collection slug has only lowercase letters, digits and -")
      .optional()
      .meta({ description: "`reference` fields and arrays of them: the slug of one of the account's collections (it may be this one). Values are ids of its entries." }),
    // A getter makes the cycle; it returns one constant so every visit sees the same schema.
    get fields() {
      return nestedFieldsProperty;
    },
  })
  .superRefine(checkField)
  .meta({ id: "CollectionField" }) as z.ZodType<FieldDefinition>;

const nestedFieldListSchema = z
  .array(fieldDefinitionSchema)
  .max(MAX_FIELDS)
  .superRefine(checkUniqueNames)
  .meta({ id: "CollectionFields", description: `At most ${MAX_FIELDS} fields with distinct names.` });
const nestedFieldsProperty = nestedFieldListSchema
  .optional()
  .meta({ description: `\`object\` only: the nested fields (absent: any object). Nests at most ${MAX_NESTING} levels deep.` });

/** Where a field list nests deeper than MAX_NESTING (the path to the first such `fields`), walked without recursion. */
function tooDeepAt(list: unknown): (string | number)[] | null {
  const stack: { list: unknown; depth: number; path: (string | number)[] }[] = [{ list, depth: 0, path: [] }];
  while (stack.length) {
    const { list: fields, depth, path } = stack.pop()!;
    if (!Array.isArray(fields)) continue;
    for (let i = 0; i < fields.length; i++) {
      const field: unknown = fields[i];
      const nested = field && typeof field === "object" ? (field as { fields?: unknown }).fields : undefined;
      if (!Array.isArray(nested) || nested.length === 0) continue;
      if (depth >= MAX_NESTING) return [...path, i, "fields"];
      stack.push({ list: nested, depth: depth + 1, path: [...path, i, "fields"] });
    }
  }
  return null;
}

/** A collection's top-level field list: the nesting bound first, then the recursive field schema. */
export const fieldListSchema = z.preprocess((value, ctx) => {
  const path = tooDeepAt(value);
  if (path) ctx.addIssue({ code: "custom", path, message: `Object fields nest at most ${MAX_NESTING} levels deep`, input: value });
  return value;
}, nestedFieldListSchema) as unknown as z.ZodType<FieldDefinition[]>;

export const indexMappingSchema = z.strictObject(
  Object.fromEntries(
    INDEX_COLUMNS.map((column) => [
      column,
      z.string().max(200).regex(INDEX_PATH, "An index path is dot-separated keys (seo.title)").optional(),
    ]),
  ) as Record<IndexColumn, z.ZodOptional<z.ZodString>>,
);

export const collectionSchemaSchema = z.strictObject({
  title: z.string().max(200).optional(),
  fields: fieldListSchema.optional(),
  indexes: indexMappingSchema.optional(),
});

/** A field whose values are entry ids: `reference`, or an array of them. */
export function isReferenceField(field: Pick<FieldDefinition, "type" | "items">): boolean {
  return field.type === "reference" || (field.type === "array" && field.items === "reference");
}

/** The stored schema as the domain sees it (the database column is untyped JSON). */
export function readCollectionSchema(stored: unknown): CollectionSchema {
  return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as CollectionSchema) : {};
}
