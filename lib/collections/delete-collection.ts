import { db } from "../db";
import { notFound } from "../http/api-error";
import type { Owner } from "./owner";

/**
 * DELETE /api/collections/:id: the collection with every entry, version and label, irreversibly
 * (foreign keys cascade). No per-entry events: the collection itself is what went away.
 */
export async function deleteCollection(options: { owner: Owner; id: string }): Promise<{ success: true }> {
  const { count } = await db().collection.deleteMany({ where: { ownerId: options.owner.id, slug: options.id } });
  if (count === 0) throw notFound("Collection not found");
  return { success: true };
}
