import { db } from "../db";
import { notFound } from "../http/api-error";

/** Its deliveries and their attempt log go with it; events already in the outbox stay for other subscriptions. */
export async function deleteWebhookSubscription(options: { ownerId: string; id: string }): Promise<{ success: true }> {
  if (!options.ownerId) throw new Error("deleteWebhookSubscription needs an owner");
  const { count } = await db().webhookSubscription.deleteMany({ where: { id: options.id, ownerId: options.ownerId } });
  if (!count) throw notFound("Webhook not found");
  return { success: true };
}
