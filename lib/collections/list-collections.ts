import { db } from "../db";
import { entryCountSql } from "./entry-count-sql";
import { toCollection, type CollectionResponse, type CollectionRow } from "./to-collection";

/** DECISIONS §3 fixes the list items' fields; `protectedLabels` is read on one collection (GET, PATCH). */
export type CollectionListItem = Omit<CollectionResponse, "protectedLabels">;
import type { Owner } from "./owner";

/** GET /api/collections: the owner's collections, oldest first; entryCount is a kept counter (./entry-count-sql.ts), never a count(*). */
export async function listCollections(options: { owner: Owner }): Promise<CollectionListItem[]> {
  const rows = await db().$queryRaw<Omit<CollectionRow, "protectedLabels">[]>`
    SELECT slug, name, schema, ${entryCountSql("c")} AS "entryCount", "createdAt", "updatedAt" FROM "Collection" c
    WHERE "ownerId" = ${options.owner.id} ORDER BY "createdAt" ASC, slug ASC`;
  return rows.map((row) => {
    const { protectedLabels: _omitted, ...item } = toCollection({ ...row, protectedLabels: null });
    void _omitted;
    return item;
  });
}
