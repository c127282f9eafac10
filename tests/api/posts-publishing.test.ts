// Publishing over HTTP: the 5-minute publish-now window and its clamp (edges: exactly 5 minutes,
// 5 minutes and 1 second), scheduled posts appearing by the read queries alone, status flips,
// post.published / post.updated in the outbox (DECISIONS §5), announcedAt, and bulk actions.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { createOwner, serverPublicBaseUrl, type Owner } from "../support/posts-api";

connectTestDatabase();

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const events = (ownerId: string) => db().outboxEvent.findMany({ where: { ownerId }, orderBy: { sequence: "asc" } });
const row = (id: string) => db().post.findUniqueOrThrow({ where: { id } });
const setPublishedAt = (id: string, at: Date) => db().post.update({ where: { id }, data: { publishedAt: at } });

async function isPubliclyVisible(owner: Owner, slug: string): Promise<boolean> {
  const single = await owner.read(`/${slug}`);
  const list = (await (await owner.read("?perPage=50")).json()) as { posts: { slug: string }[] };
  const inList = list.posts.some((post) => post.slug === slug);
  expect(inList).toBe(single.status === 200);
  return single.status === 200;
}

describe("creating a published post", () => {
  it("without publishedAt: published now, readable at once, post.published fired with the DECISIONS payload", async () => {
    const owner = await createOwner();
    const slug = uniqueName("now");
    const before = Date.now();
    const id = await owner.create({ slug, title: "Now", status: "published", visibility: "public" });
    const post = await row(id);
    expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(post.announcedAt).toBeInstanceOf(Date);
    expect(await isPubliclyVisible(owner, slug)).toBe(true);

    const [event] = await events(owner.user.id);
    expect(event.type).toBe("post.published");
    expect(event.orderingKey).toBe(`post:${id}`);
    expect(event.body).toMatchObject({
      type: "post.published",
      project: owner.user.username,
      data: {
        post: {
          id,
          slug,
          title: "Now",
          status: "published",
          visibility: "public",
          publishedAt: post.publishedAt!.toISOString(),
          url: `${serverPublicBaseUrl()}/${owner.user.username}/${slug}`,
        },
      },
    });
  });

  it("with a past publishedAt: keeps the date (backdating) and fires post.published", async () => {
    const owner = await createOwner();
    const past = iso(Date.UTC(2020, 0, 2, 3, 4, 5));
    const id = await owner.create({ status: "published", publishedAt: past });
    expect((await owner.get(id)).publishedAt).toBe(past);
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published"]);
  });

  it("exactly 5 minutes ahead counts as now: clamped to the server clock, visible, post.published fired", async () => {
    const owner = await createOwner();
    const slug = uniqueName("edge");
    const requested = Date.now() + 5 * MINUTE;
    const id = await owner.create({ slug, status: "published", publishedAt: iso(requested) });
    const post = await row(id);
    expect(post.publishedAt!.getTime()).toBeLessThan(requested);
    expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await isPubliclyVisible(owner, slug)).toBe(true);
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published"]);
  });

  it("5 minutes and 1 second ahead schedules it: stored as given, hidden everywhere, no event until visible", async () => {
    const owner = await createOwner();
    const slug = uniqueName("later");
    const requested = iso(Date.now() + 5 * MINUTE + 1000);
    const id = await owner.create({ slug, title: "Scheduled searchable", status: "published", publishedAt: requested, tagNames: ["Soon"] });
    const post = await row(id);
    expect(post.publishedAt!.toISOString()).toBe(requested);
    expect(post.status).toBe("published");
    expect(post.announcedAt).toBeNull();
    expect(await events(owner.user.id)).toEqual([]);

    expect(await isPubliclyVisible(owner, slug)).toBe(false);
    expect(await (await owner.read("")).json()).toEqual([]);
    expect(await (await owner.read("/search?q=searchable")).json()).toEqual([]);
    expect(await (await owner.read("/tags")).json()).toEqual([]);

    // Time passes (moved in the database): the read queries alone make it visible.
    await setPublishedAt(id, new Date(Date.now() - 1000));
    expect(await isPubliclyVisible(owner, slug)).toBe(true);
    expect((await (await owner.read("/search?q=searchable")).json()).map((p: { id: string }) => p.id)).toEqual([id]);
    expect(await (await owner.read("/tags")).json()).toEqual([{ name: "Soon", slug: "soon", count: 1 }]);
  });

  it("a draft fires nothing and has no publishedAt unless one was given", async () => {
    const owner = await createOwner();
    const plain = await owner.create();
    const dated = iso(Date.now() + 86_400_000);
    const withDate = await owner.create({ publishedAt: dated });
    expect((await row(plain)).publishedAt).toBeNull();
    expect((await row(withDate)).publishedAt!.toISOString()).toBe(dated);
    expect(await events(owner.user.id)).toEqual([]);
  });
});

