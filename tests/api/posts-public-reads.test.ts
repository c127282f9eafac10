// Public reads over HTTP (SPEC "Public post reads"): list (bare array / envelope, perPage cap,
// sort, tag filter, co-authored posts), single post (link-only, private and draft 404, drafts
// only for the owner's session, adjacent, format), search and tags; unknown project 404.
import { describe, expect, it } from "vitest";
import { setCoauthorShowOnBlog } from "../../lib/posts/set-coauthor-show-on-blog";
import { connectTestDatabase, createTestKey, sessionCookieFor, uniqueName } from "../support/fixtures";
import { jsonLdProblems } from "../support/json-ld-check";
import { createOwner, doc, publicGet, serverPublicBaseUrl } from "../support/posts-api";

connectTestDatabase();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const slugs = (posts: { slug: string }[]) => posts.map((post) => post.slug);

describe("GET /api/posts/by-username/:project", () => {
  it("lists only published, public, visible own posts, newest first, as a bare array", async () => {
    const owner = await createOwner();
    const old = await owner.create({ slug: "oldest", status: "published", publishedAt: daysAgo(3) });
    await owner.create({ slug: "newest", status: "published", publishedAt: daysAgo(1) });
    await owner.create({ slug: "draft" });
    await owner.create({ slug: "private", status: "published", visibility: "private", publishedAt: daysAgo(2) });
    await owner.create({ slug: "unlisted", status: "published", visibility: "link-only", publishedAt: daysAgo(2) });
    await owner.create({ slug: "scheduled", status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() });
    await (await createOwner()).create({ slug: "foreign", status: "published" });

    const res = await owner.read("");
    expect(res.status).toBe(200);
    const posts = await res.json();
    expect(Array.isArray(posts)).toBe(true);
    expect(slugs(posts)).toEqual(["newest", "oldest"]);
    expect(posts[1]).toMatchObject({ id: old, format: "tiptap", rendered: null, status: "published", visibility: "public" });
    expect(posts[1].user).toEqual({ id: owner.user.id, username: owner.user.username, displayName: null, avatar: null });
  });

  it("switches to the envelope with page or perPage, caps perPage at 50, and pages", async () => {
    const owner = await createOwner();
    for (let i = 0; i < 12; i++) await owner.create({ slug: `p-${i}`, status: "published", publishedAt: daysAgo(12 - i) });

    const first = await (await owner.read("?perPage=5")).json();
    expect(slugs(first.posts)).toEqual(["p-11", "p-10", "p-9", "p-8", "p-7"]);
    expect(first.pageInfo).toEqual({ total: 12, page: 1, perPage: 5, hasMore: true });

    const last = await (await owner.read("?perPage=5&page=3")).json();
    expect(slugs(last.posts)).toEqual(["p-1", "p-0"]);
    expect(last.pageInfo).toEqual({ total: 12, page: 3, perPage: 5, hasMore: false });

    const defaults = await (await owner.read("?page=1")).json();
    expect(defaults.posts).toHaveLength(10);
    expect(defaults.pageInfo).toEqual({ total: 12, page: 1, perPage: 10, hasMore: true });

    const capped = await (await owner.read("?perPage=500")).json();
    expect(capped.posts).toHaveLength(12);
    expect(capped.pageInfo).toEqual({ total: 12, page: 1, perPage: 50, hasMore: false });

    const beyond = await (await owner.read("?page=9&perPage=5")).json();
    expect(beyond).toEqual({ posts: [], pageInfo: { total: 12, page: 9, perPage: 5, hasMore: false } });

    // Without page/perPage: the first 10, bare.
    expect(await (await owner.read("")).json()).toHaveLength(10);
  });

  it("sorts oldest first with sort=publishedAt:asc", async () => {
    const owner = await createOwner();
    for (const [slug, days] of [["b", 2], ["a", 3], ["c", 1]] as const) {
      await owner.create({ slug, status: "published", publishedAt: daysAgo(days) });
    }
    expect(slugs(await (await owner.read("?sort=publishedAt:asc")).json())).toEqual(["a", "b", "c"]);
    expect(slugs(await (await owner.read("?sort=publishedAt:desc")).json())).toEqual(["c", "b", "a"]);
  });

  it("filters by tag slug, with the total of the filtered list", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "js-1", status: "published", tagNames: ["Java Script"], publishedAt: daysAgo(2) });
    await owner.create({ slug: "js-2", status: "published", tagNames: ["java script", "Other"], publishedAt: daysAgo(1) });
    await owner.create({ slug: "none", status: "published", tagNames: ["Other"] });
    await owner.create({ slug: "js-draft", tagNames: ["Java Script"] });
    expect(slugs(await (await owner.read("?tag=java-script")).json())).toEqual(["js-2", "js-1"]);
    expect((await (await owner.read("?tag=java-script&perPage=1")).json()).pageInfo).toEqual({ total: 2, page: 1, perPage: 1, hasMore: true });
    expect(await (await owner.read("?tag=unknown")).json()).toEqual([]);
  });

  it("renders html and markdown per post, and falls back to tiptap for an unknown format", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", content: doc("Hello *world*") });
    const [html] = await (await owner.read("?format=html")).json();
    expect(html).toMatchObject({ format: "html", rendered: "<p>Hello *world*</p>", content: doc("Hello *world*") });
    const [markdown] = await (await owner.read("?format=markdown")).json();
    expect(markdown).toMatchObject({ format: "markdown", rendered: "Hello \\*world\\*" });
    const [fallback] = await (await owner.read("?format=docx")).json();
    expect(fallback).toMatchObject({ format: "tiptap", rendered: null });
  });

  it("includes posts the project co-authored only when the co-author chose to show them", async () => {
    const author = await createOwner();
    const coauthor = await createOwner();
    await coauthor.create({ slug: "own", status: "published", publishedAt: daysAgo(2) });
    const shared = await author.create({ slug: "shared", status: "published", publishedAt: daysAgo(1), coauthors: [{ userId: coauthor.user.id }] });

    expect(slugs(await (await coauthor.read("")).json())).toEqual(["own"]);
    await setCoauthorShowOnBlog({ userId: coauthor.user.id, postId: shared, show: true });
    const list = await (await coauthor.read("?perPage=10")).json();
    expect(slugs(list.posts)).toEqual(["shared", "own"]);
    expect(list.pageInfo.total).toBe(2);
    expect(list.posts[0].user.username).toBe(author.user.username);
    expect(list.posts[0].coauthors).toEqual([{ userId: coauthor.user.id }]);
    // Own posts only in search and tags; the author's list is unchanged.
    expect(await (await coauthor.read("/search?q=shared")).json()).toEqual([]);
    expect(slugs(await (await author.read("")).json())).toEqual(["shared"]);

    // Unpublished by its owner: gone from the co-author's list too.
    await author.patch(shared, { status: "draft" });
    expect(slugs(await (await coauthor.read("")).json())).toEqual(["own"]);
  });

  it.each([["page=0"], ["page=abc"], ["perPage=0"], ["perPage=-3"], ["sort=title"]])("answers 400 for %s", async (query) => {
    const owner = await createOwner();
    const res = await owner.read(`?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid input");
  });
});

describe("GET /api/posts/by-username/:project/:slug", () => {
  it("serves a published post with adjacent, seo, jsonLd, format and rendered", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "older", title: "Older", status: "published", publishedAt: daysAgo(3) });
    await owner.create({ slug: "hidden-between", status: "published", visibility: "private", publishedAt: daysAgo(2) });
    const id = await owner.create({ slug: "middle", title: "Middle", status: "published", publishedAt: daysAgo(2), content: doc("Body"), tagNames: ["One"] });
    await owner.create({ slug: "unlisted-between", status: "published", visibility: "link-only", publishedAt: daysAgo(1.5) });
    await owner.create({ slug: "newer", title: "Newer", status: "published", publishedAt: daysAgo(1) });
    await owner.create({ slug: "draft-newest" });

    const res = await owner.read("/middle?format=html");
    expect(res.status).toBe(200);
    const post = await res.json();
    expect(post).toMatchObject({
      id,
      slug: "middle",
      title: "Middle",
      format: "html",
      rendered: "<p>Body</p>",
      content: doc("Body"),
      tags: [{ name: "One", slug: "one" }],
      adjacent: { prev: { slug: "older", title: "Older" }, next: { slug: "newer", title: "Newer" } },
    });
    const url = `${serverPublicBaseUrl()}/${owner.user.username}/middle`;
    expect(post.seo).toMatchObject({ title: "Middle", canonical: url, robots: "index, follow", keywords: ["One"] });
    expect(post.seo.openGraph).toMatchObject({ type: "article", url, siteName: owner.user.username });
    expect(post.jsonLd.map((item: { "@type": string }) => item["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
    expect(jsonLdProblems(post.jsonLd)).toEqual([]);
    expect(post.jsonLd[0]).toMatchObject({ headline: "Middle", url, author: [{ "@type": "Person", name: owner.user.username }] });

    const first = await (await owner.read("/older")).json();
    expect(first.adjacent).toEqual({ prev: null, next: { slug: "middle", title: "Middle" } });
    const last = await (await owner.read("/newer")).json();
    expect(last.adjacent).toEqual({ prev: { slug: "middle", title: "Middle" }, next: null });
  });

  it("serves a link-only post to anyone with the slug, marked noindex", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "secret-link", status: "published", visibility: "link-only" });
    const res = await publicGet(`/api/posts/by-username/${owner.user.username}/secret-link`);
    expect(res.status).toBe(200);
    const post = await res.json();
    expect(post.visibility).toBe("link-only");
    expect(post.seo.robots).toBe("noindex, nofollow");
  });

  it.each([
    ["a private post", { status: "published", visibility: "private" }],
    ["a draft", {}],
    ["a scheduled post", { status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() }],
  ])("answers 404 for %s, not cacheable", async (_label, fields) => {
    const owner = await createOwner();
    const slug = uniqueName("hidden");
    await owner.create({ slug, ...fields });
    const res = await owner.read(`/${slug}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Post not found" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
  });

  it("answers 404 for an unknown slug and for another project's slug", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    await other.create({ slug: "theirs", status: "published" });
    expect((await owner.read("/nothing-here")).status).toBe(404);
    expect((await owner.read("/theirs")).status).toBe(404);
  });

  it("serves drafts with includeDrafts=true only to the owner's session cookie, never cached", async () => {
    const owner = await createOwner();
    const stranger = await createOwner();
    await owner.create({ slug: "wip", title: "Work in progress" });
    await owner.create({ slug: "mine-only", status: "published", visibility: "private" });
    const cookie = await sessionCookieFor(owner.user.id);

    const preview = await owner.read("/wip?includeDrafts=true", { Cookie: cookie });
    expect(preview.status).toBe(200);
    expect((await preview.json()).title).toBe("Work in progress");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("etag")).toBeNull();
    expect((await owner.read("/mine-only?includeDrafts=true", { Cookie: cookie })).status).toBe(200);

    // Not without the flag, not for another user's session, never for an API key.
    expect((await owner.read("/wip", { Cookie: cookie })).status).toBe(404);
    expect((await owner.read("/wip?includeDrafts=true", { Cookie: await sessionCookieFor(stranger.user.id) })).status).toBe(404);
    expect((await owner.read("/wip?includeDrafts=true", { Authorization: `Bearer ${owner.key}` })).status).toBe(404);
    const allScopes = await createTestKey(owner.user.id, ["posts:read", "posts:write", "posts:delete"]);
    expect((await owner.read("/wip?includeDrafts=true", { Authorization: `Bearer ${allScopes}` })).status).toBe(404);
    expect((await owner.read("/wip?includeDrafts=true")).status).toBe(404);
  });
});

