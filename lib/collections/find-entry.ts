// Resolves an entry path for reads: the owner's collection by slug (404 Collection not found),
// then the entry inside it (404 Entry not found).
import type { Tx } from "../db";
import { notFound } from "../http/api-error";
import { findCollection, type FoundCollection } from "./find-collection";

export type FoundEntry = { id: string; version: number; createdAt: Date; updatedAt: Date };

export async function findEntry(
  client: Tx,
  options: { ownerId: string; collectionId: string; entryId: string },
): Promise<{ collection: FoundCollection; entry: FoundEntry }> {
  const collection = await findCollection(client, { ownerId: options.ownerId, slug: options.collectionId });
  const entry = await client.entry.findFirst({
    where: { id: options.entryId, collectionPk: collection.pk },
    select: { id: true, version: true, createdAt: true, updatedAt: true },
  });
  if (!entry) throw notFound("Entry not found");
  return { collection, entry };
}
