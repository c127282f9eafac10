import { db } from "../db";
import { toCollection, type CollectionResponse } from "./to-collection";
import type { Owner } from "./owner";

/** GET /api/collections: the owner's collections, oldest first; entryCount is a kept counter, never a count(*). */
export async function listCollections(options: { owner: Owner }): Promise<CollectionResponse[]> {
  const rows = await db().collection.findMany({ where: { ownerId: options.owner.id }, orderBy: [{ createdAt: "asc" }, { slug: "asc" }] });
  return rows.map(toCollection);
}
