// POST /api/collections/:id/entries/:entryId/labels/:name/requests: ask for a label move someone
// else must make (a protected label's, TEAMS.md). Records where the label points now
// (`fromVersion`, null when nowhere) and where it should (`toVersion`, a retained version), so an
// approval can tell whether the label moved meanwhile.
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { findCollection } from "../collections/find-collection";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { randomId } from "../random-id";
import { enqueueReviewEvent } from "./review-event";
import type { Review } from "./review-input";
import { reviewPeople, toReview } from "./to-review";

export async function requestLabelReview(options: {
  principal: Principal;
  collectionId: string;
  entryId: string;
  label: string;
  version: number;
  note?: string;
  now?: Date;
}): Promise<Review> {
  const { principal, entryId, label, version } = options;
  const now = options.now ?? new Date();
  return db().$transaction(async (tx) => {
    const collection = await findCollection(tx, { ownerId: principal.projectId, slug: options.collectionId });
    const [entry] = await tx.$queryRaw<{ current: number | null; target: boolean }[]>`
      SELECT (SELECT version FROM "EntryLabel" l WHERE l."entryId" = e.id AND l.name = ${label}) AS current,
             EXISTS (SELECT 1 FROM "EntryVersion" v WHERE v."entryId" = e.id AND v.version = ${version}) AS target
      FROM "Entry" e WHERE e.id = ${entryId} AND e."collectionPk" = ${collection.pk}`;
    if (!entry) throw notFound("Entry not found");
    if (!entry.target) throw notFound("Version not found");
    const row = await tx.review.create({
      data: {
        id: randomId("rvw"),
        projectId: principal.projectId,
        kind: "label",
        collectionSlug: collection.slug,
        entryId,
        label,
        fromVersion: entry.current,
        toVersion: version,
        requestedById: principal.actorId,
        note: options.note || null,
        createdAt: now,
      },
    });
    const review = toReview(row, await reviewPeople(tx, [row]));
    await enqueueReviewEvent(tx, { projectId: principal.projectId, project: principal.projectUsername, type: "review.requested", review, at: now });
    await recordAudit(tx, { action: "review.requested", target: { type: "review", id: review.id }, changes: { kind: "label", entryId: row.entryId, label: row.label, fromVersion: row.fromVersion, toVersion: row.toVersion } });
    return review;
  });
}
