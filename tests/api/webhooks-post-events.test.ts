// The post events end to end: real writes through the running server, delivered by the
// after-response run to a real receiver with the DECISIONS §6 payload and both signatures;
// scheduled posts announced by a tick only once their time has come; bulk operations silent.
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestKey, createTestUser, uniqueName } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { keyedJsonCall, webhooksAfter } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
const baseUrl = inject("baseUrl");
// The server runs without PUBLIC_BASE_URL, so post URLs use http://localhost:<its port>.
const publicBase = `http://localhost:${new URL(baseUrl).port}`;

let receiver: WebhookReceiver;
let user: { id: string; username: string };
let key: string;
let secret: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  user = await createTestUser();
  key = await createTestKey(user.id, ["posts:read", "posts:write", "posts:delete"]);
  ({ secret } = await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } }));
});
afterAll(() => receiver.close());

const call = keyedJsonCall(baseUrl, () => key);

const arrivals = (mark: number, count: number) => webhooksAfter(receiver, { secret, project: user.username }, mark, count);
const mark = () => receiver.received.length;
const storedPost = (id: string) => db().post.findUniqueOrThrow({ where: { id } });

describe("post events", () => {
  it("POST published fires post.published with the DECISIONS payload; PATCH fires post.updated", async () => {
    const slug = uniqueName("p");
    let at = mark();
    const { id } = await call("POST", "/api/posts", { title: "Live now", slug, status: "published", visibility: "link-only" });
    const [published] = await arrivals(at, 1);
    const post = await storedPost(id as string);
    expect(published.json).toMatchObject({ type: "post.published" });
    expect(published.json.data).toEqual({
      post: {
        id,
        slug,
        title: "Live now",
        status: "published",
        visibility: "link-only",
        publishedAt: post.publishedAt!.toISOString(),
        url: `${publicBase}/${user.username}/${slug}`,
      },
    });

    at = mark();
    await call("PATCH", `/api/posts/${id}`, { title: "Renamed" });
    const [updated] = await arrivals(at, 1);
    expect(updated.json).toMatchObject({ type: "post.updated", data: { post: { id, title: "Renamed", status: "published" } } });
  });

  it("a draft fires nothing at creation; the PATCH that publishes it fires only post.published", async () => {
    const before = await db().outboxEvent.count({ where: { ownerId: user.id } });
    const { id } = await call("POST", "/api/posts", { title: "Draft", slug: uniqueName("p") });
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(before);

    const at = mark();
    await call("PATCH", `/api/posts/${id}`, { status: "published" });
    const [published] = await arrivals(at, 1);
    expect(published.json).toMatchObject({ type: "post.published", data: { post: { id, status: "published" } } });
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(before + 1);
  });

  it("a post scheduled more than 5 minutes ahead fires nothing at creation, and post.published on the first tick after its time", async () => {
    const before = await db().outboxEvent.count({ where: { ownerId: user.id } });
    const { id } = await call("POST", "/api/posts", {
      title: "Later",
      slug: uniqueName("p"),
      status: "published",
      publishedAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(before);
    expect(await runCronTick({ ownerId: user.id })).toMatchObject({ published: 0 });

    await db().post.update({ where: { id: id as string }, data: { publishedAt: new Date(Date.now() - 1000) } });
    const at = mark();
    expect(await runCronTick({ ownerId: user.id })).toMatchObject({ published: 1, delivered: 1 });
    const [announced] = await arrivals(at, 1);
    expect(announced.json).toMatchObject({ type: "post.published", data: { post: { id, status: "published" } } });
    expect(await runCronTick({ ownerId: user.id })).toMatchObject({ published: 0 });
  });

  it("bulk publish, unpublish and delete fire nothing", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call("POST", "/api/posts", { title: `Bulk ${i}`, slug: uniqueName("p") })).id as string);
    const before = await db().outboxEvent.count({ where: { ownerId: user.id } });
    const received = mark();

    expect(await call("POST", "/api/posts/bulk", { ids, action: "publish" })).toMatchObject({ success: true, affected: 3 });
    expect(await call("POST", "/api/posts/bulk", { ids, action: "unpublish" })).toMatchObject({ success: true, affected: 3 });
    expect(await call("POST", "/api/posts/bulk", { ids: ids.slice(1), action: "publish" })).toMatchObject({ success: true });
    expect(await call("POST", "/api/posts/bulk", { ids, action: "delete" })).toMatchObject({ success: true, affected: 3 });
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(before);
    // Nor does a later tick (bulk publish marks its posts as announced).
    expect(await runCronTick({ ownerId: user.id })).toEqual({ published: 0, delivered: 0, failed: 0 });

    // A marker write: the next webhook to arrive is its own, nothing from the bulk calls.
    const { id } = await call("POST", "/api/posts", { title: "Marker", slug: uniqueName("p"), status: "published" });
    const [next] = await arrivals(received, 1);
    expect(next.json).toMatchObject({ type: "post.published", data: { post: { id } } });
  });
});
