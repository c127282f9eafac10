// Resolves `/api/collections/:id` for the owner: the id is the slug, unique per owner. Every
// entry and label write locks the row FOR KEY SHARE first, so a schema change (which takes FOR
// UPDATE, then re-projects entry rows) never interleaves with a write still projecting by the
// old mapping, and all writes take their locks in one order (collection, entry, label count,
// collection counter), which leaves no room for a deadlock. KEY SHARE does not conflict with
// itself or with the entryCount updates, so writes do not block each other on it.
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { readCollectionSchema, type CollectionSchema } from "./collection-schema";
import type { CollectionRow } from "./to-collection";

export type FoundCollection = CollectionRow & { pk: string; parsedSchema: CollectionSchema };

export async function findCollection(
  tx: SqlRunner,
  options: { ownerId: string; slug: string; lock?: "key share" | "update" },
): Promise<FoundCollection> {
  const { ownerId, slug, lock } = options;
  const lockClause =
    lock === "update" ? Prisma.sql`FOR UPDATE` : lock === "key share" ? Prisma.sql`FOR KEY SHARE` : Prisma.empty;
  const rows = await tx.$queryRaw<FoundCollection[]>`
    SELECT pk, slug, name, schema, "entryCount", "createdAt", "updatedAt" FROM "Collection"
    WHERE "ownerId" = ${ownerId} AND slug = ${slug} ${lockClause}`;
  const row = rows[0];
  if (!row) throw notFound("Collection not found");
  return { ...row, parsedSchema: readCollectionSchema(row.schema) };
}
