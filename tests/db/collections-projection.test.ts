// Projection edge cases (DECISIONS §4): the JS projection used on writes and the SQL one used by
// re-projection must agree on every shape of data, and re-projection's slug bookkeeping must
// hold for swaps, chains of skipped rows and ties.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { Prisma } from "../../lib/generated/prisma/client";
import { ApiError } from "../../lib/http/api-error";
import { INDEX_COLUMNS, type IndexMapping } from "../../lib/collections/collection-schema";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { computeProjection, projectEntry } from "../../lib/collections/project-entry";
import { projectedColumnSql } from "../../lib/collections/projection-sql";
import { updateCollection } from "../../lib/collections/update-collection";
import { updateEntry } from "../../lib/collections/update-entry";
import type { Owner } from "../../lib/collections/owner";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

const indexes: IndexMapping = { slug: "slug", title: "seo.title", summary: "a.b.c", tag: "constructor" };

const shapes: unknown[] = [
  {},
  { slug: "ok", seo: { title: "Deep" }, a: { b: { c: "three" } } },
  { slug: 5, seo: { title: null }, a: { b: { c: ["x"] } } },
  { slug: true, seo: "not an object", a: { b: "c" } },
  { seo: [{ title: "in an array" }], a: [{ b: { c: "x" } }] },
  { seo: { title: { nested: "object" } }, a: { b: { c: "" } } },
  { seo: { title: "ünïcødé ✓ \"quoted\" \\ back" } },
  { constructor: "own key" },
  { "seo.title": "dotted key is not a path" },
];

describe("computeProjection", () => {
  it("reads dotted paths through objects only; anything but a string is null", () => {
    expect(computeProjection(indexes, shapes[1])).toEqual({ slug: "ok", title: "Deep", summary: "three", tag: null });
    expect(computeProjection(indexes, shapes[2])).toEqual({ slug: null, title: null, summary: null, tag: null });
    expect(computeProjection(indexes, shapes[4])).toEqual({ slug: null, title: null, summary: null, tag: null });
    expect(computeProjection(indexes, shapes[5])).toMatchObject({ title: null, summary: "" });
  });

  it("never reads inherited properties", () => {
    expect(computeProjection({ tag: "constructor" }, {}).tag).toBeNull();
    expect(computeProjection({ tag: "constructor" }, { constructor: "own key" }).tag).toBe("own key");
    expect(computeProjection({ title: "toString" }, {}).title).toBeNull();
  });

  it("is all null without a mapping", () => {
    expect(computeProjection(undefined, { slug: "x" })).toEqual({ slug: null, title: null, summary: null, tag: null });
  });
});

describe("projectEntry", () => {
  const reject = (mapping: IndexMapping, data: unknown) => {
    try {
      projectEntry(mapping, data);
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      return (err as ApiError).body;
    }
    throw new Error("expected a 400");
  };

  it.each([["Upper"], [""], ["spa ce"], ["ümlaut"], ["a".repeat(201)]])("refuses the slug %j with 400 on its data path", (slug) => {
    expect(reject({ slug: "meta.slug" }, { meta: { slug } })).toEqual({
      error: "Invalid input",
      issues: [{ path: ["data", "meta", "slug"], message: expect.any(String) }],
    });
  });

  it("accepts a 200-character slug and a null one", () => {
    expect(projectEntry({ slug: "s" }, { s: "a".repeat(200) }).slug).toHaveLength(200);
    expect(projectEntry({ slug: "s" }, { s: 1 }).slug).toBeNull();
  });

  it("refuses a tag over 200 characters", () => {
    expect(reject({ tag: "t" }, { t: "x".repeat(201) }).issues).toEqual([{ path: ["data", "t"], message: expect.any(String) }]);
  });
});

describe("the SQL projection", () => {
  it.each(shapes.map((shape) => [JSON.stringify(shape), shape]))("agrees with computeProjection on %s", async (_label, data) => {
    for (const mapping of [indexes, { title: "seo.title" }, { summary: "seo.title", tag: "a.b" }, {}] as IndexMapping[]) {
      const columns = INDEX_COLUMNS.map((column) => Prisma.sql`${projectedColumnSql(mapping, column)} AS ${Prisma.raw(`"${column}"`)}`);
      const [row] = await db().$queryRaw<Record<string, string | null>[]>`
        SELECT ${Prisma.join(columns)} FROM (SELECT ${JSON.stringify(data)}::jsonb AS data) AS source`;
      expect(row).toEqual(computeProjection(mapping, data));
    }
  });
});

