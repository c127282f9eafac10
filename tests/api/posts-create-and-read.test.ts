// Creating posts over HTTP and reading them back as their owner: POST /api/posts (defaults,
// every field, derived excerpt and reading time, slug rules, validation, sessions), then
// /api/posts/mine and GET /api/posts/:id with tenant isolation (SPEC "Post writes (owner)").
// Changing and deleting posts is in posts-update-delete.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { RESERVED_SLUGS } from "../../lib/posts/reserved-slugs";
import { connectTestDatabase, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";
import { baseUrl, createOwner, doc } from "../support/posts-api";

connectTestDatabase();

describe("POST /api/posts", () => {
  it("creates a draft with the defaults and answers 201 { id }", async () => {
    const owner = await createOwner();
    const slug = uniqueName("hello");
    const res = await owner.call("POST", "/api/posts", { title: "Hello", slug });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["id"]);

    const post = await owner.get(body.id);
    expect(post).toMatchObject({
      id: body.id,
      slug,
      title: "Hello",
      subtitle: null,
      excerpt: "",
      content: { type: "doc", content: [] },
      rendered: null,
      format: "tiptap",
      coverImage: null,
      featured: false,
      tags: [],
      coauthors: [],
      user: { id: owner.user.id, username: owner.user.username, displayName: null, avatar: null },
      readingTime: 0,
      publishedAt: null,
      visibility: "public",
      status: "draft",
      seoTitle: null,
      robots: null,
    });
    expect(Date.parse(post.updatedAt)).not.toBeNaN();
  });

  it("stores every field it is given", async () => {
    const owner = await createOwner();
    const id = await owner.create({
      title: "Full",
      subtitle: "Sub",
      excerpt: "Given excerpt",
      content: doc("Some words here"),
      coverImage: "https://img.example/cover.png",
      featured: true,
      visibility: "link-only",
      seoTitle: "SEO title",
      seoDescription: "SEO description",
      canonicalUrl: "https://example.com/full",
      ogTitle: "OG title",
      ogDescription: "OG description",
      ogImage: "https://img.example/og.png",
      twitterTitle: "TW title",
      twitterDescription: "TW description",
      twitterImage: "https://img.example/tw.png",
      robots: "noindex",
    });
    expect(await owner.get(id)).toMatchObject({
      subtitle: "Sub",
      excerpt: "Given excerpt",
      content: doc("Some words here"),
      coverImage: "https://img.example/cover.png",
      featured: true,
      visibility: "link-only",
      readingTime: 1,
      seoTitle: "SEO title",
      seoDescription: "SEO description",
      canonicalUrl: "https://example.com/full",
      ogTitle: "OG title",
      ogDescription: "OG description",
      ogImage: "https://img.example/og.png",
      twitterTitle: "TW title",
      twitterDescription: "TW description",
      twitterImage: "https://img.example/tw.png",
      robots: "noindex",
    });
  });

  it("derives the excerpt (160 characters cut at a word) and the reading time from the content", async () => {
    const owner = await createOwner();
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ");
    const post = await owner.get(await owner.create({ content: doc(words) }));
    expect(post.excerpt.length).toBeLessThanOrEqual(160);
    expect(words.startsWith(post.excerpt)).toBe(true);
    expect(words[post.excerpt.length]).toBe(" ");
    expect(post.readingTime).toBe(3);
  });

  it("answers 409 Slug already used for a slug the owner has, but lets another owner use it", async () => {
    const owner = await createOwner();
    const slug = uniqueName("taken");
    await owner.create({ slug });
    const res = await owner.call("POST", "/api/posts", { title: "Again", slug });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Slug already used" });

    const other = await createOwner();
    expect((await other.call("POST", "/api/posts", { title: "Mine too", slug })).status).toBe(201);
  });

  it.each([...RESERVED_SLUGS])("refuses the reserved slug %s with 400", async (slug) => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "Reserved", slug });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "This slug is reserved and cannot be used" });
  });

  it.each([
    ["no title", { slug: "a" }, ["title"]],
    ["an empty title", { title: " ", slug: "a" }, ["title"]],
    ["no slug", { title: "T" }, ["slug"]],
    ["a slug with capitals", { title: "T", slug: "Hello" }, ["slug"]],
    ["a slug with spaces", { title: "T", slug: "a b" }, ["slug"]],
    ["an unknown node type", { title: "T", slug: "a", content: { type: "doc", content: [{ type: "iframe" }] } }, ["content", "content", "0", "type"]],
    [
      "an unknown mark type",
      { title: "T", slug: "a", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "blink" }] }] }] } },
      ["content", "content", "0", "content", "0", "marks", "0", "type"],
    ],
    ["content that is not a document", { title: "T", slug: "a", content: "<p>hi</p>" }, ["content"]],
    ["an unknown visibility", { title: "T", slug: "a", visibility: "secret" }, ["visibility"]],
    ["an unknown status", { title: "T", slug: "a", status: "live" }, ["status"]],
    ["a publishedAt that is not ISO 8601", { title: "T", slug: "a", publishedAt: "tomorrow" }, ["publishedAt"]],
    ["tagNames that are not strings", { title: "T", slug: "a", tagNames: [1] }, ["tagNames", "0"]],
    ["a coverImage that is not a URL", { title: "T", slug: "a", coverImage: "javascript:alert(1)" }, ["coverImage"]],
    ["a co-author of neither shape", { title: "T", slug: "a", coauthors: [{ name: "x" }] }, ["coauthors", "0"]],
    ["featured that is not a boolean", { title: "T", slug: "a", featured: "yes" }, ["featured"]],
  ])("answers 400 Invalid input for %s, and stores nothing", async (_label, body, path) => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toBe("Invalid input");
    expect(json.issues.map((issue: { path: string[] }) => issue.path)).toContainEqual(path);
    for (const issue of json.issues) expect(typeof issue.message).toBe("string");
    expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(0);
  });

  it("answers 400 Invalid JSON for a malformed body", async () => {
    const owner = await createOwner();
    const res = await fetch(`${baseUrl()}/api/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.key}`, "Content-Type": "application/json" },
      body: "{ not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid JSON" });
  });

  it("ignores keys it does not know (a client may send back what it read)", async () => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "T", slug: uniqueName("s"), id: "forced", rendered: "<p>x</p>" });
    expect(res.status).toBe(201);
    expect((await res.json()).id).not.toBe("forced");
  });

  it("accepts a web-app session instead of a key", async () => {
    const user = await createTestUser();
    const res = await fetch(`${baseUrl()}/api/posts`, {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(user.id), "Content-Type": "application/json" },
      body: JSON.stringify({ title: "From the dashboard", slug: uniqueName("s") }),
    });
    expect(res.status).toBe(201);
  });
});

