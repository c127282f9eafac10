// Change the URL (vetted again), the events, or the active flag. Switching a subscription off
// closes its waiting deliveries (fail-pending-deliveries.ts); switching it on, also after an
// automatic disable, clears the disabled state and the failure streak.
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { checkWebhookUrl } from "./check-webhook-url";
import { failPendingDeliveries } from "./fail-pending-deliveries";
import { updateSubscriptionInputSchema, type UpdateSubscriptionInput } from "./subscription-input";
import { subscriptionSelect, toWebhookSubscription, type WebhookSubscriptionView } from "./to-webhook-subscription";

export const PAUSED_REASON = "Paused by the owner";

export async function updateWebhookSubscription(options: {
  ownerId: string;
  id: string;
  input: UpdateSubscriptionInput;
}): Promise<WebhookSubscriptionView> {
  if (!options.ownerId) throw new Error("updateWebhookSubscription needs an owner");
  const input = parseOrThrow(updateSubscriptionInputSchema, options.input);
  if (input.url !== undefined) await checkWebhookUrl(input.url);
  const now = new Date();
  return db().$transaction(async (tx) => {
    const current = await tx.webhookSubscription.findFirst({
      where: { id: options.id, ownerId: options.ownerId },
      select: { active: true },
    });
    if (!current) throw notFound("Webhook not found");
    const switching = input.active !== undefined && input.active !== current.active;
    const row = await tx.webhookSubscription.update({
      where: { id: options.id },
      data: {
        url: input.url,
        events: input.events,
        ...(switching && input.active ? { active: true, disabledAt: null, disabledReason: null, failingSince: null } : {}),
        ...(switching && !input.active ? { active: false, disabledAt: now, disabledReason: PAUSED_REASON } : {}),
      },
      select: subscriptionSelect,
    });
    if (switching && !input.active) await failPendingDeliveries(tx, options.id, "Subscription disabled");
    const fields = Object.keys(input).filter((field) => input[field as keyof typeof input] !== undefined);
    await recordAudit(tx, { action: "webhook.updated", target: { type: "webhook", id: options.id, name: row.url }, changes: { fields } });
    return toWebhookSubscription(row, now);
  });
}
