// DELETE /api/collections/:id: the collection with every entry, version and label, irreversibly
// (foreign keys cascade). No per-entry events: the collection itself is what went away. While
// another collection's schema has a reference field pointing into it, the answer is 409
// `Collection is referenced` naming those fields (MODELING "Reference fields") and nothing is
// deleted; `force` deletes it anyway (references into it then resolve as `deleted`). Runs under
// the owner's collections lock, which schema changes that add references take too.
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { conflict, notFound } from "../http/api-error";
import { readCollectionSchema } from "./collection-schema";
import type { Owner } from "./owner";
import { REFERRERS_SHOWN } from "./referrers-sql";
import { lockOwnerCollections, schemaReferences } from "./schema-references";

export async function deleteCollection(options: { owner: Owner; id: string; force?: boolean }): Promise<{ success: true }> {
  const { owner, id } = options;
  return db().$transaction(async (tx) => {
    await lockOwnerCollections(tx, owner.id);
    const collections = await tx.collection.findMany({ where: { ownerId: owner.id }, select: { slug: true, schema: true }, orderBy: { slug: "asc" } });
    if (!collections.some((collection) => collection.slug === id)) throw notFound("Collection not found");
    if (options.force !== true) {
      const referencedBy = collections
        .filter((collection) => collection.slug !== id)
        .flatMap((collection) =>
          schemaReferences(readCollectionSchema(collection.schema).fields)
            .filter((ref) => ref.collection === id)
            .map((ref) => ({ collection: collection.slug, path: ref.pointer })),
        );
      if (referencedBy.length) throw conflict({ error: "Collection is referenced", referencedBy: referencedBy.slice(0, REFERRERS_SHOWN) });
    }
    await tx.collection.deleteMany({ where: { ownerId: owner.id, slug: id } });
    await recordAudit(tx, { action: "collection.deleted", target: { type: "collection", id } });
    return { success: true };
  });
}
