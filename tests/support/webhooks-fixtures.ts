// Webhook test data: events enqueued the way the writes do (enqueueEvent in a transaction), and
// what receivers use to verify them (two independent libraries, one per signature scheme).
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { db } from "../../lib/db";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import type { EventType } from "../../lib/webhooks/event-types";
import { uniqueName } from "./fixtures";
import type { ReceivedWebhook } from "./webhook-receiver";

export async function enqueueTestEvent(
  owner: { id: string; username: string },
  options: { type?: EventType; orderingKey?: string; data?: Record<string, string | number | boolean | null> } = {},
) {
  const type = options.type ?? "entry.created";
  return db().$transaction((tx) =>
    enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type,
      orderingKey: options.orderingKey ?? `entry:${uniqueName("e")}`,
      data: options.data ?? { note: uniqueName("data") },
    }),
  );
}

/** X-Service-Signature, checked the way a GitHub-style receiver does. */
export function verifiesServiceSignature(secret: string, request: ReceivedWebhook): Promise<boolean> {
  return verifyGithubStyle(secret, request.body, request.headers["x-service-signature"]);
}

/** webhook-id / webhook-timestamp / webhook-signature, checked by the standardwebhooks library. */
export function verifiesStandardSignature(secret: string, request: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
}
