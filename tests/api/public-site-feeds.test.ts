// Feeds and discovery over HTTP (PUBLIC-SITE.md): RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the
// latest 20 public posts (parsed with a real XML parser, checked against their formats), the
// sitemap (public posts and blog indexes with lastmod, nothing hidden), robots.txt, and their
// caching (strong ETag, 304, Cache-Control).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { connectTestDatabase } from "../support/fixtures";
import { createOwner, doc, type Owner } from "../support/posts-api";
import { readPage } from "../support/public-site";

connectTestDatabase();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const PUBLIC_CACHE = "public, s-maxage=60, stale-while-revalidate=300";
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "entry", "url", "sitemap", "category", "link"].includes(name) });

/** 22 public posts (p-0 oldest … p-21 newest) and one of each hidden kind. */
async function blogWithPosts(): Promise<Owner> {
  const owner = await createOwner();
  for (let i = 0; i < 22; i++) {
    await owner.create({ slug: `p-${i}`, title: `Post ${i}`, content: doc(`Body <${i}> & more`), status: "published", publishedAt: daysAgo(30 - i), tagNames: ["Notes"] });
  }
  await owner.create({ slug: "draft" });
  await owner.create({ slug: "private", status: "published", visibility: "private", publishedAt: daysAgo(1) });
  await owner.create({ slug: "unlisted", status: "published", visibility: "link-only", publishedAt: daysAgo(1) });
  await owner.create({ slug: "scheduled", status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() });
  return owner;
}

/**
 * 200 with the public Cache-Control and a strong ETag, then 304 for that ETag. The sitemap spans
 * every blog, and tests running in parallel publish posts: a 200 in between is only accepted
 * with a new ETag (the sitemap did change), and the check is repeated.
 */
async function expectCached(path: string, attempts = 1) {
  for (let attempt = 1; ; attempt++) {
    const res = await readPage(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("cache-control"), path).toBe(PUBLIC_CACHE);
    const etag = res.headers.get("etag");
    expect(etag, path).toMatch(/^"[^"]+"$/);
    const again = await readPage(path, { "If-None-Match": etag! });
    if (again.status === 200 && attempt < attempts) {
      expect(again.headers.get("etag"), path).not.toBe(etag);
      continue;
    }
    expect(again.status, path).toBe(304);
    expect(again.headers.get("etag"), path).toBe(etag);
    return { res, etag: etag! };
  }
}

const latestSlugs = Array.from({ length: 20 }, (_, i) => `p-${21 - i}`);

