// The public list's keys statement at scale (bench/README.md, "Speed"): with the first page's
// bounds written into its text for the common page sizes, and the not-yet-visible counts capped,
// PostgreSQL keeps its generic plan for a project of 20,000 posts instead of planning it on every
// request (the statement was re-planned from about that size up: 0.8 ms of database CPU per list
// 304 at 100,000 posts). The answers do not change: the same keys and totals as a plain count and
// scan, on inlined and parameter pages alike, and an exact total when a project has more
// scheduled posts than the capped counts read.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { listPageKeys, listPageKeysSql } from "../../lib/posts/list-page-keys";
import { publicPostList } from "../../lib/posts/public-post-list";
import { HIDDEN_COUNT_CAP } from "../../lib/posts/visible-total-sql";
import { INLINED_PAGE_SIZES } from "../../lib/posts/visible-page-sql";
import { FEED_SIZE } from "../../lib/public-site/blog-feed";
import { BLOG_PAGE_SIZE } from "../../lib/public-site/public-routes";
import { ownTestDatabase } from "../support/own-database";

const own = ownTestDatabase("inkbase_list_plans");
let client: pg.Client;
const BIG = 20_000;
const now = new Date();

beforeAll(async () => {
  client = own.client();
  const minutesAgo = `($1::timestamp - make_interval(mins => g))`;
  await client.query(`INSERT INTO "User" (id, username, email, "passwordHash", "updatedAt")
    VALUES ('big', 'big', 'big@example.test', 'x', now()), ('busy', 'busy', 'busy@example.test', 'x', now())`);
  await client.query(`INSERT INTO "Tag" (id, "ownerId", name, slug) VALUES ('t-odd', 'big', 'Odd', 'odd')`);
  // One project of 20,000 public posts, one minute apart, two of them at the same instant.
  await client.query(
    `INSERT INTO "Post" (id, "ownerId", slug, title, content, status, visibility, "publishedAt", "updatedAt")
     SELECT 'big-' || g, 'big', 'post-' || g, 'Post ' || g, '{}'::jsonb, 'published', 'public',
            ${minutesAgo.replace("g)", "CASE WHEN g = 7 THEN 6 ELSE g END)")}, ${minutesAgo}
     FROM generate_series(1, ${BIG}) g`,
    [now.toISOString()],
  );
  await client.query(`INSERT INTO "PostTag" ("postId", "tagId") SELECT 'big-' || g, 't-odd' FROM generate_series(1, ${BIG}, 2) g`);
  // A project with more scheduled posts than the capped counts read, and some published undated.
  await client.query(
    `INSERT INTO "Post" (id, "ownerId", slug, title, content, status, visibility, "publishedAt", "updatedAt")
     SELECT 'busy-' || g, 'busy', 'busy-' || g, 'Busy ' || g, '{}'::jsonb, 'published', 'public',
            CASE WHEN g <= 30 THEN ${minutesAgo} WHEN g <= 35 THEN NULL ELSE $1::timestamp + make_interval(days => g) END, $1::timestamp
     FROM generate_series(1, ${30 + 5 + HIDDEN_COUNT_CAP + 20}) g`,
    [now.toISOString()],
  );
  await client.query("VACUUM ANALYZE");
}, 300_000);


const desc = "publishedAt:desc" as const;