describe("GET /api/posts/by-username/:project/search", () => {
  it("matches a case-insensitive substring of title or excerpt over own visible posts, newest first", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "t", title: "All about Kittens", status: "published", publishedAt: daysAgo(3) });
    await owner.create({ slug: "e", title: "Other", excerpt: "some KITTENS inside", status: "published", publishedAt: daysAgo(1) });
    await owner.create({ slug: "c", title: "Content only", content: doc("kittens in the body"), excerpt: "nothing", status: "published" });
    await owner.create({ slug: "d", title: "Draft kittens" });
    await owner.create({ slug: "p", title: "Private kittens", status: "published", visibility: "private" });
    await owner.create({ slug: "l", title: "Link-only kittens", status: "published", visibility: "link-only" });

    const res = await owner.read("/search?q=kitten&format=html");
    expect(res.status).toBe(200);
    const posts = await res.json();
    expect(slugs(posts)).toEqual(["e", "t"]);
    expect(posts[0].format).toBe("html");
    expect(res.headers.get("cache-control")).toBe("public, s-maxage=60");
    expect(res.headers.get("etag")).toBeNull();
  });

  it("treats LIKE wildcards in q as text", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "pct", title: "100% done", status: "published" });
    await owner.create({ slug: "plain", title: "1000 done", status: "published" });
    expect(slugs(await (await owner.read(`/search?q=${encodeURIComponent("0%")}`)).json())).toEqual(["pct"]);
    expect(slugs(await (await owner.read("/search?q=0_d")).json())).toEqual([]);
  });

  it.each([["no q", ""], ["a 1-character q", "?q=a"], ["a q of spaces", "?q=%20%20%20"]])("answers 400 for %s", async (_label, query) => {
    const owner = await createOwner();
    const res = await owner.read(`/search${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid input");
  });

  it("accepts 2 characters", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "go", title: "Go tips", status: "published" });
    expect(slugs(await (await owner.read("/search?q=go")).json())).toEqual(["go"]);
  });
});

describe("GET /api/posts/by-username/:project/tags", () => {
  it("counts own published public visible posts per tag, by count then name", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", tagNames: ["Beta", "Alpha"] });
    await owner.create({ status: "published", tagNames: ["Beta", "Gamma"] });
    await owner.create({ status: "published", tagNames: ["Delta"] });
    await owner.create({ tagNames: ["Beta", "Draft only"] });
    await owner.create({ status: "published", visibility: "private", tagNames: ["Private only"] });
    await owner.create({ status: "published", visibility: "link-only", tagNames: ["Beta"] });
    await owner.create({ status: "published", publishedAt: new Date(Date.now() + DAY).toISOString(), tagNames: ["Beta"] });

    const res = await owner.read("/tags");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { name: "Beta", slug: "beta", count: 2 },
      { name: "Alpha", slug: "alpha", count: 1 },
      { name: "Delta", slug: "delta", count: 1 },
      { name: "Gamma", slug: "gamma", count: 1 },
    ]);
  });
});

describe("unknown project", () => {
  it.each([[""], ["/some-slug"], ["/search?q=abc"], ["/tags"]])("answers 404 User not found on %s, not cacheable", async (path) => {
    const res = await publicGet(`/api/posts/by-username/${uniqueName("nobody")}${path}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "User not found" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
