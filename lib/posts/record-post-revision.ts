// The one writer of post revisions (HISTORY.md "What is kept"). Every post write calls it inside
// its own transaction, after its change, with the post as it now is:
//
//   await recordPostRevision(tx, { postId, snapshot, reason, actor, now });
//
// - `snapshot`: the post after the write (lib/posts/post-snapshot.ts: loadPostSnapshot(tx, id), or
//   snapshotOf(row, relations) when the caller already holds them).
// - `reason`: `create` (a draft is created), `publish`, `unpublish`, `schedule` (the write made the
//   post published now / a draft / published in the future), `restore` (with `restoredFrom`), or
//   `edit` for anything else.
// - `actor`: who wrote it (lib/posts/revision-actor.ts): the signed-in user or the API key.
// - `now`: the write's clock (tests pass their own).
//
// The caller must hold the post's row lock (SELECT … FOR UPDATE), or have created the post in this
// transaction: numbers are the newest + 1, and the coalescing decision reads the newest revision.
//
// Coalescing: an `edit` rewrites the newest revision in place (same number, new snapshot and
// createdAt) when that one is also an `edit`, by the same actor, and was first written less than
// 10 minutes before `now`. The window runs from the revision's first write (`startedAt`), so
// continuous typing still leaves a revision every 10 minutes, never one for a whole morning.
//
// Retention: a write that adds a revision prunes, in the same statement sequence, every revision
// older than the newest 50 except `publish` revisions less than 12 months old.
//
// A write that changed nothing must not call this (compare snapshots with sameSnapshot first).
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { wordCount } from "../content/word-count";
import type { PostSnapshot } from "./post-snapshot";
import { KEEP_NEWEST_REVISIONS, prunePostRevisions } from "./prune-post-revisions";
import { sameActor, type RevisionActor } from "./revision-actor";

export const REVISION_REASONS = ["create", "edit", "publish", "unpublish", "schedule", "restore"] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const COALESCE_WINDOW_MS = 10 * 60 * 1000;

export async function recordPostRevision(
  tx: Tx,
  input: { postId: string; snapshot: PostSnapshot; reason: RevisionReason; actor: RevisionActor; now: Date; restoredFrom?: number },
): Promise<{ revision: number; coalesced: boolean }> {
  const { postId, snapshot, reason, actor, now } = input;
  const newest = await tx.postRevision.findFirst({
    where: { postId },
    orderBy: { revision: "desc" },
    select: { revision: true, reason: true, actorType: true, actorId: true, startedAt: true },
  });
  const columns = snapshotColumns(snapshot);

  if (
    newest &&
    reason === "edit" &&
    newest.reason === "edit" &&
    sameActor(actor, { type: newest.actorType, id: newest.actorId }) &&
    now.getTime() - newest.startedAt.getTime() < COALESCE_WINDOW_MS
  ) {
    await tx.postRevision.update({ where: { postId_revision: { postId, revision: newest.revision } }, data: { ...columns, createdAt: now } });
    return { revision: newest.revision, coalesced: true };
  }

  const revision = (newest?.revision ?? 0) + 1;
  await tx.postRevision.create({
    data: {
      postId,
      revision,
      reason,
      restoredFrom: reason === "restore" ? (input.restoredFrom ?? null) : null,
      createdAt: now,
      startedAt: now,
      actorType: actor.type,
      actorId: actor.id,
      actorPrefix: actor.type === "key" ? actor.prefix : null,
      ...columns,
    },
  });
  if (revision > KEEP_NEWEST_REVISIONS) await prunePostRevisions(tx, { postId, now });
  return { revision, coalesced: false };
}

function snapshotColumns(snapshot: PostSnapshot) {
  return {
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    excerpt: snapshot.excerpt,
    excerptAuto: snapshot.excerptAuto,
    content: snapshot.content as unknown as Prisma.InputJsonObject,
    slug: snapshot.slug,
    tags: snapshot.tags as unknown as Prisma.InputJsonArray,
    coauthors: snapshot.coauthors as unknown as Prisma.InputJsonArray,
    coverImage: snapshot.coverImage,
    featured: snapshot.featured,
    visibility: snapshot.visibility,
    status: snapshot.status,
    publishedAt: snapshot.publishedAt,
    seoTitle: snapshot.seoTitle,
    seoDescription: snapshot.seoDescription,
    canonicalUrl: snapshot.canonicalUrl,
    ogTitle: snapshot.ogTitle,
    ogDescription: snapshot.ogDescription,
    ogImage: snapshot.ogImage,
    twitterTitle: snapshot.twitterTitle,
    twitterDescription: snapshot.twitterDescription,
    twitterImage: snapshot.twitterImage,
    robots: snapshot.robots,
    wordCount: wordCount(snapshot.content),
  };
}