describe("the public list's keys statement", () => {
  it("covers the page sizes the API, the blog pages and the feeds ask for", () => {
    for (const size of [10, BLOG_PAGE_SIZE, FEED_SIZE, 50]) expect(INLINED_PAGE_SIZES.has(size)).toBe(true);
  });

  it("keeps its generic plan for a project of 20,000 posts", async () => {
    const pages = [
      { take: 50, withTotal: true },
      { take: BLOG_PAGE_SIZE, withTotal: true },
      { take: FEED_SIZE, withTotal: false },
      { take: 10, withTotal: true, tag: "odd" },
    ];
    for (const [index, page] of pages.entries()) {
      const statement = listPageKeysSql({ username: "big", now, sort: desc, skip: 0, ...page });
      const name = `plan_test_${index}`;
      for (let i = 0; i < 12; i++) {
        // A new time on each request, as the server sends.
        const values = statement.values.map((value) => (value instanceof Date ? new Date().toISOString() : value));
        await client.query({ name, text: statement.text, values });
      }
      const { rows } = await client.query("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1", [name]);
      expect(Number(rows[0].generic_plans), JSON.stringify(page)).toBeGreaterThan(0);
    }
  });

  it("answers the keys and totals of a plain scan, on inlined and parameter pages alike", async () => {
    const reference = async (options: { skip: number; take: number; tag?: string; sort: "ASC" | "DESC" }) => {
      const tag = options.tag ? `AND id IN (SELECT "postId" FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE t.slug = $2)` : "";
      const where = `"ownerId" = 'big' AND status = 'published' AND visibility = 'public' AND "publishedAt" <= $1 ${tag}`;
      const values = [now.toISOString(), ...(options.tag ? [options.tag] : [])];
      const { rows } = await client.query(
        `SELECT id FROM "Post" WHERE ${where} ORDER BY "publishedAt" ${options.sort}, id ${options.sort} OFFSET ${options.skip} LIMIT ${options.take}`,
        values,
      );
      const total = await client.query(`SELECT count(*)::int AS n FROM "Post" WHERE ${where}`, values);
      return { ids: rows.map((row) => row.id), total: total.rows[0].n };
    };
    const cases = [
      { skip: 0, take: 50 }, // inlined
      { skip: 0, take: 10, tag: "odd" }, // inlined, with a tag
      { skip: 0, take: 20, sort: "publishedAt:asc" as const }, // inlined, oldest first
      { skip: 0, take: 7 }, // parameters: not a common size
      { skip: 50, take: 50 }, // parameters: a later page
      { skip: 19_990, take: 20 }, // past the end
    ];
    for (const page of cases) {
      const sort = page.sort ?? desc;
      const keys = await listPageKeys({ username: "big", now, skip: page.skip, take: page.take, tag: page.tag, sort, withTotal: true });
      const expected = await reference({ ...page, sort: sort === desc ? "DESC" : "ASC" });
      expect(keys.keys.map(([id]) => id), JSON.stringify(page)).toEqual(expected.ids);
      expect(keys.total, JSON.stringify(page)).toBe(expected.total);
    }
  });

  it("counts exactly when a project has more scheduled posts than the capped counts read", async () => {
    const keys = await listPageKeys({ username: "busy", now, skip: 0, take: 50, sort: desc, withTotal: true });
    expect(keys.total).toBe(30);
    expect(keys.keys).toHaveLength(30);
    const list = await publicPostList({ username: "busy", query: { format: "tiptap", perPage: 50, sort: desc }, now });
    expect(list.total).toBe(30);
  });

  it("answers exactly what the statement with passed bounds and uncapped counts answers", async () => {
    // The ETag is made from these keys and this total (lib/posts/public-post-list.ts): equal
    // answers are equal ETags.
    const run = async (statement: ReturnType<typeof listPageKeysSql>) =>
      (await client.query(statement.text, statement.values.map((value) => (value instanceof Date ? value.toISOString() : value)))).rows[0];
    for (const page of [{ take: 50 }, { take: 10, tag: "odd" }, { take: 20, withTotal: false }]) {
      for (const username of ["big", "busy"]) {
        const options = { username, now, sort: desc, skip: 0, withTotal: true, ...page };
        const bounded = await run(listPageKeysSql(options));
        const plain = await run(listPageKeysSql({ ...options, inlineBounds: false, capped: false }));
        expect(listPageKeysSql(options).text).not.toBe(listPageKeysSql({ ...options, inlineBounds: false, capped: false }).text);
        // The capped total is NULL where it gave up (busy), and listPageKeys then counts exactly.
        expect({ ...bounded, total: bounded.total ?? plain.total }, `${username} ${JSON.stringify(page)}`).toEqual(plain);
        expect((await listPageKeys(options)).total).toBe(plain.total);
      }
    }
  });
});
