// PATCH /api/collections/:id re-projects existing entries when the indexes mapping changes
// (SPEC Collections rule 2): `reprojected: { updated, skipped, truncated }`, skipped rows keep
// their old columns, and the sweep stops at REPROJECTION_LIMIT (1000 on the test server).
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const patchIndexes = (api: Client, c: string, indexes: Record<string, string>) => api.call("PATCH", `/api/collections/${c}`, { indexes });
const schemaless = (api: Client, indexes: Record<string, string>) => makeCollection(api, { schema: { indexes } });

describe("re-projection", () => {
  it("re-projects every entry, and the labelled versions, when the mapping changes", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { title: "title", slug: "slug" });
    const a = await makeEntry(api, c, { title: "A", headline: "Headline A", slug: "a", kind: "news" }, "production");
    await api.call("PATCH", entryPath(c, a), { data: { title: "A2", headline: "Headline A2", slug: "a", kind: "news" } });
    await makeEntry(api, c, { title: "B", headline: "Headline B", slug: "b" });

    const res = await patchIndexes(api, c, { title: "headline", slug: "slug", tag: "kind" });
    expect(res.status).toBe(200);
    expect(res.body.reprojected).toEqual({ updated: 2, skipped: 0, truncated: false });
    expect(res.body.schema.indexes).toEqual({ title: "headline", slug: "slug", tag: "kind" });

    const current = await api.call("GET", `/api/collections/${c}/entries`);
    expect(current.body.entries.map((entry: { title: string; tag: string | null }) => [entry.title, entry.tag]).sort()).toEqual([
      ["Headline A2", "news"],
      ["Headline B", null],
    ]);
    const published = await api.call("GET", `/api/collections/${c}/entries?label=production`);
    expect(published.body.entries[0]).toMatchObject({ id: a, version: "v_1", title: "Headline A", tag: "news" });
    expect((await api.call("GET", entryPath(c, a))).body).toMatchObject({ title: "Headline A", tag: "news" });
    expect((await api.call("GET", `/api/collections/${c}/entries?tag=news`)).body.pageInfo.total).toBe(1);
  });

  it("answers without reprojected when the mapping did not change", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { title: "title" });
    await makeEntry(api, c, { title: "A" });
    expect((await patchIndexes(api, c, { title: "title" })).body).not.toHaveProperty("reprojected");
    expect((await api.call("PATCH", `/api/collections/${c}`, { name: "Renamed" })).body).not.toHaveProperty("reprojected");
    const schemaOnly = await api.call("PATCH", `/api/collections/${c}`, { schema: { title: "Now titled", indexes: { title: "title" } } });
    expect(schemaOnly.body).not.toHaveProperty("reprojected");
  });

  it("reports reprojected when a schema replacement drops the mapping, and clears the columns", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { title: "title" });
    await makeEntry(api, c, { title: "A" });
    const res = await api.call("PATCH", `/api/collections/${c}`, { schema: {} });
    expect(res.body.reprojected).toEqual({ updated: 1, skipped: 0, truncated: false });
    expect((await api.call("GET", `/api/collections/${c}/entries`)).body.entries[0].title).toBeNull();
  });

  it("skips a row whose new slug is invalid; it keeps all its old columns", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { slug: "slug", title: "title" });
    const bad = await makeEntry(api, c, { slug: "bad", title: "Old title", alt: "Not A Slug", headline: "New title" });
    const good = await makeEntry(api, c, { slug: "good", title: "Good", alt: "good-alt", headline: "Good headline" });
    const res = await patchIndexes(api, c, { slug: "alt", title: "headline" });
    expect(res.body.reprojected).toEqual({ updated: 1, skipped: 1, truncated: false });
    const read = async (e: string) => (await api.call("GET", `${entryPath(c, e)}?version=v_1`)).body;
    expect(await read(bad)).toMatchObject({ slug: "bad", title: "Old title" });
    expect(await read(good)).toMatchObject({ slug: "good-alt", title: "Good headline" });
  });

  it("skips a row whose new slug another entry already has; the most recently updated row wins a tie", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { slug: "slug" });
    const older = await makeEntry(api, c, { slug: "one", alt: "same" });
    const newer = await makeEntry(api, c, { slug: "two", alt: "same" });
    const keeper = await makeEntry(api, c, { slug: "three", alt: "two" });
    const res = await patchIndexes(api, c, { slug: "alt" });
    // keeper wants "two", which `newer` frees by moving to "same"; `older` loses "same" to `newer`.
    expect(res.body.reprojected).toEqual({ updated: 2, skipped: 1, truncated: false });
    const slugOf = async (e: string) => (await api.call("GET", `${entryPath(c, e)}?version=v_1`)).body.slug;
    expect(await slugOf(newer)).toBe("same");
    expect(await slugOf(older)).toBe("one");
    expect(await slugOf(keeper)).toBe("two");
  });

  it("swaps two slugs without tripping the unique index", async () => {
    const { api } = await proOwner();
    const c = await schemaless(api, { slug: "slug" });
    const a = await makeEntry(api, c, { slug: "a", alt: "b" });
    const b = await makeEntry(api, c, { slug: "b", alt: "a" });
    const res = await patchIndexes(api, c, { slug: "alt" });
    expect(res.body.reprojected).toEqual({ updated: 2, skipped: 0, truncated: false });
    expect((await api.call("GET", `/api/collections/${c}/entries?slug=b`)).body.entries[0].id).toBe(a);
    expect((await api.call("GET", `/api/collections/${c}/entries?slug=a`)).body.entries[0].id).toBe(b);
  });

  it("stops at REPROJECTION_LIMIT with truncated: true; the rest keep their old columns until re-saved", async () => {
    const { api, user } = await proOwner();
    const c = await schemaless(api, { title: "title" });
    const { pk } = await db().collection.findFirstOrThrow({ where: { ownerId: user.id, slug: c } });
    // 1001 entries, straight into the database; the oldest (i = 1) sorts last.
    await db().$executeRaw`
      WITH made AS (
        INSERT INTO "Entry" (id, "collectionPk", version, data, title, "createdAt", "updatedAt")
        SELECT 'bulk-' || ${c} || '-' || i, ${pk}, 1, jsonb_build_object('title', 'T' || i, 'headline', 'H' || i), 'T' || i,
               now() - interval '1 hour' + i * interval '1 second', now() - interval '1 hour' + i * interval '1 second'
        FROM generate_series(1, 1001) AS i RETURNING id, data, title, "createdAt")
      INSERT INTO "EntryVersion" ("entryId", version, data, title, "createdAt") SELECT id, 1, data, title, "createdAt" FROM made`;
    await db().$executeRaw`UPDATE "Collection" SET "entryCount" = 1001 WHERE pk = ${pk}`;

    const res = await patchIndexes(api, c, { title: "headline" });
    expect(res.body.reprojected).toEqual({ updated: 1000, skipped: 0, truncated: true });
    const titleOf = async (i: number) => (await db().entry.findUniqueOrThrow({ where: { id: `bulk-${c}-${i}` } })).title;
    expect(await titleOf(1001)).toBe("H1001");
    expect(await titleOf(2)).toBe("H2");
    expect(await titleOf(1)).toBe("T1");
    // A re-save picks up the new mapping.
    await api.call("PATCH", entryPath(c, `bulk-${c}-1`), { data: { title: "T1", headline: "H1" } });
    expect(await titleOf(1)).toBe("H1");
  });
});