describe("PATCH status flips and events", () => {
  it("publishing a draft fires post.published; a later edit fires post.updated", async () => {
    const owner = await createOwner();
    const slug = uniqueName("flip");
    const id = await owner.create({ slug });
    expect(await isPubliclyVisible(owner, slug)).toBe(false);

    expect((await owner.patch(id, { status: "published" })).status).toBe(200);
    expect(await isPubliclyVisible(owner, slug)).toBe(true);
    expect((await row(id)).announcedAt).toBeInstanceOf(Date);
    await owner.patch(id, { title: "Edited" });
    const list = await events(owner.user.id);
    expect(list.map((event) => event.type)).toEqual(["post.published", "post.updated"]);
    expect(list[1].body).toMatchObject({ data: { post: { id, title: "Edited", status: "published" } } });
  });

  it("a draft PATCH fires post.updated", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    await owner.patch(id, { title: "Still a draft" });
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.updated"]);
  });

  it("unpublishing hides the post, clears its past date and announcedAt, and fires post.updated", async () => {
    const owner = await createOwner();
    const slug = uniqueName("off");
    const id = await owner.create({ slug, status: "published" });
    expect((await owner.patch(id, { status: "draft" })).status).toBe(200);
    expect(await isPubliclyVisible(owner, slug)).toBe(false);
    const post = await row(id);
    expect(post).toMatchObject({ status: "draft", publishedAt: null, announcedAt: null });
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published", "post.updated"]);

    // Published again: a new publication, announced again.
    await owner.patch(id, { status: "published" });
    expect(await isPubliclyVisible(owner, slug)).toBe(true);
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published", "post.updated", "post.published"]);
  });

  it("the 5-minute window applies to PATCH: exactly 5 minutes is now, 5 minutes and 1 second schedules", async () => {
    const owner = await createOwner();
    const edge = await owner.create();
    const requested = Date.now() + 5 * MINUTE;
    await owner.patch(edge, { status: "published", publishedAt: iso(requested) });
    expect((await row(edge)).publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const later = await owner.create();
    const laterAt = iso(Date.now() + 5 * MINUTE + 1000);
    await owner.patch(later, { status: "published", publishedAt: laterAt });
    const post = await row(later);
    expect(post.publishedAt!.toISOString()).toBe(laterAt);
    expect(post.announcedAt).toBeNull();
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published", "post.updated"]);
  });

  it("rescheduling a visible post into the future hides it, resets announcedAt and fires post.updated", async () => {
    const owner = await createOwner();
    const slug = uniqueName("resched");
    const id = await owner.create({ slug, status: "published" });
    await owner.patch(id, { publishedAt: iso(Date.now() + 3_600_000) });
    expect(await isPubliclyVisible(owner, slug)).toBe(false);
    expect((await row(id)).announcedAt).toBeNull();
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published", "post.updated"]);
  });

  it("publishing a scheduled draft keeps its date; publishedAt: null resets it to now", async () => {
    const owner = await createOwner();
    const future = iso(Date.now() + 86_400_000);
    const id = await owner.create({ publishedAt: future });
    await owner.patch(id, { status: "published" });
    expect((await row(id)).publishedAt!.toISOString()).toBe(future);
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.updated"]);

    const before = Date.now();
    await owner.patch(id, { publishedAt: null, status: "published" });
    const post = await row(id);
    expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.updated", "post.published"]);
  });

  it("publishedAt: null on a draft clears the stored date", async () => {
    const owner = await createOwner();
    const id = await owner.create({ publishedAt: iso(Date.now() + 86_400_000) });
    await owner.patch(id, { publishedAt: null });
    expect((await row(id)).publishedAt).toBeNull();
  });

  it("an edit of an already published post keeps its publishedAt", async () => {
    const owner = await createOwner();
    const past = iso(Date.UTC(2021, 5, 6));
    const id = await owner.create({ status: "published", publishedAt: past });
    await owner.patch(id, { title: "New title", status: "published" });
    expect((await owner.get(id)).publishedAt).toBe(past);
  });
});

