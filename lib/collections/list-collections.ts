import { db } from "../db";
import { entryCountSql } from "./entry-count-sql";
import { toCollection, type CollectionResponse, type CollectionRow } from "./to-collection";
import type { Owner } from "./owner";

/** GET /api/collections: the owner's collections, oldest first; entryCount is a kept counter (./entry-count-sql.ts), never a count(*). */
export async function listCollections(options: { owner: Owner }): Promise<CollectionResponse[]> {
  const rows = await db().$queryRaw<CollectionRow[]>`
    SELECT slug, name, schema, "protectedLabels", ${entryCountSql("c")} AS "entryCount", "createdAt", "updatedAt" FROM "Collection" c
    WHERE "ownerId" = ${options.owner.id} ORDER BY "createdAt" ASC, slug ASC`;
  return rows.map(toCollection);
}
