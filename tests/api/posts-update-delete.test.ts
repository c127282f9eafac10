// Changing posts over HTTP: tags and co-authors (set on create, replaced on PATCH), PATCH and
// DELETE with validation, slug rules and tenant isolation (SPEC "Post writes (owner)").
// Creating posts and the owner's reads are in posts-create-and-read.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { setCoauthorShowOnBlog } from "../../lib/posts/set-coauthor-show-on-blog";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";
import { createOwner, doc } from "../support/posts-api";

connectTestDatabase();

describe("tags", () => {
  it("finds or creates tags by slug, per project, and replaces them on PATCH", async () => {
    const owner = await createOwner();
    const id = await owner.create({ tagNames: ["Hello World", "hello-world", "Node.js", "  Spaced   out "] });
    expect((await owner.get(id)).tags).toEqual([
      { name: "Hello World", slug: "hello-world" },
      { name: "Node.js", slug: "node-js" },
      { name: "Spaced out", slug: "spaced-out" },
    ]);
    const second = await owner.create({ tagNames: ["HELLO world"] });
    expect((await owner.get(second)).tags).toEqual([{ name: "Hello World", slug: "hello-world" }]);
    expect(await db().tag.count({ where: { ownerId: owner.user.id } })).toBe(3);

    expect((await owner.patch(id, { tagNames: ["Other"] })).status).toBe(200);
    expect((await owner.get(id)).tags).toEqual([{ name: "Other", slug: "other" }]);
    expect((await owner.patch(id, { tagNames: [] })).status).toBe(200);
    expect((await owner.get(id)).tags).toEqual([]);

    const other = await createOwner();
    const foreign = await other.create({ tagNames: ["Hello World"] });
    expect((await other.get(foreign)).tags).toEqual([{ name: "Hello World", slug: "hello-world" }]);
    expect(await db().tag.count({ where: { ownerId: other.user.id } })).toBe(1);
  });

  it("refuses a tag name without a letter or digit", async () => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "T", slug: "a", tagNames: ["!!!"] });
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toEqual(["tagNames", "0"]);
  });
});

describe("co-authors", () => {
  it("stores user and external co-authors in order and replaces them on PATCH, keeping a co-author's own choice", async () => {
    const owner = await createOwner();
    const coauthor = await createTestUser();
    const id = await owner.create({
      coauthors: [{ externalName: "Ada", externalHandle: "@ada", externalUrl: "https://ada.example" }, { userId: coauthor.id }, { externalName: "Bob" }],
    });
    expect((await owner.get(id)).coauthors).toEqual([
      { externalName: "Ada", externalHandle: "@ada", externalUrl: "https://ada.example" },
      { userId: coauthor.id },
      { externalName: "Bob", externalHandle: null, externalUrl: null },
    ]);

    await setCoauthorShowOnBlog({ userId: coauthor.id, postId: id, show: true });
    expect((await owner.patch(id, { coauthors: [{ userId: coauthor.id }] })).status).toBe(200);
    expect((await owner.get(id)).coauthors).toEqual([{ userId: coauthor.id }]);
    const row = await db().postCoauthor.findFirstOrThrow({ where: { postId: id } });
    expect(row.showOnBlog).toBe(true);

    expect((await owner.patch(id, { coauthors: [] })).status).toBe(200);
    expect((await owner.get(id)).coauthors).toEqual([]);
  });

  it.each([
    ["an unknown user", () => "no-such-user", "User not found"],
    ["the owner", (ownerId: string) => ownerId, "The owner cannot be their own co-author"],
  ])("refuses %s as a co-author with 400", async (_label, pick, message) => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "T", slug: "a", coauthors: [{ userId: pick(owner.user.id) }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid input", issues: [{ path: ["coauthors", "0", "userId"], message }] });
    expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(0);
  });
});

describe("PATCH /api/posts/:id", () => {
  it("changes only the fields sent and answers { success: true }", async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Before", subtitle: "Keep", content: doc("Body"), tagNames: ["Keep"] });
    const before = await owner.get(id);
    const res = await owner.patch(id, { title: "After" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const after = await owner.get(id);
    expect(after).toMatchObject({ title: "After", subtitle: "Keep", content: doc("Body"), tags: [{ name: "Keep", slug: "keep" }] });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it("re-derives an automatic excerpt when the content changes, keeps a given one, and null hands it back", async () => {
    const owner = await createOwner();
    const id = await owner.create({ content: doc("First text") });
    expect((await owner.get(id)).excerpt).toBe("First text");
    await owner.patch(id, { content: doc("Second text") });
    expect((await owner.get(id)).excerpt).toBe("Second text");
    await owner.patch(id, { excerpt: "Mine" });
    await owner.patch(id, { content: doc("Third text") });
    expect((await owner.get(id)).excerpt).toBe("Mine");
    await owner.patch(id, { excerpt: null });
    expect((await owner.get(id)).excerpt).toBe("Third text");
  });

  it("applies the slug rules to a new slug", async () => {
    const owner = await createOwner();
    const taken = uniqueName("taken");
    await owner.create({ slug: taken });
    const id = await owner.create();
    const conflict = await owner.patch(id, { slug: taken });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "Slug already used" });
    const reserved = await owner.patch(id, { slug: "tags" });
    expect(reserved.status).toBe(400);
    expect(await reserved.json()).toEqual({ error: "This slug is reserved and cannot be used" });
    const fresh = uniqueName("fresh");
    expect((await owner.patch(id, { slug: fresh })).status).toBe(200);
    expect((await owner.get(id)).slug).toBe(fresh);
  });

  it("validates the body and writes nothing on 400", async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Same" });
    const res = await owner.patch(id, { title: "New", content: { type: "doc", content: [{ type: "script" }] } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid input");
    expect((await owner.get(id)).title).toBe("Same");
  });

  it("answers 404 for another user's post and for an unknown id, and changes nothing", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const id = await other.create({ title: "Theirs" });
    for (const target of [id, "no-such-post"]) {
      const res = await owner.patch(target, { title: "Mine now" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Post not found" });
    }
    expect((await other.get(id)).title).toBe("Theirs");
  });
});

describe("DELETE /api/posts/:id", () => {
  it("deletes the owner's post and answers { success: true }; then 404", async () => {
    const owner = await createOwner();
    const id = await owner.create({ tagNames: ["Gone"] });
    const res = await owner.call("DELETE", `/api/posts/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await owner.call("GET", `/api/posts/${id}`)).status).toBe(404);
    expect((await owner.call("DELETE", `/api/posts/${id}`)).status).toBe(404);
  });

  it("answers 404 for another user's post and leaves it", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const id = await other.create();
    const res = await owner.call("DELETE", `/api/posts/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Post not found" });
    expect(await db().post.count({ where: { id } })).toBe(1);
  });
});
