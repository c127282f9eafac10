// PATCH /api/collections/:id: `name` and/or the schema (replaced wholesale; see foldSchema);
// reference fields must name existing collections (400), checked under the owner's collections lock.
// When the indexes mapping changed, existing entries are re-projected in the same transaction,
// bounded by REPROJECTION_LIMIT, and the answer carries `reprojected`; when the reference fields
// changed, their reference index is rebuilt the same way (`references`).
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db";
import { env } from "../env";
import { INDEX_COLUMNS, type IndexMapping } from "./collection-schema";
import { fieldsPath, foldSchema, type UpdateCollectionInput } from "./collection-input";
import { entryCountSql } from "./entry-count-sql";
import { findCollection } from "./find-collection";
import { inTransaction } from "./in-transaction";
import { referenceSignature, reindexReferences, type Reindexed } from "./reindex-references";
import { reprojectEntries, type Reprojected } from "./reproject-entries";
import { checkSchemaReferences, lockOwnerCollections, schemaReferences } from "./schema-references";
import { toCollection, type CollectionResponse } from "./to-collection";
import type { Owner } from "./owner";

export async function updateCollection(
  options: { owner: Owner; id: string; input: UpdateCollectionInput },
  tx?: Tx,
): Promise<CollectionResponse & { reprojected?: Reprojected; references?: Reindexed }> {
  const { owner, id, input } = options;
  const sentFields = input.fields ?? input.schema?.fields;
  const addsReferences = schemaReferences(sentFields).length > 0;
  return inTransaction(tx, async (tx) => {
    // Before the collection's row lock, in the order deleteCollection takes them.
    if (addsReferences) await lockOwnerCollections(tx, owner.id);
    const current = await findCollection(tx, { ownerId: owner.id, slug: id, lock: "update" });
    if (addsReferences) await checkSchemaReferences(tx, { ownerId: owner.id, ownSlug: current.slug, fields: sentFields, fieldPath: fieldsPath(input) });
    const schema = foldSchema(input, current.parsedSchema);
    const row = await tx.collection.update({
      where: { pk: current.pk },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(schema !== undefined ? { schema } : {}),
        ...(input.protectedLabels !== undefined ? { protectedLabels: [...new Set(input.protectedLabels)] } : {}),
      },
    });
    const fields = Object.keys(input).filter((field) => input[field as keyof typeof input] !== undefined);
    await recordAudit(tx, { action: "collection.updated", target: { type: "collection", id: row.slug, name: row.name }, changes: { fields } });
    // Read after the row lock, in a statement of its own: the lock waited for the entry writes in
    // flight (they hold the row FOR KEY SHARE), and only a snapshot taken after them sees their
    // count slots (a count in findCollection's statement would miss them).
    const [{ entryCount }] = await tx.$queryRaw<{ entryCount: number }[]>`SELECT ${entryCountSql("c")} AS "entryCount" FROM "Collection" c WHERE pk = ${current.pk}`;
    if (schema === undefined) return toCollection({ ...row, entryCount });
    const answer: CollectionResponse & { reprojected?: Reprojected; references?: Reindexed } = toCollection({ ...row, entryCount });
    if (!sameMapping(current.parsedSchema.indexes, schema.indexes)) {
      answer.reprojected = await reprojectEntries(tx, {
        collectionPk: current.pk,
        indexes: schema.indexes,
        limit: env.reprojectionLimit,
        entryCount,
      });
    }
    if (referenceSignature(current.parsedSchema.fields) !== referenceSignature(schema.fields)) {
      answer.references = await reindexReferences(tx, {
        ownerId: owner.id,
        collectionPk: current.pk,
        fields: schema.fields,
        limit: env.reprojectionLimit,
        entryCount,
      });
    }
    return answer;
  });
}

function sameMapping(a: IndexMapping | undefined, b: IndexMapping | undefined): boolean {
  return INDEX_COLUMNS.every((column) => (a?.[column] ?? null) === (b?.[column] ?? null));
}
