// POST …/deliveries/:deliveryId/redeliver: the delivery is claimed now (404 for another owner's,
// 409 while an attempt of it is in flight), answered 202, and attempted right after the response,
// logged as a manual attempt like any other.
import { attemptDelivery } from "./attempt-delivery";
import { claimForRedelivery } from "./claim-for-redelivery";
import { runAfterResponse } from "./run-after-response";

export async function queueRedelivery(options: { ownerId: string; subscriptionId: string; deliveryId: string }): Promise<{ deliveryId: string }> {
  const claim = await claimForRedelivery(options);
  runAfterResponse("redelivery", () => attemptDelivery(claim, { manual: true }));
  return { deliveryId: claim.id };
}
