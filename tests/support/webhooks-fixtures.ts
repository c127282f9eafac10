// Webhook test data: events enqueued the way the writes do (enqueueEvent in a transaction), and
// what receivers use to verify them (two independent libraries, one per signature scheme).
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { db } from "../../lib/db";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import type { EventType } from "../../lib/webhooks/event-types";
import { uniqueName } from "./fixtures";
import { expect } from "vitest";
import type { ReceivedWebhook, WebhookReceiver } from "./webhook-receiver";

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

/** A JSON call with an API key that must succeed (status < 300); returns the body. */
export function keyedJsonCall(baseUrl: string, key: () => string) {
  return async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key()}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** The `count` webhooks that arrive after `mark` requests, checked against both signature schemes. */
export async function webhooksAfter(
  receiver: WebhookReceiver,
  expected: { secret: string; project: string },
  mark: number,
  count: number,
): Promise<ReceivedWebhook[]> {
  const requests = (await receiver.waitFor(mark + count)).slice(mark);
  for (const request of requests) {
    expect(await verifiesServiceSignature(expected.secret, request)).toBe(true);
    expect(verifiesStandardSignature(expected.secret, request)).toBe(true);
    expect(request.headers["x-service-event"]).toBe(request.json.type);
    expect(request.json).toMatchObject({ project: expected.project, createdAt: expect.any(String), id: expect.stringMatching(/^evt_/) });
  }
  return requests;
}
