import { db } from "../db";
import { notFound } from "../http/api-error";
import { subscriptionSelect, toWebhookSubscription, type WebhookSubscriptionView } from "./to-webhook-subscription";

/** The detail view, with the current signing secret (the dashboard reveals it on request). */
export async function getWebhookSubscription(options: {
  ownerId: string;
  id: string;
}): Promise<WebhookSubscriptionView & { secret: string }> {
  if (!options.ownerId) throw new Error("getWebhookSubscription needs an owner");
  const row = await db().webhookSubscription.findFirst({
    where: { id: options.id, ownerId: options.ownerId },
    select: { ...subscriptionSelect, secret: true },
  });
  if (!row) throw notFound("Webhook not found");
  return { ...toWebhookSubscription(row), secret: row.secret };
}
