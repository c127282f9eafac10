// HTTP caching of public reads (DECISIONS §5): Cache-Control values, strong ETags, 304 on
// If-None-Match, and ETags that change when anything the response shows changes (a post, its
// tags or co-authors, a deletion, a scheduled post becoming visible, the author) and not otherwise.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { setCoauthorShowOnBlog } from "../../lib/posts/set-coauthor-show-on-blog";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { createOwner, doc, type Owner } from "../support/posts-api";

connectTestDatabase();

const PUBLIC = "public, s-maxage=60, stale-while-revalidate=300";
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function etagOf(owner: Owner, path: string): Promise<string> {
  const res = await owner.read(path);
  expect(res.status).toBe(200);
  const etag = res.headers.get("etag");
  expect(etag).toMatch(/^"[^"]+"$/);
  return etag!;
}

describe.each([
  ["list", ""],
  ["envelope", "?page=1&perPage=5"],
  ["single post", "/first"],
  ["tags", "/tags"],
])("%s", (_label, path) => {
  it("carries Cache-Control and a strong ETag, and answers 304 without a body when it matches", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "first", status: "published", tagNames: ["T"] });
    const res = await owner.read(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(PUBLIC);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await etagOf(owner, path)).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const cached = await owner.read(path, { "If-None-Match": ifNoneMatch });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe("");
      expect(cached.headers.get("etag")).toBe(etag);
      expect(cached.headers.get("cache-control")).toBe(PUBLIC);
    }
    const stale = await owner.read(path, { "If-None-Match": '"something-else"' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toBeTruthy();
  });
});

describe("list ETag", () => {
  it("differs per format, page, perPage, sort, tag and shape", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", tagNames: ["T"] });
    const paths = ["", "?format=html", "?format=markdown", "?page=1", "?perPage=5", "?page=2&perPage=5", "?sort=publishedAt:asc", "?tag=t"];
    const etags = await Promise.all(paths.map((path) => etagOf(owner, path)));
    expect(new Set(etags).size).toBe(paths.length);
  });

  it("changes when a listed post is edited, retagged, given co-authors, deleted or added", async () => {
    const owner = await createOwner();
    const a = await owner.create({ status: "published", publishedAt: daysAgo(2) });
    const b = await owner.create({ status: "published", publishedAt: daysAgo(1) });
    const seen = new Set([await etagOf(owner, "?perPage=10")]);
    const expectNew = async () => {
      const etag = await etagOf(owner, "?perPage=10");
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
    };
    await owner.patch(a, { title: "Edited" });
    await expectNew();
    await owner.patch(a, { tagNames: ["New tag"] });
    await expectNew();
    await owner.patch(b, { coauthors: [{ externalName: "Someone" }] });
    await expectNew();
    await owner.call("DELETE", `/api/posts/${b}`);
    await expectNew();
    await owner.create({ status: "published" });
    await expectNew();
  });

  it("changes when a scheduled post's time comes", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", publishedAt: daysAgo(1) });
    const scheduled = await owner.create({ status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() });
    const before = await etagOf(owner, "");
    expect(await etagOf(owner, "")).toBe(before);
    await db().post.update({ where: { id: scheduled }, data: { publishedAt: new Date(Date.now() - 1000) } });
    expect(await etagOf(owner, "")).not.toBe(before);
  });

  it("changes when the author's profile changes", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published" });
    const before = await etagOf(owner, "");
    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "New Name" } });
    const after = await owner.read("");
    expect(after.headers.get("etag")).not.toBe(before);
    expect((await after.json())[0].user.displayName).toBe("New Name");
  });

  it("changes when a co-author shows or hides a post on their blog", async () => {
    const author = await createOwner();
    const coauthor = await createOwner();
    await coauthor.create({ status: "published", publishedAt: daysAgo(3) });
    const shared = await author.create({ status: "published", coauthors: [{ userId: coauthor.user.id }] });
    const hidden = await etagOf(coauthor, "");
    await setCoauthorShowOnBlog({ userId: coauthor.user.id, postId: shared, show: true });
    const shown = await etagOf(coauthor, "");
    expect(shown).not.toBe(hidden);
    await setCoauthorShowOnBlog({ userId: coauthor.user.id, postId: shared, show: false });
    expect(await etagOf(coauthor, "")).toBe(hidden);
  });

  it("stays the same when nothing the page shows changed", async () => {
    const owner = await createOwner();
    for (let i = 0; i < 3; i++) await owner.create({ slug: `p-${i}`, status: "published", publishedAt: daysAgo(3 - i) });
    const oldest = (await db().post.findFirstOrThrow({ where: { ownerId: owner.user.id, slug: "p-0" } })).id;
    const before = await etagOf(owner, "?perPage=2");
    // A post on page 2 edited, a draft added and edited, another project changing, a user
    // co-author's profile: none of it is on page 1 or in its total.
    await owner.patch(oldest, { title: "Changed on page 2" });
    const draft = await owner.create({ title: "Draft" });
    await owner.patch(draft, { title: "Still draft" });
    await owner.create({ status: "published", visibility: "private" });
    await (await createOwner()).create({ status: "published" });
    await createTestUser();
    expect(await etagOf(owner, "?perPage=2")).toBe(before);
  });
});

