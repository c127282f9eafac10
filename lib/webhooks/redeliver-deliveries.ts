// Manual attempts of deliveries whose owner the caller has already checked (redeliver-failed),
// a few at a time, each claimed just before its attempt so no claim lapses while others run.
import { ApiError } from "../http/api-error";
import { attemptDelivery } from "./attempt-delivery";
import { claimDelivery } from "./claim-delivery";

const PARALLEL = 4;

/** A delivery already being attempted (by the tick or another redelivery) is skipped, not waited for. */
function skipInFlight(err: unknown): null {
  if (err instanceof ApiError && err.status === 409) return null;
  throw err;
}

/**
 * Any error but that 409 stops the run (the deliveries not reached yet stay as they were) and is
 * thrown once the attempts in flight have finished.
 */
export async function redeliverDeliveries(deliveryIds: string[]): Promise<void> {
  const queue = [...deliveryIds];
  const worker = async () => {
    try {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const claim = await claimDelivery(id).catch(skipInFlight);
        if (claim) await attemptDelivery(claim, { manual: true });
      }
    } catch (err) {
      queue.length = 0;
      throw err;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: PARALLEL }, worker));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failure) throw failure.reason;
}
