// The sitemap past its URL limit (PUBLIC-SITE.md: a sitemap index past 50,000 URLs): with a small
// limit, /sitemap.xml becomes a <sitemapindex> whose parts together hold exactly the URLs of the
// single urlset, each part within the limit, and a part past the end does not exist.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { createPost } from "../../lib/posts/create-post";
import { createPostSchema } from "../../lib/posts/post-input";
import { sitemap } from "../../lib/public-site/sitemap";
import { connectTestDatabase, createTestUser } from "../support/fixtures";

connectTestDatabase();

const xml = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" });
let now = new Date();

async function read(options: { part: number | null; limit?: number }) {
  const map = await sitemap({ ...options, now });
  if (!map) return null;
  return xml.parse(await map.body());
}

describe("sitemap index", () => {
  it("splits into parts of at most `limit` URLs that together list every URL once", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) {
      await createPost({ owner: user, input: createPostSchema.parse({ title: `Post ${i}`, slug: `s-${i}`, status: "published" }) });
    }
    now = new Date(Date.now() + 1000);
    const whole = await read({ part: null });
    const all: string[] = whole.urlset.url.map((url: { loc: string }) => url.loc);
    expect(all.filter((loc) => loc.endsWith(`/${user.username}/s-4`))).toHaveLength(1);
    const limit = Math.ceil(all.length / 3);

    const index = await read({ part: null, limit });
    expect(index.urlset).toBeUndefined();
    const parts: string[] = index.sitemapindex.sitemap.map((entry: { loc: string }) => entry.loc);
    expect(parts.map((loc) => new URL(loc).pathname)).toEqual(["/sitemaps/0.xml", "/sitemaps/1.xml", "/sitemaps/2.xml"].slice(0, parts.length));

    const listed: string[] = [];
    for (let part = 0; part < parts.length; part++) {
      const urls = (await read({ part, limit })).urlset.url.map((url: { loc: string }) => url.loc);
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(all);
    expect(await sitemap({ part: parts.length, limit, now })).toBeNull();
    expect(await sitemap({ part: 0, now })).toBeNull();
  });
});
