// Scheduled posts: the tick fires post.published once their time has come, never before, never
// twice, not for posts unpublished meanwhile, and exactly once under concurrent ticks. Posts are
// written straight into the database (the way the post writes leave a scheduled post:
// published, a future publishedAt, announcedAt null); tests move publishedAt into the past.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { announceDuePosts } from "../../lib/posts/announce-due-posts";
import { postUrl } from "../../lib/posts/post-event-data";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { verifiesServiceSignature, verifiesStandardSignature } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

const HOUR = 3600_000;
let receiver: WebhookReceiver;
let user: { id: string; username: string };
let secret: string;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  user = await createTestUser();
  ({ secret } = await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } }));
});
afterEach(() => receiver.close());

async function scheduledPost(options: { publishedAt?: Date; status?: "draft" | "published"; visibility?: "public" | "private" | "link_only" } = {}) {
  return db().post.create({
    data: {
      ownerId: user.id,
      slug: uniqueName("post"),
      title: "Scheduled",
      content: { type: "doc", content: [] },
      status: options.status ?? "published",
      visibility: options.visibility ?? "public",
      publishedAt: options.publishedAt ?? new Date(Date.now() + HOUR),
      announcedAt: null,
    },
  });
}
const moveIntoThePast = (id: string) => db().post.update({ where: { id }, data: { publishedAt: new Date(Date.now() - 1000) } });
const publishedEvents = () => db().outboxEvent.findMany({ where: { ownerId: user.id, type: "post.published" }, orderBy: { sequence: "asc" } });

describe("a scheduled post", () => {
  it("fires post.published on the first tick after its time, with the DECISIONS payload, signed", async () => {
    const post = await scheduledPost({ visibility: "link_only" });
    expect(await runCronTick({ ownerId: user.id })).toEqual({ published: 0, delivered: 0, failed: 0 });
    expect(await publishedEvents()).toHaveLength(0);

    await moveIntoThePast(post.id);
    const publishedAt = (await db().post.findUniqueOrThrow({ where: { id: post.id } })).publishedAt!;
    expect(await runCronTick({ ownerId: user.id })).toEqual({ published: 1, delivered: 1, failed: 0 });

    const [request] = await receiver.waitFor(1);
    expect(request.headers["x-service-event"]).toBe("post.published");
    expect(request.json).toMatchObject({ type: "post.published", project: user.username });
    expect(request.json.data).toEqual({
      post: {
        id: post.id,
        slug: post.slug,
        title: "Scheduled",
        status: "published",
        visibility: "link-only",
        publishedAt: publishedAt.toISOString(),
        url: postUrl(user.username, post.slug),
      },
    });
    expect(await verifiesServiceSignature(secret, request)).toBe(true);
    expect(verifiesStandardSignature(secret, request)).toBe(true);
    expect((await db().post.findUniqueOrThrow({ where: { id: post.id } })).announcedAt).toBeInstanceOf(Date);
  });

  it("fires only once, however many ticks follow", async () => {
    const post = await scheduledPost();
    await moveIntoThePast(post.id);
    expect((await announceDuePosts({ ownerId: user.id })).published).toBe(1);
    expect((await announceDuePosts({ ownerId: user.id })).published).toBe(0);
    await runCronTick({ ownerId: user.id });
    await runCronTick({ ownerId: user.id });
    expect(await publishedEvents()).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it("does not fire for a post unpublished before its time came, nor for one already announced", async () => {
    const unpublished = await scheduledPost({ status: "draft", publishedAt: new Date(Date.now() - 1000) });
    const announced = await scheduledPost({ publishedAt: new Date(Date.now() - HOUR) });
    await db().post.update({ where: { id: announced.id }, data: { announcedAt: new Date() } });
    expect((await announceDuePosts({ ownerId: user.id })).published).toBe(0);
    expect(await publishedEvents()).toHaveLength(0);
    expect(unpublished.status).toBe("draft");
  });

  it("concurrent ticks announce each post exactly once", async () => {
    const posts = [];
    for (let i = 0; i < 12; i++) posts.push(await scheduledPost({ publishedAt: new Date(Date.now() - 1000) }));
    const results = await Promise.all([announceDuePosts({ ownerId: user.id }), announceDuePosts({ ownerId: user.id }), announceDuePosts({ ownerId: user.id })]);
    expect(results.reduce((sum, r) => sum + r.published, 0)).toBe(12);
    const events = await publishedEvents();
    expect(events).toHaveLength(12);
    const announcedIds = events.map((event) => (event.body as { data: { post: { id: string } } }).data.post.id).sort();
    expect(announcedIds).toEqual(posts.map((post) => post.id).sort());
  });

  it("a rescheduled post (announcedAt reset by the write) is announced again when its new time comes", async () => {
    const post = await scheduledPost({ publishedAt: new Date(Date.now() - 1000) });
    await announceDuePosts({ ownerId: user.id });
    // Unpublished and scheduled again: the post writes reset announcedAt.
    await db().post.update({ where: { id: post.id }, data: { publishedAt: new Date(Date.now() + HOUR), announcedAt: null } });
    expect((await announceDuePosts({ ownerId: user.id })).published).toBe(0);
    await moveIntoThePast(post.id);
    expect((await announceDuePosts({ ownerId: user.id })).published).toBe(1);
    expect(await publishedEvents()).toHaveLength(2);
  });
});
