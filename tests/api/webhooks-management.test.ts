// The webhook management API (DASHBOARD.md endpoint table): scopes webhooks:read / webhooks:write
// for keys, sessions unscoped, another owner's endpoint or delivery is 404, the `ping` test event
// goes through the real outbox and queue and is logged per attempt with the request as sent,
// redelivery, the delivery log's filters and pages, and the cap on endpoints.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import type { Scope } from "../../lib/auth/scopes";
import { EVENT_TYPES } from "../../lib/webhooks/event-types";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor } from "../support/fixtures";
import { baseUrl } from "../support/posts-api";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { verifiesServiceSignature, verifiesStandardSignature } from "../support/webhooks-fixtures";

connectTestDatabase();

type Json = Record<string, unknown>;
type Attempt = { statusCode: number | null; responseExcerpt: string | null; error: string | null; manual: boolean; nextRetryAt: string | null; request: { url: string; headers: Record<string, string>; body: string } };
type Delivery = Json & { id: string; status: string; eventType: string; attempts: Attempt[] };

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

async function owner(scopes: Scope[] = ["webhooks:read", "webhooks:write"]) {
  const user = await createTestUser();
  const key = await createTestKey(user.id, scopes);
  const call = (method: string, path: string, body?: unknown, credentials: Record<string, string> = { Authorization: `Bearer ${key}` }) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...credentials, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await call(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBe(status);
    return JSON.parse(text) as Json;
  };
  const addEndpoint = async (body: Json = {}) =>
    (await json("POST", "/api/webhooks", { url: `${receiver.url}?u=${user.username}`, ...body }, 201)) as Json & { id: string; secret: string; url: string };
  /** Waits until the delivery has `count` attempts (they run after the response). */
  const attemptsOf = async (endpointId: string, deliveryId: string, count: number) => {
    for (let i = 0; i < 200; i++) {
      const delivery = (await json("GET", `/api/webhooks/${endpointId}/deliveries/${deliveryId}`)) as Delivery;
      if (delivery.attempts.length >= count) return delivery;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`delivery ${deliveryId} never reached ${count} attempts`);
  };
  return { user, key, call, json, addEndpoint, attemptsOf };
}