describe("feeds", () => {
  it("serves RSS 2.0 of the latest 20 public posts with full HTML content and absolute URLs", async () => {
    const owner = await blogWithPosts();
    const { res } = await expectCached(`/${owner.user.username}/feed.xml`);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const { rss } = xml.parse(text);
    expect(rss["@version"]).toBe("2.0");
    const channel = rss.channel;
    const home = `${new URL(res.url).origin.replace("127.0.0.1", "localhost")}`;
    expect(channel.title).toBe(owner.user.username);
    expect(typeof channel.description).toBe("string");
    expect(channel.link[0]).toMatch(new RegExp(`^http://localhost:\\d+/${owner.user.username}$`));
    expect(channel.item).toHaveLength(20);
    expect(channel.item.map((item: { link: string[] }) => item.link[0].split("/").pop())).toEqual(latestSlugs);
    const first = channel.item[0];
    expect(first.title).toBe("Post 21");
    expect(first.link[0]).toMatch(/^http:\/\/localhost:\d+\//);
    expect(first.guid["#text"] ?? first.guid).toBe(first.link[0]);
    const api = await (await owner.read("/p-21")).json();
    expect(new Date(first.pubDate).toISOString()).toBe(new Date(Math.floor(Date.parse(api.publishedAt) / 1000) * 1000).toISOString());
    expect(first["content:encoded"]).toContain("<p>Body &lt;21&gt; &amp; more</p>");
    expect(home).toBeTruthy();
  });

  it("serves Atom 1.0 with ids, updated, alternate links and HTML content", async () => {
    const owner = await blogWithPosts();
    const { res } = await expectCached(`/${owner.user.username}/atom.xml`);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const { feed } = xml.parse(text);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.title).toBeTruthy();
    expect(feed.id).toMatch(/^http:\/\/localhost:\d+\//);
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    expect(feed.entry).toHaveLength(20);
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^http:\/\/localhost:\d+\//);
      expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
      expect(entry.link[0]["@href"]).toBe(entry.id);
      expect(entry.content["@type"]).toBe("html");
    }
    expect(feed.entry.map((entry: { id: string }) => entry.id.split("/").pop())).toEqual(latestSlugs);
    expect(feed.entry[0].content["#text"]).toContain("<p>Body &lt;21&gt; &amp; more</p>");
  });

  it("serves JSON Feed 1.1 with its required fields", async () => {
    const owner = await blogWithPosts();
    const { res } = await expectCached(`/${owner.user.username}/feed.json`);
    expect(res.headers.get("content-type")).toContain("application/feed+json");
    const feed = await res.json();
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe(owner.user.username);
    expect(feed.home_page_url).toMatch(new RegExp(`/${owner.user.username}$`));
    expect(feed.feed_url).toMatch(new RegExp(`/${owner.user.username}/feed.json$`));
    expect(feed.items).toHaveLength(20);
    for (const item of feed.items) {
      expect(typeof item.id).toBe("string");
      expect(item.url).toMatch(/^http:\/\/localhost:\d+\//);
      expect(typeof item.content_html).toBe("string");
      expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
      expect(item.authors[0].name).toBe(owner.user.username);
    }
    expect(feed.items.map((item: { url: string }) => item.url.split("/").pop())).toEqual(latestSlugs);
  });

  it("changes its ETag when a listed post changes, and is 404 for an unknown blog", async () => {
    const owner = await createOwner();
    const id = await owner.create({ slug: "only", status: "published", content: doc("v1") });
    const { etag } = await expectCached(`/${owner.user.username}/feed.json`);
    await owner.patch(id, { content: doc("v2") });
    const changed = await readPage(`/${owner.user.username}/feed.json`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect((await changed.json()).items[0].content_html).toContain("v2");
    for (const feed of ["feed.xml", "atom.xml", "feed.json"]) {
      expect((await readPage(`/nobody-at-all-here/${feed}`)).status, feed).toBe(404);
    }
  });

  // Full feeds are kept by ETag (lib/http/body-cache.ts): each read below is the second of its
  // kind, so a stale stored body would be what the server answers.
  it("serves a change to a post, its tags or its author at once, although full feeds are cached", async () => {
    const owner = await createOwner();
    const id = await owner.create({ slug: "cached", title: "First title", status: "published", tagNames: ["Old"], content: doc("v1") });
    const feed = async () => {
      await readPage(`/${owner.user.username}/feed.json`);
      const res = await readPage(`/${owner.user.username}/feed.json`);
      expect(res.status).toBe(200);
      return (await res.json()).items[0];
    };
    expect((await feed()).title).toBe("First title");
    await owner.patch(id, { title: "Second title", content: doc("v2") });
    const edited = await feed();
    expect(edited.title).toBe("Second title");
    expect(edited.content_html).toContain("v2");
    await owner.patch(id, { tagNames: ["New"] });
    expect((await feed()).tags).toEqual(["New"]);
    await db().user.update({ where: { id: owner.user.id }, data: { displayName: "Renamed Author" } });
    expect((await feed()).authors[0].name).toBe("Renamed Author");
  });
});

describe("sitemap and robots", () => {
  it("lists every public post and blog index with lastmod, and nothing hidden", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "listed", status: "published", publishedAt: daysAgo(2) });
    await owner.create({ slug: "draft" });
    await owner.create({ slug: "private", status: "published", visibility: "private" });
    await owner.create({ slug: "unlisted", status: "published", visibility: "link-only" });
    await owner.create({ slug: "scheduled", status: "published", publishedAt: new Date(Date.now() + DAY).toISOString() });

    const { res } = await expectCached("/sitemap.xml", 5);
    expect(res.headers.get("content-type")).toContain("xml");
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const { urlset } = xml.parse(text);
    expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const mine = urlset.url.filter((url: { loc: string }) => new URL(url.loc).pathname.split("/")[1] === owner.user.username);
    expect(mine.map((url: { loc: string }) => new URL(url.loc).pathname).sort()).toEqual([`/${owner.user.username}`, `/${owner.user.username}/listed`]);
    for (const url of mine) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
    for (const url of urlset.url) expect(url.loc).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it("changes the sitemap's ETag when a post is published", async () => {
    const owner = await createOwner();
    const { etag } = await expectCached("/sitemap.xml", 5);
    await owner.create({ slug: "fresh", status: "published" });
    expect((await readPage("/sitemap.xml", { "If-None-Match": etag })).status).toBe(200);
  });

  it("robots.txt allows the blogs, disallows /dashboard and /api, and names the sitemap", async () => {
    const res = await readPage("/robots.txt");
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-Agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api");
    expect(lines.find((line) => line.startsWith("Sitemap:"))).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/);
  });
});
