// POST /api/posts/bulk. Ids the caller does not own are skipped; when none is left the answer is
// 404. `affected` counts the owned ids the action was applied to (each once), including posts
// already in the asked-for state. No webhooks (SPEC), and the cron tick must not announce these
// later either: a bulk publish marks its publications announced. Like PATCH, unpublishing clears
// a date that had passed and keeps a future one.
//
// `results` (for the dashboard's bulk bar; the route adds it to SPEC's `{ success, affected }` only
// when asked with `Prefer: return=representation`, so the contract's body is unchanged) has one
// item per distinct id in input order, shaped like the bulk entries results: `{ id, status: 200,
// changed }` where `changed` is false for a post already in the asked-for state, or
// `{ id, status: 404, error: "Post not found" }` for an id the caller does not own.
//
// History (HISTORY.md): every post the action changed gets a `publish` or `unpublish` revision in
// the same transaction. The owned rows are locked first (in id order, so two bulk calls cannot
// deadlock), as revisions are numbered under the post's row lock.
import { recordAudit } from "../audit/record-audit";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { db } from "../db";
import { notFound } from "../http/api-error";
import type { BulkPostsInput } from "./bulk-input";
import { recordPostRevision } from "./record-post-revision";
import { ownerActor, type RevisionActor } from "./revision-actor";

export type BulkPostResult = { id: string; status: 200; changed: boolean } | { id: string; status: 404; error: string };

export async function applyBulkAction(options: {
  ownerId: string;
  input: BulkPostsInput;
  /** Who acts, for the revisions; defaults to the owner. */
  actor?: RevisionActor;
  now?: Date;
}): Promise<{ affected: number; results: BulkPostResult[] }> {
  const { ownerId, input } = options;
  const now = options.now ?? new Date();
  const ids = [...new Set(input.ids)];
  // A delete takes the rows (and their co-authors) with it: their tags are read first.
  const deletedTags = input.action === "delete" && purgeAvailable() ? await postCacheTags(ids, { ownerId }) : [];

  const outcome = await db().$transaction(async (tx) => {
    const owned = await tx.$queryRaw<{ id: string; status: "draft" | "published" }[]>`
      SELECT id, status::text AS status FROM "Post" WHERE id = ANY(${ids}::text[]) AND "ownerId" = ${ownerId} ORDER BY id FOR UPDATE`;
    if (owned.length === 0) throw notFound("Post not found");
    const ownedIds = owned.map((post) => post.id);
    const statusOf = new Map(owned.map((post) => [post.id, post.status]));
    const results = ids.map((id): BulkPostResult => {
      const status = statusOf.get(id);
      if (status === undefined) return { id, status: 404, error: "Post not found" };
      const changed = input.action === "delete" || (input.action === "publish" ? status === "draft" : status === "published");
      return { id, status: 200, changed };
    });

    if (input.action === "delete") {
      await tx.post.deleteMany({ where: { id: { in: ownedIds }, ownerId } });
    } else if (input.action === "publish") {
      await tx.post.updateMany({
        where: { id: { in: ownedIds }, ownerId, status: "draft" },
        data: { status: "published", publishedAt: now, announcedAt: now, updatedAt: now },
      });
    } else {
      await tx.post.updateMany({
        where: { id: { in: ownedIds }, ownerId, status: "published", publishedAt: { lte: now } },
        data: { status: "draft", publishedAt: null, announcedAt: null, updatedAt: now },
      });
      await tx.post.updateMany({
        where: { id: { in: ownedIds }, ownerId, status: "published" },
        data: { status: "draft", announcedAt: null, updatedAt: now },
      });
    }
    if (input.action !== "delete") {
      const actor = options.actor ?? ownerActor(ownerId);
      for (const result of results) {
        if (result.status !== 200 || !result.changed) continue;
        await recordPostRevision(tx, { postId: result.id, reason: input.action, actor, now });
      }
    }
    // One audit row per post the action changed (a bulk delete: every owned one).
    const verb = input.action === "delete" ? "post.deleted" : input.action === "publish" ? "post.published" : "post.unpublished";
    for (const result of results) {
      if (result.status !== 200 || !result.changed) continue;
      await recordAudit(tx, { action: verb, target: { type: "post", id: result.id }, changes: { bulk: true } });
    }
    return { affected: ownedIds.length, results };
  });
  const changedIds = outcome.results.flatMap((result) => (result.status === 200 && result.changed ? [result.id] : []));
  if (changedIds.length) purgeAfterResponse(`bulk ${input.action}`, input.action === "delete" ? deletedTags : () => postCacheTags(changedIds, { ownerId }));
  return outcome;
}