const requestsFor = (username: string) => receiver.received.filter((request) => request.json.project === username);
async function waitForRequests(username: string, count: number) {
  for (let i = 0; i < 200 && requestsFor(username).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const found = requestsFor(username);
  expect(found.length, `requests for ${username}`).toBeGreaterThanOrEqual(count);
  return found;
}

describe("endpoints", () => {
  it("creates with the secret shown once, defaults to every event, reads without the secret, lists with health", async () => {
    const o = await owner();
    const created = await o.addEndpoint();
    expect(created).toMatchObject({ id: expect.any(String), events: [...EVENT_TYPES], active: true, secret: expect.stringMatching(/^whsec_/) });
    const read = await o.json("GET", `/api/webhooks/${created.id}`);
    expect(read).toMatchObject({ id: created.id, url: created.url, events: [...EVENT_TYPES], active: true });
    expect(read).not.toHaveProperty("secret");
    const list = (await o.json("GET", "/api/webhooks")) as { data: Json[] };
    expect(list.data).toEqual([expect.objectContaining({ id: created.id, lastDelivery: null, failures24h: 0 })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it("edits events, URL and Active, and deletes", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    expect(await o.json("PATCH", `/api/webhooks/${id}`, { events: ["post.published", "entry.created"], active: false })).toMatchObject({
      events: ["entry.created", "post.published"],
      active: false,
      disabledReason: "Paused by the owner",
    });
    expect(await o.json("PATCH", `/api/webhooks/${id}`, { active: true })).toMatchObject({ active: true, disabledReason: null });
    expect(await o.json("DELETE", `/api/webhooks/${id}`)).toEqual({ success: true });
    expect((await o.call("GET", `/api/webhooks/${id}`)).status).toBe(404);
  });

  it.each([
    ["a non-URL", { url: "not a url" }, "url"],
    ["an ftp URL", { url: "ftp://example.com/hook" }, "url"],
    ["credentials in the URL", { url: "http://user:pw@127.0.0.1/hook" }, "url"],
    ["an unknown event", { url: "http://127.0.0.1:9/", events: ["post.deleted"] }, "events.0"],
    ["ping, which is not subscribable", { url: "http://127.0.0.1:9/", events: ["ping"] }, "events.0"],
    ["no events", { url: "http://127.0.0.1:9/", events: [] }, "events"],
  ])("refuses %s with 400 naming the field", async (_label, body, path) => {
    const o = await owner();
    const res = await o.call("POST", "/api/webhooks", body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; issues: { path: string[]; message: string }[] };
    expect(json.error).toBe("Invalid input");
    expect(json.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("caps endpoints at 20 per account with a clear 400", async () => {
    const o = await owner();
    await db().webhookSubscription.createMany({
      data: Array.from({ length: 19 }, (_, i) => ({ ownerId: o.user.id, url: `http://127.0.0.1:9/${i}`, events: ["post.updated"], secret: "whsec_x" })),
    });
    await o.addEndpoint();
    const res = await o.call("POST", "/api/webhooks", { url: receiver.url });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Webhook limit reached", limit: 20 });
    expect(await db().webhookSubscription.count({ where: { ownerId: o.user.id } })).toBe(20);
  });
});

describe("scopes, sessions and tenants", () => {
  it("reads need webhooks:read and writes webhooks:write", async () => {
    const writer = await owner(["webhooks:write"]);
    const { id } = await writer.addEndpoint();
    const denied = await writer.call("GET", "/api/webhooks");
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: "Insufficient scope", required: ["webhooks:read"] });
    for (const path of [`/api/webhooks/${id}`, `/api/webhooks/${id}/deliveries`, `/api/webhooks/${id}/deliveries/msg_x`]) {
      expect((await writer.call("GET", path)).status, path).toBe(403);
    }
    const reader = await owner(["webhooks:read", "posts:write", "collections:write"]);
    for (const [method, path, body] of [
      ["POST", "/api/webhooks", { url: receiver.url }],
      ["PATCH", `/api/webhooks/${id}`, { active: false }],
      ["DELETE", `/api/webhooks/${id}`],
      ["POST", `/api/webhooks/${id}/rotate-secret`],
      ["POST", `/api/webhooks/${id}/test`],
      ["POST", `/api/webhooks/${id}/deliveries/msg_x/redeliver`],
      ["POST", `/api/webhooks/${id}/redeliver-failed`, { since: new Date(0).toISOString() }],
    ] as const) {
      const res = await reader.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: "Insufficient scope", required: ["webhooks:write"] });
    }
  });

  it("a session is unscoped; no credentials is 401", async () => {
    const user = await createTestUser();
    const cookie = { Cookie: await sessionCookieFor(user.id) };
    const res = await fetch(`${baseUrl()}/api/webhooks`, { method: "POST", headers: { ...cookie, "Content-Type": "application/json" }, body: JSON.stringify({ url: receiver.url, events: ["post.published"] }) });
    expect(res.status).toBe(201);
    expect((await fetch(`${baseUrl()}/api/webhooks`, { headers: cookie })).status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/webhooks`)).status).toBe(401);
  });

  it("another owner's endpoint and deliveries are 404 everywhere, and stay untouched", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    const { deliveryId } = (await o.json("POST", `/api/webhooks/${id}/test`, undefined, 202)) as { deliveryId: string };
    await o.attemptsOf(id, deliveryId, 1);
    const stranger = await owner();
    for (const [method, path, body, error] of [
      ["GET", `/api/webhooks/${id}`, undefined, "Webhook not found"],
      ["PATCH", `/api/webhooks/${id}`, { active: false }, "Webhook not found"],
      ["DELETE", `/api/webhooks/${id}`, undefined, "Webhook not found"],
      ["POST", `/api/webhooks/${id}/rotate-secret`, undefined, "Webhook not found"],
      ["POST", `/api/webhooks/${id}/test`, undefined, "Webhook not found"],
      ["GET", `/api/webhooks/${id}/deliveries`, undefined, "Webhook not found"],
      ["GET", `/api/webhooks/${id}/deliveries/${deliveryId}`, undefined, "Delivery not found"],
      ["POST", `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`, undefined, "Delivery not found"],
      ["POST", `/api/webhooks/${id}/redeliver-failed`, { since: new Date(0).toISOString() }, "Webhook not found"],
    ] as const) {
      const res = await stranger.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error });
    }
    // The stranger's own endpoint id does not open the owner's delivery either.
    const theirs = await stranger.addEndpoint();
    expect((await stranger.call("GET", `/api/webhooks/${theirs.id}/deliveries/${deliveryId}`)).status).toBe(404);
    expect(await o.json("GET", `/api/webhooks/${id}`)).toMatchObject({ active: true });
  });
});

describe("the test event and the delivery log", () => {
  it("sends a signed ping through the queue and logs the attempt with the request exactly as sent", async () => {
    const o = await owner();
    const endpoint = await o.addEndpoint({ events: ["post.published"] });
    const { deliveryId } = (await o.json("POST", `/api/webhooks/${endpoint.id}/test`, undefined, 202)) as { deliveryId: string };
    expect(deliveryId).toMatch(/^msg_/);
    const [request] = await waitForRequests(o.user.username, 1);
    expect(request.json).toMatchObject({ type: "ping", project: o.user.username, data: { webhook: { id: endpoint.id, url: endpoint.url, events: ["post.published"] } } });
    expect(request.headers["x-service-event"]).toBe("ping");
    expect(request.headers["webhook-id"]).toBe(deliveryId);
    expect(await verifiesServiceSignature(endpoint.secret, request)).toBe(true);
    expect(verifiesStandardSignature(endpoint.secret, request)).toBe(true);

    const delivery = await o.attemptsOf(endpoint.id, deliveryId, 1);
    expect(delivery).toMatchObject({ id: deliveryId, eventType: "ping", status: "succeeded", attemptCount: 1, payload: request.json });
    const [attempt] = delivery.attempts;
    expect(attempt).toMatchObject({ statusCode: 200, responseExcerpt: "ok", error: null, manual: false, nextRetryAt: null });
    expect(attempt.request.url).toBe(endpoint.url);
    expect(attempt.request.body).toBe(request.body);
    for (const name of ["X-Service-Signature", "X-Service-Event", "X-Service-Delivery", "webhook-id", "webhook-timestamp", "webhook-signature", "User-Agent", "Content-Type"]) {
      expect(attempt.request.headers[name], name).toBe(request.headers[name.toLowerCase()]);
    }
    const list = (await o.json("GET", "/api/webhooks")) as { data: Json[] };
    expect(list.data[0]).toMatchObject({ lastDelivery: { id: deliveryId, eventType: "ping", status: "succeeded", statusCode: 200 }, failures24h: 0 });
  });

  it("a failing receiver: the attempt logs the response and the retry it scheduled; redeliver adds a manual attempt", async () => {
    const o = await owner();
    const endpoint = await o.addEndpoint();
    receiver.respond({ status: 503, body: "maintenance" });
    let deliveryId: string;
    let failed: Delivery;
    try {
      ({ deliveryId } = (await o.json("POST", `/api/webhooks/${endpoint.id}/test`, undefined, 202)) as { deliveryId: string });
      failed = await o.attemptsOf(endpoint.id, deliveryId, 1);
    } finally {
      receiver.respond({});
    }
    expect(failed).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: 503, nextAttemptAt: expect.any(String) });
    expect(failed.attempts[0]).toMatchObject({ statusCode: 503, responseExcerpt: "maintenance", manual: false, nextRetryAt: failed.nextAttemptAt });
    const retryIn = Date.parse(failed.attempts[0].nextRetryAt!) - Date.now();
    expect(retryIn).toBeGreaterThan(30_000);
    expect(retryIn).toBeLessThanOrEqual(60_000);
    const list = (await o.json("GET", "/api/webhooks")) as { data: Json[] };
    expect(list.data[0]).toMatchObject({ lastDelivery: { status: "pending", statusCode: 503 }, failures24h: 1 });

    expect(await o.json("POST", `/api/webhooks/${endpoint.id}/deliveries/${deliveryId}/redeliver`, undefined, 202)).toEqual({ deliveryId });
    const redelivered = await o.attemptsOf(endpoint.id, deliveryId, 2);
    expect(redelivered).toMatchObject({ status: "succeeded", attemptCount: 1, redeliveries: 1, nextAttemptAt: null });
    expect(redelivered.attempts[1]).toMatchObject({ manual: true, statusCode: 200 });
    expect(redelivered.attempts[1].request.headers["webhook-id"]).toBe(deliveryId);
    expect(redelivered.attempts[1].request.body).toBe(redelivered.attempts[0].request.body);
  });

  it("a new test event is not held back behind an earlier ping waiting for its retry", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    receiver.respond({ status: 500 });
    try {
      const first = (await o.json("POST", `/api/webhooks/${id}/test`, undefined, 202)) as { deliveryId: string };
      expect(await o.attemptsOf(id, first.deliveryId, 1)).toMatchObject({ status: "pending" });
      const second = (await o.json("POST", `/api/webhooks/${id}/test`, undefined, 202)) as { deliveryId: string };
      expect(await o.attemptsOf(id, second.deliveryId, 1)).toMatchObject({ status: "pending", attemptCount: 1 });
    } finally {
      receiver.respond({});
    }
  });

  it("a paused endpoint refuses the test event with 409", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    await o.json("PATCH", `/api/webhooks/${id}`, { active: false });
    const res = await o.call("POST", `/api/webhooks/${id}/test`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Webhook is not active" });
  });

  it("filters by status and event, pages with an exact total, and refuses bad parameters", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { deliveryId } = (await o.json("POST", `/api/webhooks/${id}/test`, undefined, 202)) as { deliveryId: string };
      await o.attemptsOf(id, deliveryId, 1);
      ids.push(deliveryId);
    }
    await db().webhookDelivery.update({ where: { id: ids[0] }, data: { status: "failed" } });
    const page1 = await o.json("GET", `/api/webhooks/${id}/deliveries?perPage=2`);
    expect((page1.data as Json[]).map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(page1.pageInfo).toEqual({ total: 3, page: 1, perPage: 2, hasMore: true });
    const page2 = await o.json("GET", `/api/webhooks/${id}/deliveries?perPage=2&page=2`);
    expect((page2.data as Json[]).map((d) => d.id)).toEqual([ids[0]]);
    expect((page2.data as Json[])[0]).toMatchObject({ status: "failed", eventType: "ping", attemptCount: 1, redeliveries: 0, lastStatusCode: 200 });
    expect(((await o.json("GET", `/api/webhooks/${id}/deliveries?status=failed`)).data as Json[]).map((d) => d.id)).toEqual([ids[0]]);
    expect((await o.json("GET", `/api/webhooks/${id}/deliveries?event=ping&status=succeeded`)).pageInfo).toMatchObject({ total: 2 });
    expect((await o.json("GET", `/api/webhooks/${id}/deliveries?event=post.updated`)).data).toEqual([]);
    expect((await o.json("GET", `/api/webhooks/${id}/deliveries?perPage=500`)).pageInfo).toMatchObject({ perPage: 100 });
    for (const query of ["status=lost", "page=0", "perPage=-1", "page=abc"]) {
      const res = await o.call("GET", `/api/webhooks/${id}/deliveries?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as Json).error).toBe("Invalid input");
    }
  });

  it("redelivers every failed delivery of a period, and only those", async () => {
    const o = await owner();
    const { id } = await o.addEndpoint();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { deliveryId } = (await o.json("POST", `/api/webhooks/${id}/test`, undefined, 202)) as { deliveryId: string };
      await o.attemptsOf(id, deliveryId, 1);
      ids.push(deliveryId);
    }
    const old = new Date(Date.now() - 3 * 24 * 3600_000);
    await db().webhookDelivery.updateMany({ where: { id: { in: [ids[0], ids[1]] } }, data: { status: "failed" } });
    await db().webhookDelivery.update({ where: { id: ids[0] }, data: { createdAt: old } });
    const since = new Date(Date.now() - 3600_000).toISOString();
    const res = await o.json("POST", `/api/webhooks/${id}/redeliver-failed`, { since }, 202);
    expect(res).toEqual({ deliveryIds: [ids[1]], hasMore: false });
    expect(await o.attemptsOf(id, ids[1], 2)).toMatchObject({ status: "succeeded", redeliveries: 1 });
    expect((await o.json("GET", `/api/webhooks/${id}/deliveries/${ids[0]}`)).attempts).toHaveLength(1);
    const bad = await o.call("POST", `/api/webhooks/${id}/redeliver-failed`, { since: "yesterday" });
    expect(bad.status).toBe(400);
  });

  it("rotate-secret returns the new secret once; the next delivery is signed with it and, for 24 h, also with the old one", async () => {
    const o = await owner();
    const endpoint = await o.addEndpoint();
    const rotated = (await o.json("POST", `/api/webhooks/${endpoint.id}/rotate-secret`)) as { id: string; secret: string; previousSecretExpiresAt: string };
    expect(rotated).toEqual({ id: endpoint.id, secret: expect.stringMatching(/^whsec_/), previousSecretExpiresAt: expect.any(String) });
    expect(rotated.secret).not.toBe(endpoint.secret);
    await o.json("POST", `/api/webhooks/${endpoint.id}/test`, undefined, 202);
    const [request] = await waitForRequests(o.user.username, 1);
    expect(await verifiesServiceSignature(rotated.secret, request)).toBe(true);
    expect(verifiesStandardSignature(rotated.secret, request)).toBe(true);
    expect(verifiesStandardSignature(endpoint.secret, request)).toBe(true);
    expect(await o.json("GET", `/api/webhooks/${endpoint.id}`)).toMatchObject({ previousSecretExpiresAt: rotated.previousSecretExpiresAt });
  });
});
