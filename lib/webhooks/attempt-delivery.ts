// One attempt of one claimed delivery: sign the stored body with the subscription's current
// secrets, send it (with the SSRF guard), and record the outcome. The HTTP call happens outside
// any transaction.
import { db } from "../db";
import { env } from "../env";
import { eventBodyText } from "./event-body-text";
import { recordAttempt } from "./record-attempt";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import { signWebhook, signingSecrets } from "./sign-webhook";
import type { Claim } from "./claim-due-deliveries";

/** Null when the delivery no longer exists (its subscription was deleted after the claim). */
export async function attemptDelivery(
  claim: Claim,
  options: { manual?: boolean; timeoutMs?: number } = {},
): Promise<SendOutcome | null> {
  const delivery = await db().webhookDelivery.findUnique({
    where: { id: claim.id },
    select: {
      id: true,
      event: { select: { type: true, body: true } },
      subscription: { select: { id: true, url: true, secret: true, previousSecret: true, previousSecretExpiresAt: true } },
    },
  });
  if (!delivery) return null;

  const { subscription, event } = delivery;
  const body = eventBodyText(event.body);
  const now = new Date();
  const headers = signWebhook({
    deliveryId: delivery.id,
    eventType: event.type,
    body,
    secrets: signingSecrets(subscription, now),
    timestamp: now,
  });
  const outcome = await sendWebhook({
    url: subscription.url,
    body,
    headers,
    allowPrivate: env.webhookAllowPrivateTargets,
    timeoutMs: options.timeoutMs,
  });
  await recordAttempt({
    deliveryId: delivery.id,
    subscriptionId: subscription.id,
    claimedUntil: claim.lockedUntil,
    manual: options.manual ?? false,
    request: { url: subscription.url, headers, body },
    outcome,
  });
  return outcome;
}
