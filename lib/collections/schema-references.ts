// Reference fields as a schema declares them (MODELING "Reference fields"): where each one is in
// the field list (for a 400 on collection create or update naming a collection that does not
// exist) and where it puts ids in entry data (for the 409 on deleting a collection another
// collection's schema points into).
import type { Tx } from "../db";
import { invalidInput } from "../http/api-error";
import { isReferenceField, type FieldDefinition } from "./collection-schema";
import { toPointer } from "../diff/json-pointer";

export type SchemaReference = {
  /** Path of the field's `collection` key in the request body (`["schema", "fields", "2", "collection"]`). */
  fieldPath: string[];
  /** JSON pointer of the field in entry data (`/author`, `/seo/author`). */
  pointer: string;
  /** The field's keys from the top of entry data (`["seo", "author"]`). */
  dataPath: string[];
  /** An array of references rather than one. */
  many: boolean;
  collection: string;
};

export function schemaReferences(fields: FieldDefinition[] | undefined, fieldPath: string[] = ["fields"], dataPath: string[] = []): SchemaReference[] {
  const found: SchemaReference[] = [];
  (fields ?? []).forEach((field, i) => {
    const at = [...fieldPath, String(i)];
    if (isReferenceField(field) && field.collection) {
      const keys = [...dataPath, field.name];
      found.push({ fieldPath: [...at, "collection"], pointer: toPointer(keys), dataPath: keys, many: field.type === "array", collection: field.collection });
    }
    if (field.type === "object" && field.fields) found.push(...schemaReferences(field.fields, [...at, "fields"], [...dataPath, field.name]));
  });
  return found;
}

/**
 * 400 unless every reference field names one of the owner's collections or `ownSlug` (a
 * collection may point into itself). Callers hold the owner's collections lock, so a named
 * collection cannot be deleted before they commit.
 */
export async function checkSchemaReferences(
  tx: Tx,
  options: { ownerId: string; ownSlug: string; fields: FieldDefinition[] | undefined; fieldPath: string[] },
): Promise<void> {
  const refs = schemaReferences(options.fields, options.fieldPath).filter((ref) => ref.collection !== options.ownSlug);
  if (!refs.length) return;
  const existing = await tx.collection.findMany({
    where: { ownerId: options.ownerId, slug: { in: [...new Set(refs.map((ref) => ref.collection))] } },
    select: { slug: true },
  });
  const known = new Set(existing.map((row) => row.slug));
  const issues = refs.filter((ref) => !known.has(ref.collection)).map((ref) => ({ path: ref.fieldPath, message: `No collection \`${ref.collection}\`` }));
  if (issues.length) throw invalidInput(issues);
}

/** The owner's collections lock: creates (the count limit), deletes and schema changes that add references queue on it. */
export async function lockOwnerCollections(tx: Tx, ownerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`inkbase:collections:${ownerId}`}, 0))`;
}
