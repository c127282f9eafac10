import type { z } from "zod";
import { db } from "../db";
import { subscriptionHealth } from "./subscription-health";
import { subscriptionSelect, toWebhookSubscription } from "./to-webhook-subscription";
import type { webhookListItemSchema } from "./webhook-response";

export type WebhookSubscriptionListItem = z.output<typeof webhookListItemSchema>;

/** The owner's endpoints, oldest first, each with its newest delivery's result and recent failures. */
export async function listWebhookSubscriptions(options: { ownerId: string }): Promise<WebhookSubscriptionListItem[]> {
  if (!options.ownerId) throw new Error("listWebhookSubscriptions needs an owner");
  const rows = await db().webhookSubscription.findMany({
    where: { ownerId: options.ownerId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: subscriptionSelect,
  });
  const now = new Date();
  const health = await subscriptionHealth(rows.map((row) => row.id), now);
  return rows.map((row) => ({ ...toWebhookSubscription(row, now), ...health.get(row.id)! }));
}
