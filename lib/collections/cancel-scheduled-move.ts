// DELETE /api/collections/:id/scheduled/:scheduleId (MODELING "Scheduled label moves"): cancels a
// pending move; one already applied (or failed, replaced, cancelled) is 404. The move's row is
// the only thing touched: a tick applying it at this moment holds that row, so either the cancel
// waits and then finds it applied (404), or the tick finds it gone and does nothing.
import { auditInsertSql } from "../audit/record-audit";
import { Prisma } from "../generated/prisma/client";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { findCollection } from "./find-collection";
import type { Owner } from "./owner";

export async function cancelScheduledMove(options: { owner: Owner; collectionId: string; scheduleId: string }): Promise<{ success: true }> {
  const collection = await findCollection(db(), { ownerId: options.owner.id, slug: options.collectionId });
  // The cancellation and its audit row in one statement: the row only when a move was cancelled.
  const audit = auditInsertSql(
    { action: "label.schedule_cancelled", target: { type: "schedule", id: options.scheduleId }, changes: { collection: collection.slug } },
    Prisma.sql`EXISTS (SELECT 1 FROM gone)`,
  );
  const cancelled = await db().$queryRaw<{ id: string }[]>`
    WITH gone AS (DELETE FROM "ScheduledLabelMove" WHERE id = ${options.scheduleId} AND "collectionPk" = ${collection.pk} AND status = 'pending' RETURNING id)
    ${audit ? Prisma.sql`, audit AS (${audit})` : Prisma.empty}
    SELECT id FROM gone`;
  if (!cancelled.length) throw notFound("Scheduled move not found");
  return { success: true };
}
