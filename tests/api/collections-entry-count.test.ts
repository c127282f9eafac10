// A collection's entryCount and its listing's pageInfo.total are kept in count slots
// (lib/collections/adjust-entry-count.ts) that readers add to Collection.entryCount and the cron
// tick folds back into it (lib/collections/fold-entry-counts.ts). Whatever the writes and folds,
// GET /api/collections/:id, GET /api/collections and the unfiltered listing agree with the rows
// there are, and a create or delete that fails changes nothing.
import { describe, expect, inject, it } from "vitest";
import { foldEntryCounts } from "../../lib/collections/fold-entry-counts";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const entries = (c: string) => `/api/collections/${c}/entries`;
const bulk = (c: string) => `/api/collections/${c}/entries/bulk`;

/** Every way the API reports the count, and the rows there are. */
async function counts(api: Client, userId: string, c: string) {
  const collection = await db().collection.findFirstOrThrow({ where: { ownerId: userId, slug: c }, select: { pk: true } });
  const [one, list, listing, rows] = await Promise.all([
    api.call("GET", `/api/collections/${c}`),
    api.call("GET", "/api/collections"),
    api.call("GET", `${entries(c)}?perPage=1`),
    db().entry.count({ where: { collectionPk: collection.pk } }),
  ]);
  return {
    rows,
    entryCount: one.body.entryCount,
    listed: list.body.find((item: { id: string }) => item.id === c).entryCount,
    total: listing.body.pageInfo.total,
    pk: collection.pk,
  };
}

async function expectExact(api: Client, userId: string, c: string, expected: number) {
  const seen = await counts(api, userId, c);
  expect({ rows: seen.rows, entryCount: seen.entryCount, listed: seen.listed, total: seen.total }).toEqual({
    rows: expected,
    entryCount: expected,
    listed: expected,
    total: expected,
  });
  return seen.pk;
}

describe("entry count", () => {
  it("follows creates, deletes and bulk writes; rejected ones leave it alone; a fold keeps it", async () => {
    const { user, api } = await proOwner();
    const c = await makeCollection(api);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await makeEntry(api, c, { title: `t${i}`, slug: `s${i}` }));
    await expectExact(api, user.id, c, 4);

    // Rejected: bad data (400), a taken slug (409: the entry insert fails inside the
    // transaction), a missing entry's delete (404), and the same in bulk.
    expect((await api.call("POST", entries(c), { data: { slug: "no-title" } })).status).toBe(400);
    expect((await api.call("POST", entries(c), { data: { title: "dup", slug: "s0" } })).status).toBe(409);
    expect((await api.call("DELETE", entryPath(c, "missing"))).status).toBe(404);
    const created = await api.call("POST", bulk(c), {
      entries: [{ data: { title: "b0", slug: "b0" } }, { data: { title: "dup", slug: "s1" } }, { data: { slug: "x" } }, { data: { title: "b1", slug: "b1" } }],
    });
    expect(created.body.results.map((r: { status: number }) => r.status)).toEqual([201, 409, 400, 201]);
    await expectExact(api, user.id, c, 6);

    const deleted = await api.call("POST", bulk(c), { ids: [ids[0], "missing", ids[1], ids[0]], action: "delete" });
    expect(deleted.body.results.map((r: { status: number }) => r.status)).toEqual([200, 404, 200, 404]);
    expect((await api.call("DELETE", entryPath(c, ids[2]))).status).toBe(200);
    await expectExact(api, user.id, c, 3);

    // PATCH /api/collections/:id answers with the count too.
    expect((await api.call("PATCH", `/api/collections/${c}`, { name: "Renamed" })).body.entryCount).toBe(3);

    // The fold moves the slots into the column: nothing left in the slots, the same count.
    await foldEntryCounts();
    const pk = await expectExact(api, user.id, c, 3);
    expect(await db().collectionEntryCountSlot.count({ where: { collectionPk: pk } })).toBe(0);
    expect((await db().collection.findUniqueOrThrow({ where: { pk } })).entryCount).toBe(3);
    await makeEntry(api, c, { title: "after", slug: "after" });
    await expectExact(api, user.id, c, 4);
  });
});

// Concurrent transactions need real PostgreSQL (see collections-concurrency.test.ts).
const onRealPostgres = inject("databaseKind") === "postgres";

describe.runIf(onRealPostgres)("entry count under concurrent writes", () => {
  it("40 concurrent creates, then 10 concurrent deletes (some in bulk), with folds running, stay exact", async () => {
    const { user, api } = await proOwner();
    const c = await makeCollection(api);
    await makeEntry(api, c, { title: "taken", slug: "taken" });
    // 30 single creates, two bulk creates of 5, rejected creates among them, and folds.
    const singles = Array.from({ length: 30 }, (_, i) => api.call("POST", entries(c), { data: { title: `t${i}`, slug: `s${i}` } }));
    const bulks = [0, 1].map((b) =>
      api.call("POST", bulk(c), { entries: Array.from({ length: 5 }, (_, i) => ({ data: { title: `b${b}-${i}`, slug: `b${b}-${i}` } })) }),
    );
    const rejected = Array.from({ length: 6 }, (_, i) => api.call("POST", entries(c), i % 2 ? { data: { slug: "no-title" } } : { data: { title: "dup", slug: "taken" } }));
    const folds = Array.from({ length: 3 }, () => foldEntryCounts());
    const [single, bulked, refused] = await Promise.all([Promise.all(singles), Promise.all(bulks), Promise.all(rejected), Promise.all(folds)]);
    expect(single.map((r) => r.status)).toEqual(Array(30).fill(201));
    for (const r of bulked) expect(r.body.results.map((item: { status: number }) => item.status)).toEqual(Array(5).fill(201));
    expect(refused.map((r) => r.status)).toEqual([409, 400, 409, 400, 409, 400]);
    await expectExact(api, user.id, c, 41);

    const ids = single.map((r) => r.body.id as string);
    const deletes = [
      ...ids.slice(0, 6).map((id) => api.call("DELETE", entryPath(c, id))),
      api.call("POST", bulk(c), { ids: ids.slice(6, 8), action: "delete" }),
      api.call("POST", bulk(c), { ids: [...ids.slice(8, 10), "missing"], action: "delete" }),
    ];
    const [removed] = await Promise.all([Promise.all(deletes), foldEntryCounts()]);
    expect(removed.slice(0, 6).map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(removed[6].body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(removed[7].body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 404]);
    await expectExact(api, user.id, c, 31);

    await foldEntryCounts();
    await expectExact(api, user.id, c, 31);
  });
});
