// DELETE /api/collections/:id/scheduled/:scheduleId (MODELING "Scheduled label moves"): cancels a
// pending move; one already applied (or failed, replaced, cancelled) is 404. The move's row is
// the only thing touched: a tick applying it at this moment holds that row, so either the cancel
// waits and then finds it applied (404), or the tick finds it gone and does nothing.
import { db } from "../db";
import { notFound } from "../http/api-error";
import { findCollection } from "./find-collection";
import type { Owner } from "./owner";

export async function cancelScheduledMove(options: { owner: Owner; collectionId: string; scheduleId: string }): Promise<{ success: true }> {
  const collection = await findCollection(db(), { ownerId: options.owner.id, slug: options.collectionId });
  const cancelled = await db().$executeRaw`
    DELETE FROM "ScheduledLabelMove" WHERE id = ${options.scheduleId} AND "collectionPk" = ${collection.pk} AND status = 'pending'`;
  if (!cancelled) throw notFound("Scheduled move not found");
  return { success: true };
}
