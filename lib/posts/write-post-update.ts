// The writes of a post update inside the caller's transaction (see update-post.ts for the rules).
// PATCH and imports share it; an import passes `events: false` (PORTABILITY: imports fire no
// webhook per post), and then a publication it makes counts as announced.
import { autoExcerpt } from "../content/auto-excerpt";
import { readingTime } from "../content/reading-time";
import type { TiptapDocument } from "../content/tiptap-document";
import type { Tx } from "../db";
import { env } from "../env";
import { notFound, preconditionFailed } from "../http/api-error";
import type { Post, Prisma } from "../generated/prisma/client";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { postEventData } from "./post-event-data";
import { SEO_FIELDS, type UpdatePostInput } from "./post-input";
import { POST_INCLUDE } from "./post-include";
import { ifMatchSatisfied, nextRevisionTime, postRevisionEtag } from "./post-revision";
import { readSnapshotRelations, sameSnapshot, snapshotOf, type SnapshotRow } from "./post-snapshot";
import { recordPostRevision, type RevisionReason } from "./record-post-revision";
import { ownerActor, type RevisionActor } from "./revision-actor";
import { fromWireVisibility } from "./post-visibility";
import { publicationTime } from "./publication-time";
import { replacePostCoauthors } from "./replace-post-coauthors";
import { replacePostTags } from "./replace-post-tags";
import { toPost } from "./to-post";

type LockedPost = SnapshotRow & Pick<Post, "announcedAt" | "updatedAt">;

const isLive = (status: string, publishedAt: Date | null, now: Date) =>
  status === "published" && publishedAt !== null && publishedAt.getTime() <= now.getTime();

/** Thrown inside the transaction to undo a write that changed nothing. */
export class NothingChanged {
  constructor(readonly updatedAt: Date) {}
}

/** Why a revision is written: the status change the write made, else an edit. */
export function revisionReason(before: { status: string; publishedAt: Date | null }, after: { status: string; publishedAt: Date | null }, now: Date): RevisionReason {
  const future = (date: Date | null) => date !== null && date.getTime() > now.getTime();
  if (after.status === "draft") return before.status === "published" ? "unpublish" : "edit";
  const moved = before.publishedAt?.getTime() !== after.publishedAt?.getTime();
  if (before.status === "draft" || moved) {
    if (future(after.publishedAt)) return "schedule";
    if (before.status === "draft" || future(before.publishedAt)) return "publish";
  }
  return "edit";
}

export async function writePostUpdate(
  tx: Tx,
  options: { owner: { id: string; username: string }; id: string; input: UpdatePostInput; ifMatch?: string | null; actor?: RevisionActor; now: Date; events: boolean },
): Promise<{ updatedAt: Date; changed: boolean }> {
  const { owner, id, input, ifMatch, now } = options;
  // Lock and read in one statement: only the columns this update depends on.
  const [old] = await tx.$queryRaw<LockedPost[]>`
    SELECT title, subtitle, excerpt, "excerptAuto", content, slug, "coverImage", featured, visibility::text AS visibility,
           status::text AS status, "publishedAt", "seoTitle", "seoDescription", "canonicalUrl", "ogTitle", "ogDescription",
           "ogImage", "twitterTitle", "twitterDescription", "twitterImage", robots, "announcedAt", "updatedAt"
    FROM "Post" WHERE id = ${id} AND "ownerId" = ${owner.id} FOR UPDATE`;
  if (!old) throw notFound("Post not found");
  if (ifMatch && !ifMatchSatisfied(ifMatch, postRevisionEtag(old.updatedAt))) {
    const current = await tx.post.findUniqueOrThrow({ where: { id }, include: POST_INCLUDE });
    throw preconditionFailed({ current: toPost(current, "tiptap") });
  }
  // bench/history's baseline measures PATCH without any of history's work.
  const history = !env.benchWithoutPostRevisions;
  const relations = history ? await readSnapshotRelations(tx, id) : { tags: [], coauthors: [] };
  const before = snapshotOf(old, relations);

  const status = input.status ?? old.status;
  let publishedAt =
    input.publishedAt === undefined ? old.publishedAt : input.publishedAt === null ? null : new Date(input.publishedAt);
  if (status === "published" && (old.status === "draft" || input.publishedAt !== undefined)) {
    publishedAt = publicationTime(publishedAt, now).publishedAt;
  } else if (status === "draft" && old.status === "published" && input.publishedAt === undefined) {
    if (publishedAt && publishedAt.getTime() <= now.getTime()) publishedAt = null;
  }
  const wasLive = isLive(old.status, old.publishedAt, now);
  const live = isLive(status, publishedAt, now);
  const announce = live && !wasLive;

  const content = (input.content ?? old.content) as unknown as TiptapDocument;
  const data: Prisma.PostUncheckedUpdateInput = {
    status,
    publishedAt,
    announcedAt: announce ? now : live ? old.announcedAt : null,
    updatedAt: nextRevisionTime(old.updatedAt, now),
  };
  if (input.title !== undefined) data.title = input.title;
  if (input.slug !== undefined) data.slug = input.slug;
  if (input.subtitle !== undefined) data.subtitle = input.subtitle;
  if (input.coverImage !== undefined) data.coverImage = input.coverImage;
  if (input.featured !== undefined) data.featured = input.featured;
  if (input.visibility !== undefined) data.visibility = fromWireVisibility(input.visibility);
  for (const field of SEO_FIELDS) if (input[field] !== undefined) data[field] = input[field];
  if (input.content !== undefined) {
    data.content = input.content as unknown as Prisma.InputJsonObject;
    data.readingTime = readingTime(content);
  }
  if (input.excerpt !== undefined) {
    // An empty or null excerpt hands it back to the content.
    const given = input.excerpt?.trim() ? input.excerpt : null;
    data.excerpt = given ?? autoExcerpt(content);
    data.excerptAuto = given === null;
  } else if (input.content !== undefined && old.excerptAuto) {
    data.excerpt = autoExcerpt(content);
  }

  const post = await tx.post.update({ where: { id }, data });
  if (input.tagNames !== undefined) await replacePostTags(tx, { ownerId: owner.id, postId: id, names: input.tagNames });
  if (input.coauthors !== undefined) {
    await replacePostCoauthors(tx, { ownerId: owner.id, postId: id, coauthors: input.coauthors, replacing: true });
  }
  if (history) {
    const after = snapshotOf(post, input.tagNames !== undefined || input.coauthors !== undefined ? await readSnapshotRelations(tx, id) : relations);
    if (sameSnapshot(before, after)) {
      // Undone by the caller's rollback (PATCH); an import cannot roll back its batch for one post,
      // so it puts updatedAt back instead: nothing changed, nothing recorded, no event.
      if (options.events) throw new NothingChanged(old.updatedAt);
      await tx.post.update({ where: { id }, data: { updatedAt: old.updatedAt } });
      return { updatedAt: old.updatedAt, changed: false };
    }
    await recordPostRevision(tx, { postId: id, snapshot: after, reason: revisionReason(before, after, now), actor: options.actor ?? ownerActor(owner.id), now });
  }
  if (options.events) await enqueueEvent(tx, {
    ownerId: owner.id,
    project: owner.username,
    type: announce ? "post.published" : "post.updated",
    orderingKey: `post:${id}`,
    data: postEventData(post, owner.username),
    at: now,
  });
  return { updatedAt: post.updatedAt, changed: true };
}
