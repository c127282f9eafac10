// What the blog page's and the feeds' ETags cover (PUBLIC-SITE.md "Caching"), read from the one
// key statement: the owner's display name (the pages and feeds show it, so a rename changes the
// tag), and for the feeds no total (a feed shows none, so a post that does not reach its 20
// newest leaves the tag alone).
import { db } from "../../lib/db";
import { describe, expect, it } from "vitest";
import { createPost } from "../../lib/posts/create-post";
import { createPostSchema } from "../../lib/posts/post-input";
import { blogFeed, FEED_SIZE } from "../../lib/public-site/blog-feed";
import { blogPageHead } from "../../lib/public-site/load-blog-page";
import { connectTestDatabase, createTestUser } from "../support/fixtures";

connectTestDatabase();

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe("public list ETags", () => {
  it("change with the owner's display name, on the blog page and the feed", async () => {
    const user = await createTestUser();
    const page = async () => (await blogPageHead({ username: user.username, page: 1 }))!;
    const feed = async () => (await blogFeed({ username: user.username, format: "json" }))!.etag;
    const before = { page: await page(), feed: await feed() };
    expect(before.page.owner).toEqual({ username: user.username, displayName: null });

    await db().user.update({ where: { id: user.id }, data: { displayName: "Renamed Author" } });
    const after = await page();
    expect(after.owner.displayName).toBe("Renamed Author");
    expect(after.etag).not.toBe(before.page.etag);
    expect(await feed()).not.toBe(before.feed);
  });

  it("leave the feed's ETag alone when a post below its newest 20 appears, and change the page's count", async () => {
    const user = await createTestUser();
    const publish = (slug: string, publishedAt: string) =>
      createPost({ owner: user, input: createPostSchema.parse({ title: slug, slug, status: "published", publishedAt }) });
    for (let i = 1; i <= FEED_SIZE; i++) await publish(`p-${i}`, daysAgo(i));
    const feed = async () => (await blogFeed({ username: user.username, format: "rss" }))!.etag;
    const before = { feed: await feed(), page: await blogPageHead({ username: user.username, page: 2 }) };

    await publish("old", daysAgo(100));
    expect(await feed()).toBe(before.feed);
    // Page 2 of the blog now links to an older page (its total moved), so its tag does change.
    const page = await blogPageHead({ username: user.username, page: 2 });
    expect(page?.total).toBe(FEED_SIZE + 1);
    expect(page?.etag).not.toBe(before.page?.etag);
  });
});
