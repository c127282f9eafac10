// POST /api/collections: at most 10 per account (400 past that, SPEC Collections rule 1), slug
// unique per owner (409), reference fields naming existing collections (or itself; else 400). The
// count, the checks and the insert run under the owner's collections lock, so two concurrent
// creates cannot both pass the check at nine, nor a named collection vanish meanwhile.
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db";
import { badRequest, conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { fieldsPath, foldSchema, type CreateCollectionInput } from "./collection-input";
import { inTransaction } from "./in-transaction";
import { checkSchemaReferences, lockOwnerCollections } from "./schema-references";
import { toCollection, type CollectionResponse } from "./to-collection";
import type { Owner } from "./owner";

export const MAX_COLLECTIONS = 10;

export async function createCollection(
  options: { owner: Owner; input: CreateCollectionInput },
  tx?: Tx,
): Promise<CollectionResponse> {
  const { owner, input } = options;
  const schema = foldSchema(input) ?? {};
  return inTransaction(tx, async (tx) => {
    await lockOwnerCollections(tx, owner.id);
    const count = await tx.collection.count({ where: { ownerId: owner.id } });
    if (count >= MAX_COLLECTIONS) throw badRequest("Collection limit reached");
    const taken = await tx.collection.findUnique({ where: { ownerId_slug: { ownerId: owner.id, slug: input.slug } }, select: { pk: true } });
    if (taken) throw conflict({ error: "Slug already used" });
    await checkSchemaReferences(tx, { ownerId: owner.id, ownSlug: input.slug, fields: schema.fields, fieldPath: fieldsPath(input) });
    try {
      const row = await tx.collection.create({ data: { ownerId: owner.id, slug: input.slug, name: input.name, schema } });
      await recordAudit(tx, { action: "collection.created", target: { type: "collection", id: row.slug, name: row.name } });
      return toCollection(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict({ error: "Slug already used" });
      throw err;
    }
  });
}
