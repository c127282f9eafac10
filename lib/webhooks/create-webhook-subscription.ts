import { db } from "../db";
import { parseOrThrow } from "../http/parse-input";
import { checkWebhookUrl } from "./check-webhook-url";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { createSubscriptionInputSchema, type CreateSubscriptionInput } from "./subscription-input";
import { subscriptionSelect, toWebhookSubscription, type WebhookSubscriptionView } from "./to-webhook-subscription";

/** Returns the signing secret with the subscription (the receiver needs it to verify). */
export async function createWebhookSubscription(options: {
  ownerId: string;
  input: CreateSubscriptionInput;
}): Promise<WebhookSubscriptionView & { secret: string }> {
  if (!options.ownerId) throw new Error("createWebhookSubscription needs an owner");
  const input = parseOrThrow(createSubscriptionInputSchema, options.input);
  await checkWebhookUrl(input.url);
  const secret = generateWebhookSecret();
  const row = await db().webhookSubscription.create({
    data: { ownerId: options.ownerId, url: input.url, events: input.events, secret },
    select: subscriptionSelect,
  });
  return { ...toWebhookSubscription(row), secret };
}
