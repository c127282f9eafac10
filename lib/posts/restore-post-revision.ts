// POST /api/posts/:id/revisions/:revision/restore (HISTORY.md): copies the revision's editable
// fields back onto the post — title, subtitle, excerpt (automatic again if it was), content, slug,
// tags, cover image, visibility, featured, co-authors and the SEO overrides — while `status` and
// `publishedAt` stay as they are now. One transaction, under the post's row lock: the If-Match
// check (412 with the current post, like PATCH), the copy, a `restore` revision naming the one
// restored from, and post.updated. The present is never lost: it is the revision before.
//
// A restore is always recorded, even one that changes nothing (the author asked for it). A user
// co-author whose account no longer exists is left out (the account cannot be named again); a
// slug another post has taken since is 409 `Slug already used`, as on PATCH.
import { recordAudit } from "../audit/record-audit";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { autoExcerpt } from "../content/auto-excerpt";
import { readingTimeOfWords } from "../content/reading-time";
import { wordCount } from "../content/word-count";
import { db, type Tx } from "../db";
import { conflict, notFound, preconditionFailed } from "../http/api-error";
import type { Prisma } from "../generated/prisma/client";
import { isUniqueViolation } from "../unique-violation";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { findPostRevision } from "./find-post-revision";
import { postEventData } from "./post-event-data";
import { POST_INCLUDE } from "./post-include";
import { RESTORED_FIELDS } from "./post-fields";
import type { CoauthorInput } from "./post-input";
import { ifMatchSatisfied, nextRevisionTime, postRevisionEtag } from "./post-revision";
import { recordPostRevision } from "./record-post-revision";
import { replacePostCoauthors } from "./replace-post-coauthors";
import { replacePostTags } from "./replace-post-tags";
import type { RevisionActor } from "./revision-actor";
import type { PostCoauthorResponse } from "./to-post";
import { toPost, type PostResponse } from "./to-post";
import type { TiptapDocument } from "../content/tiptap-document";

export async function restorePostRevision(options: {
  owner: { id: string; username: string };
  postId: string;
  revision: number;
  actor: RevisionActor;
  ifMatch?: string | null;
  now?: Date;
}): Promise<{ post: PostResponse; revision: number }> {
  const { owner, postId, revision, actor, ifMatch } = options;
  const now = options.now ?? new Date();
  const before = purgeAvailable() ? await postCacheTags([postId], { ownerId: owner.id }) : [];
  try {
    const restored = await db().$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ updatedAt: Date }[]>`
        SELECT "updatedAt" FROM "Post" WHERE id = ${postId} AND "ownerId" = ${owner.id} FOR UPDATE`;
      if (!locked) throw notFound("Post not found");
      const source = await findPostRevision({ ownerId: owner.id, postId, revision }, tx);
      if (ifMatch && !ifMatchSatisfied(ifMatch, postRevisionEtag(locked.updatedAt))) {
        const current = await tx.post.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE });
        throw preconditionFailed({ current: toPost(current, "tiptap") });
      }

      const content = source.content as unknown as TiptapDocument;
      const words = wordCount(content);
      const data: Prisma.PostUncheckedUpdateInput = {
        excerpt: source.excerptAuto ? autoExcerpt(content) : source.excerpt,
        excerptAuto: source.excerptAuto,
        content: source.content as Prisma.InputJsonObject,
        readingTime: readingTimeOfWords(words),
        updatedAt: nextRevisionTime(locked.updatedAt, now),
      };
      for (const field of RESTORED_FIELDS) (data as Record<string, unknown>)[field] = source[field];
      const post = await tx.post.update({ where: { id: postId }, data });
      await replacePostTags(tx, { ownerId: owner.id, postId, names: (source.tags as { name: string }[]).map((tag) => tag.name) });
      await replacePostCoauthors(tx, { ownerId: owner.id, postId, coauthors: await stillExisting(tx, source.coauthors as PostCoauthorResponse[]) });

      const recorded = await recordPostRevision(tx, { postId, reason: "restore", restoredFrom: revision, actor, now, wordCount: words });
      await recordAudit(tx, { action: "post.restored", target: { type: "post", id: postId, name: post.title }, changes: { fromRevision: revision } });
      await enqueueEvent(tx, {
        ownerId: owner.id,
        project: owner.username,
        type: "post.updated",
        orderingKey: `post:${postId}`,
        data: postEventData(post, owner.username),
        at: now,
      });
      const row = await tx.post.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE });
      return { post: toPost(row, "tiptap"), revision: recorded.revision };
    });
    // Old and new co-authors' blogs too; a draft's restore purges nothing readers could see.
    if (restored.post.status === "published") purgeAfterResponse("post restored", async () => [...before, ...(await postCacheTags([postId]))]);
    return restored;
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}

/** The snapshot's co-authors as input, without user accounts deleted since. */
async function stillExisting(tx: Tx, coauthors: PostCoauthorResponse[]): Promise<CoauthorInput[]> {
  const userIds = coauthors.flatMap((coauthor) => ("userId" in coauthor ? [coauthor.userId] : []));
  const known = userIds.length ? new Set((await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } })).map((user) => user.id)) : new Set<string>();
  return coauthors.flatMap((coauthor): CoauthorInput[] => {
    if ("userId" in coauthor) return known.has(coauthor.userId) ? [{ userId: coauthor.userId }] : [];
    return [{ externalName: coauthor.externalName, externalHandle: coauthor.externalHandle, externalUrl: coauthor.externalUrl }];
  });
}