describe("POST /api/posts/bulk", () => {
  it("publishes drafts (stamping now) without touching already published posts, and fires nothing", async () => {
    const owner = await createOwner();
    const past = iso(Date.UTC(2019, 1, 1));
    const draft = await owner.create();
    const live = await owner.create({ status: "published", publishedAt: past });
    const before = await events(owner.user.id);
    const started = Date.now();

    const res = await owner.call("POST", "/api/posts/bulk", { ids: [draft, live, draft], action: "publish" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, affected: 2 });
    const published = await row(draft);
    expect(published.status).toBe("published");
    expect(published.publishedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    // Marked announced, so the cron tick does not fire post.published for it later either.
    expect(published.announcedAt).toBeInstanceOf(Date);
    expect((await row(live)).publishedAt!.toISOString()).toBe(past);
    expect(await events(owner.user.id)).toEqual(before);
    expect(await isPubliclyVisible(owner, published.slug)).toBe(true);
  });

  it("unpublishes, skipping ids the caller does not own", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const mine = await owner.create({ status: "published" });
    const theirs = await other.create({ status: "published" });
    const res = await owner.call("POST", "/api/posts/bulk", { ids: [mine, theirs, "nope"], action: "unpublish" });
    expect(await res.json()).toEqual({ success: true, affected: 1 });
    expect(await row(mine)).toMatchObject({ status: "draft", publishedAt: null, announcedAt: null });
    expect((await row(theirs)).status).toBe("published");
    expect((await events(owner.user.id)).map((event) => event.type)).toEqual(["post.published"]);
  });

  it("deletes with posts:write, leaving other owners' posts", async () => {
    const owner = await createOwner(["posts:write"]);
    const other = await createOwner();
    const a = await owner.create();
    const b = await owner.create();
    const theirs = await other.create();
    const res = await owner.call("POST", "/api/posts/bulk", { ids: [a, b, theirs], action: "delete" });
    expect(await res.json()).toEqual({ success: true, affected: 2 });
    expect(await db().post.count({ where: { id: { in: [a, b] } } })).toBe(0);
    expect(await db().post.count({ where: { id: theirs } })).toBe(1);
  });

  it("answers 404 when no id is the caller's", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const theirs = await other.create({ status: "published" });
    const res = await owner.call("POST", "/api/posts/bulk", { ids: [theirs, "missing"], action: "unpublish" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Post not found" });
    expect((await row(theirs)).status).toBe("published");
  });

  it.each([
    ["no ids", { ids: [], action: "delete" }, ["ids"]],
    ["101 ids", { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`), action: "delete" }, ["ids"]],
    ["an unknown action", { ids: ["x"], action: "archive" }, ["action"]],
    ["ids that are not strings", { ids: [1], action: "delete" }, ["ids", "0"]],
  ])("answers 400 Invalid input for %s", async (_label, body, path) => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts/bulk", body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toBe("Invalid input");
    expect(json.issues.map((issue: { path: string[] }) => issue.path)).toContainEqual(path);
  });

  it("accepts exactly 100 ids", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    const ids = [id, ...Array.from({ length: 99 }, (_, i) => `missing-${i}`)];
    const res = await owner.call("POST", "/api/posts/bulk", { ids, action: "publish" });
    expect(await res.json()).toEqual({ success: true, affected: 1 });
  });
});
