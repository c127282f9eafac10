// The author's tags, by name, for the posts table's tag filter.
import { db } from "../db";

export async function listOwnerTags(options: { ownerId: string }): Promise<{ name: string; slug: string }[]> {
  return db().tag.findMany({ where: { ownerId: options.ownerId }, select: { name: true, slug: true }, orderBy: { name: "asc" } });
}
