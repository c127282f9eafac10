// `tagNames` replaces a post's tags. Tags are per project and found or created by slug (two
// names with one slug are one tag; the first spelling is kept). ON CONFLICT DO NOTHING makes two
// concurrent writes that introduce the same tag both succeed; the tag ids are read by a later
// statement, which sees a tag another transaction created and committed meanwhile.
// Raw statements, so that it runs in either kind of transaction (lib/db-sql.ts).
import { cuid } from "../cuid";
import type { SqlRunner } from "../db-sql";
import { tagSlug } from "./tag-slug";

/** Replaces the post's tags; false (and nothing written) when it already has exactly these. */
export async function replacePostTags(tx: SqlRunner, input: { ownerId: string; postId: string; names: string[]; fresh?: boolean }): Promise<boolean> {
  const bySlug = new Map<string, string>();
  for (const raw of input.names) {
    const name = raw.trim().replace(/\s+/g, " ");
    const slug = tagSlug(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  const slugs = [...bySlug.keys()];
  if (!input.fresh) {
    // The tag of a slug is one row per project, so the same slugs are the same tags, names included.
    const current = await tx.$queryRaw<{ slug: string }[]>`
      SELECT t.slug FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE pt."postId" = ${input.postId}`;
    if (current.length === slugs.length && current.every((row) => bySlug.has(row.slug))) return false;
    await tx.$executeRaw`DELETE FROM "PostTag" WHERE "postId" = ${input.postId}`;
  }
  if (slugs.length === 0) return true;
  await tx.$executeRaw`
    INSERT INTO "Tag" (id, "ownerId", slug, name)
    SELECT t.id, ${input.ownerId}, t.slug, t.name FROM unnest(${slugs.map(() => cuid())}::text[], ${slugs}::text[], ${[...bySlug.values()]}::text[]) AS t(id, slug, name)
    ON CONFLICT ("ownerId", slug) DO NOTHING`;
  await tx.$executeRaw`
    INSERT INTO "PostTag" ("postId", "tagId")
    SELECT ${input.postId}, id FROM "Tag" WHERE "ownerId" = ${input.ownerId} AND slug = ANY(${slugs}::text[])`;
  return true;
}
