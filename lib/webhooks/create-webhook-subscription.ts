// At most MAX_WEBHOOKS endpoints per account (400 past that), so the delivery log of one account
// stays bounded. The count and the insert run under a per-owner advisory lock, so two concurrent
// creates cannot both pass the check at 19.
import { recordAudit } from "../audit/record-audit";
import type { z } from "zod";
import { db } from "../db";
import { badRequest } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { checkWebhookUrl } from "./check-webhook-url";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { createSubscriptionInputSchema, type CreateSubscriptionInput } from "./subscription-input";
import { subscriptionSelect, toWebhookSubscription } from "./to-webhook-subscription";
import type { createdWebhookSchema } from "./webhook-response";

export const MAX_WEBHOOKS = 20;

/** Returns the signing secret with the subscription (the receiver needs it to verify): the only time it is shown. */
export async function createWebhookSubscription(options: {
  ownerId: string;
  input: CreateSubscriptionInput;
}): Promise<z.output<typeof createdWebhookSchema>> {
  if (!options.ownerId) throw new Error("createWebhookSubscription needs an owner");
  const input = parseOrThrow(createSubscriptionInputSchema, options.input);
  // DNS happens before the transaction: nothing waits on the lock meanwhile.
  await checkWebhookUrl(input.url);
  const secret = generateWebhookSecret();
  const row = await db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`inkbase:webhooks:${options.ownerId}`}, 0))`;
    const count = await tx.webhookSubscription.count({ where: { ownerId: options.ownerId } });
    if (count >= MAX_WEBHOOKS) throw badRequest("Webhook limit reached", { limit: MAX_WEBHOOKS });
    const created = await tx.webhookSubscription.create({
      data: { ownerId: options.ownerId, url: input.url, events: input.events, secret },
      select: subscriptionSelect,
    });
    await recordAudit(tx, { action: "webhook.created", target: { type: "webhook", id: created.id, name: input.url }, changes: { events: input.events } });
    return created;
  });
  return { ...toWebhookSubscription(row), secret };
}
