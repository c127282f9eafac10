import { db } from "../db";
import { notFound } from "../http/api-error";
import { subscriptionSelect, toWebhookSubscription, type WebhookSubscriptionView } from "./to-webhook-subscription";

/** The detail view. The signing secret is not in it: it is shown once, on create and on rotate. */
export async function getWebhookSubscription(options: { ownerId: string; id: string }): Promise<WebhookSubscriptionView> {
  if (!options.ownerId) throw new Error("getWebhookSubscription needs an owner");
  const row = await db().webhookSubscription.findFirst({
    where: { id: options.id, ownerId: options.ownerId },
    select: subscriptionSelect,
  });
  if (!row) throw notFound("Webhook not found");
  return toWebhookSubscription(row);
}