describe("single post ETag", () => {
  it("changes with the post, its neighbours and its author, and not with unrelated posts", async () => {
    const owner = await createOwner();
    const far = await owner.create({ slug: "far", status: "published", publishedAt: daysAgo(5) });
    const prev = await owner.create({ slug: "prev", status: "published", publishedAt: daysAgo(4) });
    const post = await owner.create({ slug: "post", status: "published", publishedAt: daysAgo(3) });
    const seen = new Set([await etagOf(owner, "/post")]);
    const expectNew = async () => {
      const etag = await etagOf(owner, "/post");
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
    };

    await owner.patch(far, { title: "Far edited" });
    await owner.create({ title: "A draft" });
    expect(seen.has(await etagOf(owner, "/post"))).toBe(true);

    await owner.patch(post, { content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "new" }] }] } });
    await expectNew();
    await owner.patch(prev, { title: "Previous renamed" });
    await expectNew();
    await owner.create({ slug: "next", status: "published", publishedAt: daysAgo(2) });
    await expectNew();
    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "Renamed" } });
    await expectNew();
    expect(await etagOf(owner, "/post?format=html")).not.toBe(await etagOf(owner, "/post"));
  });
});

describe("tags ETag", () => {
  it("changes when the counts change", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", tagNames: ["One"] });
    const before = await etagOf(owner, "/tags");
    await owner.create({ tagNames: ["One"] });
    expect(await etagOf(owner, "/tags")).toBe(before);
    await owner.create({ status: "published", tagNames: ["One"] });
    expect(await etagOf(owner, "/tags")).not.toBe(before);
  });
});

describe("search", () => {
  it("has no ETag and ignores If-None-Match", async () => {
    const owner = await createOwner();
    await owner.create({ title: "Findable", status: "published" });
    const res = await owner.read("/search?q=find", { "If-None-Match": "*" });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("public, s-maxage=60");
  });
});

// The server keeps rendered bodies keyed by their ETag (lib/http/body-cache.ts). Each read below
// is the second of its kind, so a stale cached body would be what the server answers.
describe("response-body cache", () => {
  const readTwice = async (owner: Owner, path: string) => {
    await owner.read(path);
    const res = await owner.read(path);
    expect(res.status).toBe(200);
    return res.json();
  };

  it("serves every change to a post, its tags, co-authors and author at once", async () => {
    const owner = await createOwner();
    const coauthor = await createOwner();
    const id = await owner.create({ slug: "cached", title: "First title", status: "published", tagNames: ["Old"] });
    for (const path of ["/cached?format=html", "?format=html&perPage=5"]) {
      const first = await readTwice(owner, path);
      expect(JSON.stringify(first)).toContain("First title");
    }
    const post = async () => readTwice(owner, "/cached?format=html");
    const listed = async () => (await readTwice(owner, "?format=html&perPage=5")).posts[0];

    await owner.patch(id, { title: "Second title", content: doc("Fresh words") });
    expect((await post()).title).toBe("Second title");
    expect((await post()).rendered).toContain("Fresh words");
    expect((await listed()).title).toBe("Second title");

    await owner.patch(id, { tagNames: ["New"] });
    expect((await post()).tags).toEqual([{ name: "New", slug: "new" }]);
    expect((await listed()).tags).toEqual([{ name: "New", slug: "new" }]);

    await owner.patch(id, { coauthors: [{ userId: coauthor.user.id }] });
    expect((await post()).coauthors).toEqual([{ userId: coauthor.user.id }]);
    expect((await listed()).coauthors).toEqual([{ userId: coauthor.user.id }]);

    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "Renamed Author" } });
    expect((await post()).user.displayName).toBe("Renamed Author");
    expect((await listed()).user.displayName).toBe("Renamed Author");
  });

  it("never hands one URL's body to another with the same content", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "one", status: "published", content: doc("Body text") });
    const html = await readTwice(owner, "/one?format=html");
    const markdown = await readTwice(owner, "/one?format=markdown");
    expect(html.format).toBe("html");
    expect(markdown.format).toBe("markdown");
    expect(await readTwice(owner, "/one?format=html")).toEqual(html);
  });
});