describe("owner reads", () => {
  it("GET /api/posts/mine lists every own post, drafts and scheduled included, as raw Tiptap", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    await other.create();
    const ids = [
      await owner.create({ content: doc("draft") }),
      await owner.create({ status: "published", content: doc("live") }),
      await owner.create({ status: "published", publishedAt: new Date(Date.now() + 86_400_000).toISOString() }),
      await owner.create({ status: "published", visibility: "private" }),
    ];
    const res = await owner.call("GET", "/api/posts/mine?format=html");
    expect(res.status).toBe(200);
    const posts = await res.json();
    expect(posts.map((post: { id: string }) => post.id).sort()).toEqual([...ids].sort());
    for (const post of posts) expect(post).toMatchObject({ format: "tiptap", rendered: null });
    expect(posts.find((post: { id: string }) => post.id === ids[1]).content).toEqual(doc("live"));
  });

  it("GET /api/posts/:id renders the requested format and falls back to tiptap", async () => {
    const owner = await createOwner();
    const id = await owner.create({ content: doc("Hello <b>world</b>") });
    expect(await owner.get(id, "html")).toMatchObject({ format: "html", rendered: "<p>Hello &lt;b&gt;world&lt;/b&gt;</p>" });
    expect(await owner.get(id, "markdown")).toMatchObject({ format: "markdown", rendered: "Hello &lt;b&gt;world&lt;/b&gt;" });
    expect(await owner.get(id, "pdf")).toMatchObject({ format: "tiptap", rendered: null, content: doc("Hello <b>world</b>") });
  });

  it("GET /api/posts/:id answers 404 for another user's post", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const id = await other.create();
    const res = await owner.call("GET", `/api/posts/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Post not found" });
  });
});
