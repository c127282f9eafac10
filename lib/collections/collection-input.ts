// Request bodies of POST and PATCH /api/collections(/:id). `fields` and `indexes` may come at
// the top level and are folded into `schema` (SPEC Collections); any other key is a 400.
import { z } from "zod";
import { collectionSchemaSchema, fieldListSchema, indexMappingSchema, type CollectionSchema } from "./collection-schema";

const nameSchema = z.string().trim().min(1).max(200);
import { SLUG_PATTERN } from "../slug-pattern";
import { labelNameSchema } from "./label-name";

export const createCollectionBody = z.strictObject({
  name: nameSchema,
  slug: z.string().min(1).max(100).regex(SLUG_PATTERN, "A slug has only lowercase letters, digits and -"),
  schema: collectionSchemaSchema.optional(),
  fields: fieldListSchema.optional(),
  indexes: indexMappingSchema.optional(),
});

export const updateCollectionBody = z
  .strictObject({
    name: nameSchema.optional(),
    schema: collectionSchemaSchema.optional(),
    fields: fieldListSchema.optional(),
    indexes: indexMappingSchema.optional(),
    /** TEAMS.md: labels only editors and above may point or remove (admins set the list). */
    protectedLabels: z.array(labelNameSchema).max(50).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one of name, schema, fields, indexes, protectedLabels",
  });

export type CreateCollectionInput = z.output<typeof createCollectionBody>;
export type UpdateCollectionInput = z.output<typeof updateCollectionBody>;

type SchemaParts = { schema?: CollectionSchema; fields?: CollectionSchema["fields"]; indexes?: CollectionSchema["indexes"] };

/**
 * The schema to store. `schema`, when sent, replaces the stored one wholesale, with top-level
 * `fields`/`indexes` taking precedence over its keys of the same name. Without `schema`, the
 * top-level keys replace just those keys of `base` (the stored schema on PATCH), so
 * `PATCH { indexes }` changes the mapping without dropping the fields.
 */
export function foldSchema(input: SchemaParts, base: CollectionSchema = {}): CollectionSchema | undefined {
  if (input.schema === undefined && input.fields === undefined && input.indexes === undefined) return undefined;
  const folded: CollectionSchema = { ...(input.schema ?? base) };
  if (input.fields !== undefined) folded.fields = input.fields;
  if (input.indexes !== undefined) folded.indexes = input.indexes;
  return folded;
}

/** Where the field list came from in the request, for issue paths: top-level `fields`, else `schema.fields`. */
export function fieldsPath(input: SchemaParts): string[] {
  return input.fields !== undefined ? ["fields"] : ["schema", "fields"];
}
