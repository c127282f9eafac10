// PATCH /api/posts/:id: a partial update, including the publish and unpublish flips.
//
// - `publishedAt` and the 5-minute window apply whenever the post ends up published and either
//   was a draft or the body sets the date; `publishedAt: null` then means now. An already
//   published post keeps its date unless the body changes it.
// - Unpublishing clears a date that had already passed (DECISIONS §5: drafts have no
//   publishedAt unless one was set for scheduling); a future one is kept for re-publishing.
// - Events (DECISIONS §5): post.published when the PATCH makes the post published and visible
//   (published, its time reached) and it was not before; post.updated for every other PATCH.
//   `announcedAt` records that the current publication has been announced, so the cron tick
//   announces only what no PATCH has (reset whenever the post stops being visible).
// The post row is locked first, so two concurrent PATCHes cannot both announce one publication.
// `ifMatch` (the If-Match header, DASHBOARD.md) is checked under that lock: a post that changed
// since the caller read it is 412 with the current post, and nothing is written.
// History (HISTORY.md): the write records a revision (lib/posts/record-post-revision.ts) with the
// reason its status change gives (publish, unpublish, schedule; else a coalesced `edit`). A PATCH
// that leaves every field of the post's snapshot as it was is undone: no revision, no event, and
// `updatedAt` (the ETag) does not move.
import { autoExcerpt } from "../content/auto-excerpt";
import { fillMediaImageSizes } from "../media/fill-media-image-sizes";
import { readingTime } from "../content/reading-time";
import type { TiptapDocument } from "../content/tiptap-document";
import { db } from "../db";
import { env } from "../env";
import { conflict, notFound, preconditionFailed } from "../http/api-error";
import type { Post, Prisma } from "../generated/prisma/client";
import { isUniqueViolation } from "../unique-violation";
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
import { assertSlugNotReserved } from "./reserved-slugs";
import { toPost } from "./to-post";

type LockedPost = SnapshotRow & Pick<Post, "announcedAt" | "updatedAt">;

const isLive = (status: string, publishedAt: Date | null, now: Date) =>
  status === "published" && publishedAt !== null && publishedAt.getTime() <= now.getTime();

/** Thrown inside the transaction to undo a write that changed nothing. */
class NothingChanged {
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

export async function updatePost(options: {
  owner: { id: string; username: string };
  id: string;
  input: UpdatePostInput;
  ifMatch?: string | null;
  /** Who writes, for the revision (and its coalescing); defaults to the owner. */
  actor?: RevisionActor;
  now?: Date;
}): Promise<{ updatedAt: Date; changed: boolean }> {
  const { owner, id, ifMatch } = options;
  const now = options.now ?? new Date();
  if (options.input.slug !== undefined) assertSlugNotReserved(options.input.slug);
  // Media images get their true size (for srcset and a box); before the lock, it is a read.
  const input = options.input.content ? { ...options.input, content: await fillMediaImageSizes(owner.id, options.input.content) } : options.input;

  try {
    return await db().$transaction(async (tx) => {
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
        if (sameSnapshot(before, after)) throw new NothingChanged(old.updatedAt);
        await recordPostRevision(tx, { postId: id, snapshot: after, reason: revisionReason(before, after, now), actor: options.actor ?? ownerActor(owner.id), now });
      }
      await enqueueEvent(tx, {
        ownerId: owner.id,
        project: owner.username,
        type: announce ? "post.published" : "post.updated",
        orderingKey: `post:${id}`,
        data: postEventData(post, owner.username),
        at: now,
      });
      return { updatedAt: post.updatedAt, changed: true };
    });
  } catch (err) {
    if (err instanceof NothingChanged) return { updatedAt: err.updatedAt, changed: false };
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
