// The entry and label events end to end: real writes through the running server, delivered by
// the after-response run (no tick is called here) to a real receiver, with the DECISIONS §6
// payloads, both signatures verifiable, in write order per entry.
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestKey, createTestUser, uniqueName } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { keyedJsonCall, webhooksAfter } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
const baseUrl = inject("baseUrl");

let receiver: WebhookReceiver;
let user: { id: string; username: string };
let key: string;
let secret: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  user = await createTestUser({ plan: "pro" });
  key = await createTestKey(user.id, ["collections:read", "collections:write", "collections:delete"]);
  ({ secret } = await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } }));
});
afterAll(() => receiver.close());

const call = keyedJsonCall(baseUrl, () => key);

const arrivals = (mark: number, count: number) => webhooksAfter(receiver, { secret, project: user.username }, mark, count);
const mark = () => receiver.received.length;

describe("entry and label events", () => {
  it("fire for create-with-label (entry.created before label.updated), update, label set and removed, and delete", async () => {
    const slug = uniqueName("c");
    await call("POST", "/api/collections", { name: "Articles", slug, schema: { fields: [{ name: "title", type: "string" }] } });
    const collection = { id: slug, slug };

    let at = mark();
    const created = await call("POST", `/api/collections/${slug}/entries`, { data: { title: "Hello" }, label: "production" });
    const entryId = created.id as string;
    const [entryCreated, labelSet] = await arrivals(at, 2);
    expect(entryCreated.json).toMatchObject({ type: "entry.created", data: { collection, entry: { id: entryId, version: "v_1", labels: {} } } });
    expect(labelSet.json).toMatchObject({
      type: "label.updated",
      data: { collection, entryId, label: "production", version: "v_1", previousVersion: null, meta: null },
    });
    expect(Number(entryCreated.headers["webhook-timestamp"])).toBeLessThanOrEqual(Number(labelSet.headers["webhook-timestamp"]));

    at = mark();
    await call("PATCH", `/api/collections/${slug}/entries/${entryId}`, { data: { title: "Hello again" } });
    const [updated] = await arrivals(at, 1);
    expect(updated.json).toMatchObject({
      type: "entry.updated",
      data: { collection, entry: { id: entryId, version: "v_2", labels: { production: { version: "v_1", meta: null } } } },
    });

    at = mark();
    await call("PUT", `/api/collections/${slug}/entries/${entryId}/labels/production`, { version: "v_2", meta: { reviewedBy: "ana" } });
    const [promoted] = await arrivals(at, 1);
    expect(promoted.json.data).toEqual({ collection, entryId, label: "production", version: "v_2", previousVersion: "v_1", meta: { reviewedBy: "ana" } });

    at = mark();
    await call("DELETE", `/api/collections/${slug}/entries/${entryId}/labels/production`);
    const [removed] = await arrivals(at, 1);
    expect(removed.json).toMatchObject({ type: "label.updated", data: { collection, entryId, label: "production", version: null, previousVersion: "v_2" } });

    at = mark();
    await call("DELETE", `/api/collections/${slug}/entries/${entryId}`);
    const [deleted] = await arrivals(at, 1);
    expect(deleted.json).toMatchObject({ type: "entry.deleted", data: { collection, entry: { id: entryId, version: "v_2" } } });

    // Every delivery has its own id, and nothing was sent twice.
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("bulk create emits entry.created (then label.updated) per item, in order per entry", async () => {
    const slug = uniqueName("c");
    await call("POST", "/api/collections", { name: "Bulk", slug });
    const at = mark();
    const result = await call("POST", `/api/collections/${slug}/entries/bulk`, { entries: [{ data: { n: 1 }, label: "staging" }, { data: { n: 2 } }] });
    const [first, second] = (result.results as { id: string }[]).map((item) => item.id);
    const requests = await arrivals(at, 3);
    const forFirst = requests.filter((r) => (r.json.data as { entryId?: string; entry?: { id: string } }).entryId === first || (r.json.data as { entry?: { id: string } }).entry?.id === first);
    expect(forFirst.map((r) => r.json.type)).toEqual(["entry.created", "label.updated"]);
    expect(requests.filter((r) => (r.json.data as { entry?: { id: string } }).entry?.id === second).map((r) => r.json.type)).toEqual(["entry.created"]);
  });
});
