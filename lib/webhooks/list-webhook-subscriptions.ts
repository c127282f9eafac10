import { db } from "../db";
import { subscriptionSelect, toWebhookSubscription, type WebhookSubscriptionView } from "./to-webhook-subscription";

export async function listWebhookSubscriptions(options: { ownerId: string }): Promise<WebhookSubscriptionView[]> {
  if (!options.ownerId) throw new Error("listWebhookSubscriptions needs an owner");
  const rows = await db().webhookSubscription.findMany({
    where: { ownerId: options.ownerId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: subscriptionSelect,
  });
  return rows.map((row) => toWebhookSubscription(row));
}
