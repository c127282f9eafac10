import { db } from "../db";
import { findCollection } from "./find-collection";
import { toCollection, type CollectionResponse } from "./to-collection";
import type { Owner } from "./owner";

/** GET /api/collections/:id: the collection and its schema. */
export async function getCollection(options: { owner: Owner; id: string }): Promise<CollectionResponse> {
  return toCollection(await findCollection(db(), { ownerId: options.owner.id, slug: options.id, count: true }));
}
