// The public blog pages over HTTP (PUBLIC-SITE.md "Pages"): status codes, the <head> against the
// API's `seo` and `jsonLd`, visibility (drafts, private, scheduled 404; link-only noindex and
// unlisted; the owner's draft preview), pagination and tag pages, reserved usernames, the
// generated Open Graph image, and caching (strong ETag, 304, Cache-Control).
import { db } from "../../lib/db";
import { describe, expect, it } from "vitest";
import { createUser } from "../../lib/users/create-user";
import { RESERVED_USERNAMES } from "../../lib/users/reserved-usernames";
import { connectTestDatabase, sessionCookieFor } from "../support/fixtures";
import { createOwner, doc } from "../support/posts-api";
import { fetchHead, parseHtml, readPage } from "../support/public-site";

connectTestDatabase();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const PUBLIC_CACHE = "public, s-maxage=60, stale-while-revalidate=300";

describe("the post page /<username>/<slug>", () => {
  it("has the API's seo in its head, the API's JSON-LD, feed alternates, and the rendered content", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "older", title: "Older", status: "published", publishedAt: daysAgo(3) });
    await owner.create({
      slug: "seo-post",
      title: "Writing & <Reading>",
      content: doc("First paragraph of the post.", "Second paragraph."),
      status: "published",
      publishedAt: daysAgo(1),
      tagNames: ["Node JS", "Web"],
      coverImage: "https://img.example/cover.png",
      seoDescription: "A custom description",
      ogTitle: "OG title",
      twitterTitle: "Twitter title",
    });
    const api = await (await owner.read("/seo-post")).json();

    const { res, head } = await fetchHead(`/${owner.user.username}/seo-post`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const { seo } = api;
    expect(head.title).toBe(seo.title);
    expect(head.meta("description")).toBe(seo.description);
    expect(head.canonical).toBe(seo.canonical);
    expect(head.meta("robots")).toBe(seo.robots);
    expect(head.meta("keywords")?.split(",")).toEqual(seo.keywords);
    expect(head.meta("og:type")).toBe("article");
    expect(head.meta("og:title")).toBe(seo.openGraph.title);
    expect(head.meta("og:description")).toBe(seo.openGraph.description);
    expect(head.meta("og:url")).toBe(seo.openGraph.url);
    expect(head.meta("og:site_name")).toBe(seo.openGraph.siteName);
    expect(head.metas("og:image")).toEqual(seo.openGraph.images.map((image: { url: string }) => image.url));
    expect(head.meta("article:published_time")).toBe(seo.openGraph.publishedTime);
    expect(head.meta("article:modified_time")).toBe(seo.openGraph.modifiedTime);
    expect(head.meta("twitter:card")).toBe(seo.twitter.card);
    expect(head.meta("twitter:title")).toBe(seo.twitter.title);
    expect(head.meta("twitter:description")).toBe(seo.twitter.description);
    expect(head.metas("twitter:image")).toEqual(seo.twitter.images);

    expect(head.jsonLd).toEqual([api.jsonLd]);
    const base = `${new URL(seo.canonical).origin}/${owner.user.username}`;
    expect(head.alternates).toEqual(
      expect.arrayContaining([
        { type: "application/rss+xml", href: `${base}/feed.xml` },
        { type: "application/atom+xml", href: `${base}/atom.xml` },
        { type: "application/feed+json", href: `${base}/feed.json` },
      ]),
    );

    const article = head.document.querySelector("article");
    expect(article?.querySelector("h1")?.textContent).toBe("Writing & <Reading>");
    expect(article?.innerHTML).toContain(api.rendered === null ? "" : "First paragraph of the post.");
    expect(article?.textContent).toContain("Second paragraph.");
    expect(article?.querySelector('a[href$="/tags/node-js"]')?.textContent).toBe("Node JS");
    expect(head.document.querySelector('a[rel="prev"]')?.getAttribute("href")).toBe(`/${owner.user.username}/older`);
  });

  it("renders content with the API's html renderer", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "same-render", content: doc("One.", "Two."), status: "published" });
    const api = await (await owner.read("/same-render?format=html")).json();
    const html = await (await readPage(`/${owner.user.username}/same-render`)).text();
    expect(html).toContain(api.rendered);
  });

  it("names a generated Open Graph image for a post without cover or ogImage, and serves it as PNG", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "plain", title: "Plain post", status: "published" });
    const { head } = await fetchHead(`/${owner.user.username}/plain`);
    const [image] = head.metas("og:image");
    expect(image).toMatch(new RegExp(`^http://localhost:\\d+/${owner.user.username}/plain/og-image$`));
    // The twitter tags stay exactly the API's: no image, card "summary".
    expect(head.meta("twitter:card")).toBe("summary");

    const res = await readPage(new URL(image!).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const etag = res.headers.get("etag")!;
    expect((await readPage(new URL(image!).pathname, { "If-None-Match": etag })).status).toBe(304);

    await owner.create({ slug: "hidden", status: "draft" });
    expect((await readPage(`/${owner.user.username}/hidden/og-image`)).status).toBe(404);
  });

  it("is 404 for drafts, private and scheduled posts, and unknown slugs; link-only opens with noindex", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "draft" });
    await owner.create({ slug: "private", status: "published", visibility: "private", publishedAt: daysAgo(1) });
    await owner.create({ slug: "scheduled", status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() });
    await owner.create({ slug: "unlisted", status: "published", visibility: "link-only", publishedAt: daysAgo(1) });
    for (const slug of ["draft", "private", "scheduled", "no-such-post"]) {
      const res = await readPage(`/${owner.user.username}/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.headers.get("cache-control"), slug).toContain("no-store");
      expect(res.headers.get("etag"), slug).toBeNull();
    }
    const { res, head } = await fetchHead(`/${owner.user.username}/unlisted`);
    expect(res.status).toBe(200);
    expect(head.meta("robots")).toBe("noindex, nofollow");
    const index = await (await readPage(`/${owner.user.username}`)).text();
    expect(index).not.toContain(`/${owner.user.username}/unlisted`);
  });

  it("shows the owner, signed in, their draft with a Draft preview banner, noindex and private no-store", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "wip", title: "Work in progress", content: doc("Not yet.") });
    const path = `/${owner.user.username}/wip`;

    const { res, head } = await fetchHead(path, { Cookie: await sessionCookieFor(owner.user.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect(head.document.querySelector('[role="status"]')?.textContent).toContain("Draft preview");
    expect(head.meta("robots")).toBe("noindex, nofollow");
    expect(head.document.querySelector("h1")?.textContent).toBe("Work in progress");

    const stranger = await createOwner();
    expect((await readPage(path, { Cookie: await sessionCookieFor(stranger.user.id) })).status).toBe(404);
    expect((await readPage(path)).status).toBe(404);
  });

  it("answers If-None-Match with 304 and changes its strong ETag when the post changes", async () => {
    const owner = await createOwner();
    const id = await owner.create({ slug: "cached", status: "published", content: doc("v1") });
    const path = `/${owner.user.username}/cached`;
    const first = await readPage(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await readPage(path, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    expect(await again.text()).toBe("");

    expect((await owner.patch(id, { content: doc("v2") })).status).toBe(200);
    const changed = await readPage(path, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("v2");
  });

  // A page rendered once is answered from memory by its ETag (the route's body cache): the second
  // read of each kind below is that stored copy.
  it("answers a page it has rendered from memory, byte for byte, and serves every change at once", async () => {
    const owner = await createOwner();
    const id = await owner.create({ slug: "stored", title: "First title", status: "published", content: doc("v1"), tagNames: ["Old"] });
    const path = `/${owner.user.username}/stored`;
    const readTwice = async () => {
      const rendered = await readPage(path);
      const stored = await readPage(path);
      for (const res of [rendered, stored]) {
        expect(res.status).toBe(200);
        expect(res.headers.get("x-inkbase-capture-page")).toBeNull();
      }
      expect(stored.headers.get("etag")).toBe(rendered.headers.get("etag"));
      expect(stored.headers.get("content-type")).toBe(rendered.headers.get("content-type"));
      expect(stored.headers.get("cache-control")).toBe(PUBLIC_CACHE);
      const html = await stored.text();
      expect(html).toBe(await rendered.text());
      return parseHtml(html);
    };
    expect((await readTwice()).title).toContain("First title");
    await owner.patch(id, { title: "Second title", content: doc("v2") });
    const edited = await readTwice();
    expect(edited.title).toContain("Second title");
    expect(edited.text).toContain("v2");
    await owner.patch(id, { tagNames: ["Freshtag"] });
    expect((await readTwice()).text).toContain("Freshtag");
    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "Renamed Author" } });
    expect((await readTwice()).text).toContain("Renamed Author");
  });
});

describe("the blog index /<username> and tag pages", () => {
  it("lists public posts newest first, 10 a page, with ?page=N; past the end and bad pages are 404", async () => {
    const owner = await createOwner();
    for (let i = 0; i < 12; i++) {
      await owner.create({ slug: `p-${i}`, title: `Post ${i}`, status: "published", publishedAt: daysAgo(20 - i), excerpt: `Excerpt ${i}` });
    }
    await owner.create({ slug: "a-draft", title: "A draft" });
    const titles = (html: string) => [...parseHtml(html).document.querySelectorAll("article h2")].map((el) => el.textContent);

    const first = await readPage(`/${owner.user.username}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    const firstHtml = await first.text();
    expect(titles(firstHtml)).toEqual(["Post 11", "Post 10", "Post 9", "Post 8", "Post 7", "Post 6", "Post 5", "Post 4", "Post 3", "Post 2"]);
    const head = parseHtml(firstHtml);
    expect(head.document.querySelector("h1")?.textContent).toBe(owner.user.username);
    expect(head.text).toContain("Excerpt 11");
    expect(head.document.querySelector('a[rel="next"]')?.getAttribute("href")).toBe(`/${owner.user.username}?page=2`);
    expect(head.alternates.map((link) => link.type)).toEqual(
      expect.arrayContaining(["application/rss+xml", "application/atom+xml", "application/feed+json"]),
    );

    const second = await readPage(`/${owner.user.username}?page=2`);
    expect(second.status).toBe(200);
    expect(titles(await second.text())).toEqual(["Post 1", "Post 0"]);

    for (const query of ["?page=3", "?page=0", "?page=abc", "?page=-1"]) {
      expect((await readPage(`/${owner.user.username}${query}`)).status, query).toBe(404);
    }

    const etag = first.headers.get("etag")!;
    expect((await readPage(`/${owner.user.username}`, { "If-None-Match": etag })).status).toBe(304);
    await owner.create({ slug: "newest", status: "published" });
    expect((await readPage(`/${owner.user.username}`, { "If-None-Match": etag })).status).toBe(200);
  });

  it("shows an empty blog as a page under its display name, and a new name changes its ETag", async () => {
    const owner = await createOwner();
    const path = `/${owner.user.username}`;
    const before = await readPage(path);
    expect(before.status).toBe(200);
    expect(parseHtml(await before.text()).text).toContain("No posts yet.");
    const etag = before.headers.get("etag")!;

    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "Quiet Writer" } });
    const after = await readPage(path, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(parseHtml(await after.text()).document.querySelector("h1")?.textContent).toBe("Quiet Writer");
  });

  it("filters to one tag at /<username>/tags/<tag>; an unknown tag is 404", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "tagged", title: "Tagged", status: "published", tagNames: ["Deep Dives"] });
    await owner.create({ slug: "untagged", title: "Untagged", status: "published" });
    const res = await readPage(`/${owner.user.username}/tags/deep-dives`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^"/);
    const page = parseHtml(await res.text());
    expect([...page.document.querySelectorAll("article h2")].map((el) => el.textContent)).toEqual(["Tagged"]);
    expect(page.document.querySelector("h1")?.textContent).toContain("Deep Dives");
    expect((await readPage(`/${owner.user.username}/tags/nothing-here`)).status).toBe(404);
  });

  it("is 404 for unknown usernames and reserved names", async () => {
    const unknown = await readPage("/nobody-here-at-all");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toContain("no-store");
    for (const path of ["/about", "/settings/some-post", "/help/tags/x"]) {
      expect((await readPage(path)).status, path).toBe(404);
    }
  });
});

describe("reserved usernames", () => {
  it("are refused at account creation, app routes included", async () => {
    for (const name of ["dashboard", "api", "signin", "docs"]) expect(RESERVED_USERNAMES.has(name)).toBe(true);
    for (const username of ["dashboard", "api", "signin", "docs"]) {
      await expect(createUser({ username, email: `${username}-${Date.now()}@example.test`, password: "long enough pw" })).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});
