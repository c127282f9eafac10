// What the entry form shows for the references an entry holds: each referenced entry's title (or
// slug, or id), read for the owner's entries only. One query for all of them.
import { db } from "../db";

export async function entryTitles(options: { ownerId: string; ids: string[] }): Promise<Record<string, string>> {
  if (!options.ids.length) return {};
  const rows = await db().$queryRaw<{ id: string; title: string | null; slug: string | null }[]>`
    SELECT e.id, e.title, e.slug FROM "Entry" e JOIN "Collection" c ON c.pk = e."collectionPk"
    WHERE c."ownerId" = ${options.ownerId} AND e.id = ANY(${[...new Set(options.ids)]}::text[])`;
  return Object.fromEntries(rows.map((row) => [row.id, row.title || row.slug || row.id]));
}
