import { db } from "../db";
import { recordAudit } from "../audit/record-audit";
import { notFound } from "../http/api-error";

/** Its deliveries and their attempt log go with it; events already in the outbox stay for other subscriptions. */
export async function deleteWebhookSubscription(options: { ownerId: string; id: string }): Promise<{ success: true }> {
  if (!options.ownerId) throw new Error("deleteWebhookSubscription needs an owner");
  // The delete and its audit row together; none when nothing was deleted (404).
  const count = await db().$transaction(async (tx) => {
    const gone = await tx.webhookSubscription.deleteMany({ where: { id: options.id, ownerId: options.ownerId } });
    if (gone.count) await recordAudit(tx, { action: "webhook.deleted", target: { type: "webhook", id: options.id } });
    return gone.count;
  });
  if (!count) throw notFound("Webhook not found");
  return { success: true };
}
