// The delivery log of one endpoint, newest first, filtered by status and event type, one page at
// a time with an exact total (the log is bounded by retention, so counting it stays cheap).
import type { z } from "zod";
import { db } from "../db";
import { notFound } from "../http/api-error";
import type { DeliveryQuery } from "./delivery-query";
import { deliverySummarySelect, toWebhookDeliverySummary } from "./to-webhook-delivery";
import type { deliveryPageSchema } from "./webhook-response";

export type DeliveryPage = z.output<typeof deliveryPageSchema>;

export async function listWebhookDeliveries(options: { ownerId: string; subscriptionId: string } & Partial<DeliveryQuery>): Promise<DeliveryPage> {
  if (!options.ownerId) throw new Error("listWebhookDeliveries needs an owner");
  const subscription = await db().webhookSubscription.findFirst({
    where: { id: options.subscriptionId, ownerId: options.ownerId },
    select: { id: true },
  });
  if (!subscription) throw notFound("Webhook not found");
  const page = options.page ?? 1;
  const perPage = options.perPage ?? 20;
  const where = {
    subscriptionId: subscription.id,
    ...(options.status ? { status: options.status } : {}),
    ...(options.event ? { event: { type: options.event } } : {}),
  };
  const [rows, total] = await Promise.all([
    db().webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { sequence: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: deliverySummarySelect,
    }),
    db().webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(toWebhookDeliverySummary), pageInfo: { total, page, perPage, hasMore: page * perPage < total } };
}