describe("reprojection bookkeeping", () => {
  let owner: Owner;
  beforeAll(async () => {
    const user = await createTestUser({ plan: "pro" });
    owner = { id: user.id, username: user.username };
  });

  async function collectionWith(rows: Record<string, unknown>[]) {
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "P", slug: collectionId, schema: { indexes: { slug: "slug" } } } });
    const ids: string[] = [];
    for (const data of rows) ids.push((await createEntry({ owner, collectionId, input: { data } })).id);
    const slugs = async () => Promise.all(ids.map(async (id) => (await db().entry.findUniqueOrThrow({ where: { id } })).slug));
    return { collectionId, ids, slugs };
  }

  it("a skipped row keeps its slug, which can block the row that wanted it (a chain)", async () => {
    // Oldest first: x keeps "x" (its new slug is invalid); y wants "x", so y is skipped and keeps
    // "y"; z wants "y", so z is skipped too.
    const { collectionId, slugs } = await collectionWith([
      { slug: "x", alt: "INVALID" },
      { slug: "y", alt: "x" },
      { slug: "z", alt: "y" },
    ]);
    const res = await updateCollection({ owner, id: collectionId, input: { indexes: { slug: "alt" } } });
    expect(res.reprojected).toEqual({ updated: 0, skipped: 3, truncated: false });
    expect(await slugs()).toEqual(["x", "y", "z"]);
  });

  it("rotates three slugs at once", async () => {
    const { collectionId, slugs } = await collectionWith([
      { slug: "a", alt: "b" },
      { slug: "b", alt: "c" },
      { slug: "c", alt: "a" },
    ]);
    const res = await updateCollection({ owner, id: collectionId, input: { indexes: { slug: "alt" } } });
    expect(res.reprojected).toEqual({ updated: 3, skipped: 0, truncated: false });
    expect(await slugs()).toEqual(["b", "c", "a"]);
  });

  it("a row whose new slug is null frees its old one", async () => {
    const { collectionId, slugs } = await collectionWith([
      { slug: "a" },
      { slug: "b", alt: "a" },
    ]);
    const res = await updateCollection({ owner, id: collectionId, input: { indexes: { slug: "alt" } } });
    expect(res.reprojected).toEqual({ updated: 2, skipped: 0, truncated: false });
    expect(await slugs()).toEqual([null, "a"]);
  });

  it("a version keeps its old columns when its own new projection cannot be stored", async () => {
    const { collectionId, ids } = await collectionWith([{ slug: "ok", alt: "BAD" }]);
    await updateEntry({ owner, collectionId, entryId: ids[0], input: { data: { slug: "ok", alt: "good" } } });
    const res = await updateCollection({ owner, id: collectionId, input: { indexes: { slug: "alt", title: "slug" } } });
    expect(res.reprojected).toEqual({ updated: 1, skipped: 0, truncated: false });
    const version = (n: number) => db().entryVersion.findUniqueOrThrow({ where: { entryId_version: { entryId: ids[0], version: n } } });
    expect(await version(1)).toMatchObject({ slug: "ok", title: null });
    expect(await version(2)).toMatchObject({ slug: "good", title: "ok" });
  });

  it("a skipped entry's versions keep their old columns too", async () => {
    const { collectionId, ids } = await collectionWith([{ slug: "ok", alt: "BAD", headline: "New" }]);
    const res = await updateCollection({ owner, id: collectionId, input: { indexes: { slug: "alt", title: "headline" } } });
    expect(res.reprojected).toEqual({ updated: 0, skipped: 1, truncated: false });
    const version = await db().entryVersion.findUniqueOrThrow({ where: { entryId_version: { entryId: ids[0], version: 1 } } });
    expect(version).toMatchObject({ slug: "ok", title: null });
  });
});
