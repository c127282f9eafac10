// One imported post, in its batch's transaction, through the same writers as the API
// (insertPost, writePostUpdate) with events off (PORTABILITY: imports fire no webhook per post).
// Each write records a revision through the history writer. Idempotent by source identity (ImportedItem): the item imported before → that post is updated;
// its slug held by any other post → skipped with a warning (never a duplicate, never an overwrite
// of a post the author wrote here). Fields a source gets wrong for our limits are repaired or
// dropped with a warning instead of failing the batch.
import { runLastStatement } from "../db-sql";
import type { TiptapDocument } from "../content/tiptap-document";
import type { Tx } from "../db";
import { createPostSchema, type CoauthorInput, type CreatePostInput } from "../posts/post-input";
import { insertPost } from "../posts/insert-post";
import { RESERVED_SLUGS } from "../posts/reserved-slugs";
import { slugify } from "../posts/slugify";
import { writePostUpdate } from "../posts/write-post-update";
import { SLUG_PATTERN } from "../slug-pattern";
import type { ImportPost, ImportSource } from "./import-item";
import { restoreExportedRevisions } from "./import-revisions";

export type ItemOutcome = { outcome: "created" | "updated" | "skipped"; warnings: string[] };

type Owner = { id: string; username: string };

export async function writeImportedPost(
  tx: Tx,
  options: { owner: Owner; source: ImportSource; item: ImportPost; content: TiptapDocument; now: Date },
): Promise<ItemOutcome> {
  const { owner, source, item, now } = options;
  const warnings: string[] = [];
  const input = repairFields({ ...item.fields, content: options.content }, warnings);
  if (!input) return { outcome: "skipped", warnings };
  input.coauthors = await resolveCoauthors(tx, owner, item, warnings);

  const key = { ownerId: owner.id, source, sourceKey: item.key };
  const mapping = await tx.importedItem.findUnique({ where: { ownerId_source_sourceKey: key } });
  const target = mapping ? await tx.post.findFirst({ where: { id: mapping.postId, ownerId: owner.id }, select: { id: true } }) : null;
  const bySlug = await tx.post.findUnique({ where: { ownerId_slug: { ownerId: owner.id, slug: input.slug } }, select: { id: true } });

  if (target) {
    if (bySlug && bySlug.id !== target.id) {
      return { outcome: "skipped", warnings: [...warnings, `The slug "${input.slug}" is taken by another post; the post imported from this item before was left as it is`] };
    }
    await runLastStatement(tx, await writePostUpdate(tx, { owner, id: target.id, input, now, events: false }));
    return { outcome: "updated", warnings };
  }
  if (bySlug) {
    return { outcome: "skipped", warnings: [...warnings, `The slug "${input.slug}" is taken by a post that did not come from this item`] };
  }
  const createdAt = item.createdAt ? new Date(item.createdAt) : undefined;
  const { id } = await insertPost(tx, { owner, input, now, events: false, createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : undefined });
  await tx.importedItem.upsert({ where: { ownerId_source_sourceKey: key }, create: { ...key, postId: id }, update: { postId: id } });
  // The writer recorded the import's revision; an Inkbase export's own history goes before it.
  await restoreExportedRevisions(tx, { postId: id, revisions: item.revisions });
  return { outcome: "created", warnings };
}

/** The fields as the API would accept them: a usable slug, texts within their limits, bad URLs dropped. */
function repairFields(fields: CreatePostInput, warnings: string[]): CreatePostInput | null {
  const input: Record<string, unknown> = { ...fields };
  let slug = typeof input.slug === "string" ? input.slug : "";
  if (!SLUG_PATTERN.test(slug) || slug.length > 200) {
    const repaired = slugify(slug) || slugify(String(input.title ?? ""));
    if (slug) warnings.push(`The slug "${slug}" became "${repaired}"`);
    slug = repaired;
  }
  if (!slug) {
    warnings.push("No usable slug (from the item or its title); skipped");
    return null;
  }
  if (RESERVED_SLUGS.has(slug)) {
    warnings.push(`The slug "${slug}" is reserved here; skipped`);
    return null;
  }
  input.slug = slug;
  if (Array.isArray(input.tagNames)) {
    const tags = (input.tagNames as string[]).map((t) => t.trim().slice(0, 64)).filter((t) => /[\p{L}\p{N}]/u.test(t));
    if (tags.length > 20) warnings.push(`${tags.length} tags; the first 20 were kept`);
    input.tagNames = [...new Set(tags)].slice(0, 20);
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = createPostSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field === "title" && typeof input.title === "string") {
        input.title = input.title.trim().slice(0, 300) || "Untitled";
      } else if (field === "content") {
        warnings.push(`The content could not be kept (${issue.message})`);
        input.content = { type: "doc", content: [] };
      } else if (field && field !== "slug") {
        warnings.push(`"${field}" was dropped: ${issue.message}`);
        delete input[field];
      } else {
        warnings.push(`Skipped: ${issue.message}`);
        return null;
      }
    }
  }
  return null;
}

/** Users of this instance named by username must exist and not be the owner; the rest are external. */
async function resolveCoauthors(tx: Tx, owner: Owner, item: ImportPost, warnings: string[]): Promise<CoauthorInput[]> {
  const usernames = item.coauthors.flatMap((c) => ("username" in c ? [c.username] : []));
  const known = usernames.length ? new Map((await tx.user.findMany({ where: { username: { in: usernames } }, select: { id: true, username: true } })).map((u) => [u.username, u.id])) : new Map<string, string>();
  const seen = new Set<string>();
  const out: CoauthorInput[] = [];
  for (const coauthor of item.coauthors.slice(0, 20)) {
    if ("username" in coauthor) {
      const id = known.get(coauthor.username);
      if (!id) warnings.push(`Co-author "${coauthor.username}" has no account here and was left out`);
      else if (id !== owner.id && !seen.has(id)) {
        seen.add(id);
        out.push({ userId: id });
      }
      continue;
    }
    const name = coauthor.externalName.trim().slice(0, 200);
    if (!name) continue;
    const url = coauthor.externalUrl && /^https?:\/\//i.test(coauthor.externalUrl) && coauthor.externalUrl.length <= 2048 ? coauthor.externalUrl : null;
    out.push({ externalName: name, externalHandle: coauthor.externalHandle?.slice(0, 200) ?? null, externalUrl: url });
  }
  return out;
}
