// A manual redelivery of one delivery: 404 unless it belongs to one of the owner's endpoints (and
// to the endpoint named, when one is), then the bare claim (claim-delivery.ts; 409 while an
// attempt of it is in flight).
import { db } from "../db";
import { notFound } from "../http/api-error";
import { claimDelivery } from "./claim-delivery";
import type { Claim } from "./claim-due-deliveries";

export async function claimForRedelivery(options: { ownerId: string; deliveryId: string; subscriptionId?: string }): Promise<Claim> {
  if (!options.ownerId) throw new Error("claimForRedelivery needs an owner");
  const owned = await db().webhookDelivery.findFirst({
    where: {
      id: options.deliveryId,
      ...(options.subscriptionId ? { subscriptionId: options.subscriptionId } : {}),
      subscription: { ownerId: options.ownerId },
    },
    select: { id: true },
  });
  if (!owned) throw notFound("Delivery not found");
  return claimDelivery(owned.id);
}
