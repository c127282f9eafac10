// `usedBy` (MEDIA.md): the owner's posts whose content, cover, OG or Twitter image, and entries
// any of whose retained versions (the published one too) mention a medium's files. A medium is
// recognised by `<id>/` in the stored text, so any of its URLs counts (the original or a
// variant, at the app's /media or at MEDIA_PUBLIC_URL, before or after a change of either).
// One statement for a page of media; it scans the owner's posts and entries, which is what
// "where is this used" means without a usage index to keep in step with every write.
import type { SqlRunner } from "../db-sql";
import type { MediaUse } from "./to-media";

export async function findMediaUsage(runner: SqlRunner, ownerId: string, ids: string[]): Promise<Map<string, MediaUse[]>> {
  if (!ownerId) throw new Error("findMediaUsage needs an owner");
  const found = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await runner.$queryRaw<{ mediaId: string; type: "post" | "entry"; id: string; title: string; collection: string | null }[]>`
    WITH wanted AS (SELECT id, id || '/' AS needle FROM unnest(${ids}::text[]) AS m(id))
    SELECT w.id AS "mediaId", 'post' AS type, p.id, p.title, NULL AS collection
    FROM wanted w
    JOIN "Post" p ON p."ownerId" = ${ownerId}
      AND (strpos(p.content::text, w.needle) > 0
        OR strpos(coalesce(p."coverImage", ''), w.needle) > 0
        OR strpos(coalesce(p."ogImage", ''), w.needle) > 0
        OR strpos(coalesce(p."twitterImage", ''), w.needle) > 0)
    UNION ALL
    SELECT w.id, 'entry', e.id, coalesce(e.title, e.slug, e.id), c.slug
    FROM wanted w
    JOIN "Collection" c ON c."ownerId" = ${ownerId}
    JOIN "Entry" e ON e."collectionPk" = c.pk
    WHERE EXISTS (SELECT 1 FROM "EntryVersion" v WHERE v."entryId" = e.id AND strpos(v.data::text, w.needle) > 0)
    ORDER BY 2, 4, 3`;
  for (const row of rows) {
    found.get(row.mediaId)?.push(row.type === "post" ? { type: "post", id: row.id, title: row.title } : { type: "entry", id: row.id, title: row.title, collection: row.collection ?? undefined });
  }
  return found;
}
