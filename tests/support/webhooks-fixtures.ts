// Webhook test data: events enqueued the way the writes do (enqueueEvent in a transaction), and
// what receivers use to verify them (two independent libraries, one per signature scheme).
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { db } from "../../lib/db";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import type { EventType } from "../../lib/webhooks/event-types";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { createTestUser, uniqueName } from "./fixtures";
import { afterEach, beforeEach, expect } from "vitest";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "./webhook-receiver";

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

export type WebhookEndpoint = {
  receiver: WebhookReceiver;
  user: { id: string; username: string };
  subscription: { id: string; secret: string };
};

/**
 * For each test of the file: a fresh user with one endpoint subscribed to a fresh local receiver
 * (closed after the test). Private targets are allowed again after each test, for tests that
 * turn them off.
 */
export function freshWebhookEndpoint(): WebhookEndpoint {
  const endpoint = {} as WebhookEndpoint;
  beforeEach(async () => {
    endpoint.receiver = await startWebhookReceiver();
    endpoint.user = await createTestUser();
    endpoint.subscription = await createWebhookSubscription({ ownerId: endpoint.user.id, input: { url: endpoint.receiver.url } });
  });
  afterEach(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
    await endpoint.receiver.close();
  });
  return endpoint;
}
