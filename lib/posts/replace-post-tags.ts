// `tagNames` replaces a post's tags. Tags are per project and found or created by slug (two
// names with one slug are one tag; the first spelling is kept). ON CONFLICT DO NOTHING makes two
// concurrent writes that introduce the same tag both succeed.
import type { Tx } from "../db";
import { tagSlug } from "./tag-slug";

export async function replacePostTags(tx: Tx, input: { ownerId: string; postId: string; names: string[] }): Promise<void> {
  const bySlug = new Map<string, string>();
  for (const raw of input.names) {
    const name = raw.trim().replace(/\s+/g, " ");
    const slug = tagSlug(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  await tx.postTag.deleteMany({ where: { postId: input.postId } });
  if (bySlug.size === 0) return;
  await tx.tag.createMany({
    data: [...bySlug].map(([slug, name]) => ({ ownerId: input.ownerId, slug, name })),
    skipDuplicates: true,
  });
  const tags = await tx.tag.findMany({
    where: { ownerId: input.ownerId, slug: { in: [...bySlug.keys()] } },
    select: { id: true },
  });
  await tx.postTag.createMany({ data: tags.map((tag) => ({ postId: input.postId, tagId: tag.id })) });
}
