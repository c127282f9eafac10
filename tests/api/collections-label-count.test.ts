// A label's entry count (the `?label=` listing's pageInfo.total, the dashboard's label names) is
// kept in count slots (lib/collections/adjust-label-counts.ts) that readers add to
// CollectionLabelCount and the cron tick folds back into it (lib/collections/fold-label-counts.ts).
// Whatever the labelled creates, label PUTs and DELETEs, entry deletes, bulk writes and folds,
// the total equals the EntryLabel rows there are, and a write that fails changes nothing.
import { describe, expect, inject, it } from "vitest";
import { foldLabelCounts } from "../../lib/collections/fold-label-counts";
import { listDashboardEntries } from "../../lib/collections/list-dashboard-entries";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const entries = (c: string) => `/api/collections/${c}/entries`;
const bulk = (c: string) => `/api/collections/${c}/entries/bulk`;
const labelPath = (c: string, e: string, name: string) => `${entryPath(c, e)}/labels/${name}`;
const NAMES = ["production", "staging"];

/** Per label: the labelled listing's total and the EntryLabel rows; and the dashboard's names. */
async function counts(api: Client, userId: string, c: string) {
  const { pk } = await db().collection.findFirstOrThrow({ where: { ownerId: userId, slug: c }, select: { pk: true } });
  const totals: Record<string, number> = {};
  const rows: Record<string, number> = {};
  for (const name of NAMES) {
    const listing = await api.call("GET", `${entries(c)}?label=${name}&perPage=1`);
    expect(listing.status).toBe(200);
    totals[name] = listing.body.pageInfo.total;
    rows[name] = await db().entryLabel.count({ where: { collectionPk: pk, name } });
  }
  const { labelNames } = await listDashboardEntries({ ownerId: userId, collectionId: c, page: 1 });
  return { totals, rows, labelNames, pk };
}

async function expectExact(api: Client, userId: string, c: string, expected: Record<string, number>) {
  const seen = await counts(api, userId, c);
  expect({ totals: seen.totals, rows: seen.rows, labelNames: seen.labelNames }).toEqual({
    totals: expected,
    rows: expected,
    labelNames: NAMES.filter((name) => expected[name] > 0),
  });
  return seen.pk;
}

describe("label count", () => {
  it("follows labelled creates, label PUTs and DELETEs, entry deletes and bulk writes; rejected ones leave it alone; a fold keeps it", async () => {
    const { user, api } = await proOwner();
    const c = await makeCollection(api);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await makeEntry(api, c, { title: `t${i}`, slug: `s${i}` }, "production"));
    const draft = await makeEntry(api, c, { title: "draft", slug: "draft" });
    await expectExact(api, user.id, c, { production: 4, staging: 0 });

    // Rejected: a labelled create with bad data (400) or a taken slug (409: the entry insert
    // fails inside the transaction), the same in bulk, a label PUT to a missing version (404) and
    // a DELETE of a label the entry does not carry (404).
    expect((await api.call("POST", entries(c), { data: { slug: "no-title" }, label: "production" })).status).toBe(400);
    expect((await api.call("POST", entries(c), { data: { title: "dup", slug: "s0" }, label: "production" })).status).toBe(409);
    const created = await api.call("POST", bulk(c), {
      entries: [
        { data: { title: "b0", slug: "b0" }, label: "production" },
        { data: { title: "dup", slug: "s1" }, label: "production" },
        { data: { slug: "x" }, label: "staging" },
        { data: { title: "b1", slug: "b1" }, label: "staging" },
      ],
    });
    expect(created.body.results.map((r: { status: number }) => r.status)).toEqual([201, 409, 400, 201]);
    expect((await api.call("PUT", labelPath(c, draft, "staging"), { version: "v_9" })).status).toBe(404);
    expect((await api.call("DELETE", labelPath(c, draft, "production"))).status).toBe(404);
    await expectExact(api, user.id, c, { production: 5, staging: 1 });

    // A label new on an entry counts; the same label PUT again (a move, new meta) does not.
    expect((await api.call("PUT", labelPath(c, draft, "staging"), { version: "v_1" })).status).toBe(200);
    expect((await api.call("PUT", labelPath(c, ids[0], "staging"), { version: "v_1" })).status).toBe(200);
    expect((await api.call("PUT", labelPath(c, ids[0], "staging"), { version: "v_1", meta: { again: true } })).status).toBe(200);
    expect((await api.call("PUT", labelPath(c, draft, "production"), { version: "v_1" })).status).toBe(200);
    await expectExact(api, user.id, c, { production: 6, staging: 3 });

    // Label DELETE, an entry delete (two labels), a bulk delete.
    expect((await api.call("DELETE", labelPath(c, ids[1], "production"))).status).toBe(200);
    expect((await api.call("DELETE", entryPath(c, ids[0]))).status).toBe(200);
    const deleted = await api.call("POST", bulk(c), { ids: [draft, "missing", ids[2], draft], action: "delete" });
    expect(deleted.body.results.map((r: { status: number }) => r.status)).toEqual([200, 404, 200, 404]);
    await expectExact(api, user.id, c, { production: 2, staging: 1 });

    // The fold moves the slots into the label count rows: nothing left in the slots, the same counts.
    await foldLabelCounts();
    const pk = await expectExact(api, user.id, c, { production: 2, staging: 1 });
    expect(await db().collectionLabelCountSlot.count({ where: { collectionPk: pk } })).toBe(0);
    const rows = await db().collectionLabelCount.findMany({ where: { collectionPk: pk }, orderBy: { name: "asc" } });
    expect(rows.map((row) => [row.name, row.entryCount])).toEqual([["production", 2], ["staging", 1]]);
    await makeEntry(api, c, { title: "after", slug: "after" }, "staging");
    await expectExact(api, user.id, c, { production: 2, staging: 2 });
  });
});

// Concurrent transactions need real PostgreSQL (see collections-concurrency.test.ts).
const onRealPostgres = inject("databaseKind") === "postgres";

describe.runIf(onRealPostgres)("label count under concurrent writes", () => {
  it("labelled creates, label PUTs, DELETEs and entry deletes (some in bulk) all at once, with folds running, stay exact", async () => {
    const { user, api } = await proOwner();
    const c = await makeCollection(api);
    await makeEntry(api, c, { title: "taken", slug: "taken" }, "production");
    const drafts: string[] = [];
    for (let i = 0; i < 10; i++) drafts.push(await makeEntry(api, c, { title: `d${i}`, slug: `d${i}` }));

    // 30 labelled creates, two labelled bulk creates of 5, 10 drafts published and staged, rejected
    // creates among them, and folds.
    const singles = Array.from({ length: 30 }, (_, i) => api.call("POST", entries(c), { data: { title: `t${i}`, slug: `s${i}` }, label: "production" }));
    const bulks = [0, 1].map((b) =>
      api.call("POST", bulk(c), { entries: Array.from({ length: 5 }, (_, i) => ({ data: { title: `b${b}-${i}`, slug: `b${b}-${i}` }, label: NAMES[b] })) }),
    );
    const puts = drafts.flatMap((e) => NAMES.map((name) => api.call("PUT", labelPath(c, e, name), { version: "v_1" })));
    const rejected = Array.from({ length: 6 }, (_, i) =>
      api.call("POST", entries(c), i % 2 ? { data: { slug: "no-title" }, label: "production" } : { data: { title: "dup", slug: "taken" }, label: "production" }),
    );
    const folds = Array.from({ length: 3 }, () => foldLabelCounts());
    const [single, bulked, put, refused] = await Promise.all([Promise.all(singles), Promise.all(bulks), Promise.all(puts), Promise.all(rejected), Promise.all(folds)]);
    expect(single.map((r) => r.status)).toEqual(Array(30).fill(201));
    for (const r of bulked) expect(r.body.results.map((item: { status: number }) => item.status)).toEqual(Array(5).fill(201));
    expect(put.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(refused.map((r) => r.status)).toEqual([409, 400, 409, 400, 409, 400]);
    await expectExact(api, user.id, c, { production: 46, staging: 15 });

    // Label DELETEs, entry deletes of entries with one label and with two (some in bulk), more
    // labelled creates, and folds, all at once.
    const ids = single.map((r) => r.body.id as string);
    const writes = [
      ...ids.slice(0, 8).map((id) => api.call("DELETE", labelPath(c, id, "production"))),
      ...drafts.slice(0, 4).map((id) => api.call("DELETE", labelPath(c, id, "staging"))),
      ...ids.slice(8, 14).map((id) => api.call("DELETE", entryPath(c, id))),
      ...drafts.slice(4, 7).map((id) => api.call("DELETE", entryPath(c, id))),
      api.call("POST", bulk(c), { ids: [...drafts.slice(7, 9), "missing"], action: "delete" }),
      ...Array.from({ length: 10 }, (_, i) => api.call("POST", entries(c), { data: { title: `n${i}`, slug: `n${i}` }, label: "staging" })),
    ];
    const [written] = await Promise.all([Promise.all(writes), foldLabelCounts(), foldLabelCounts()]);
    expect(written.slice(0, 21).map((r) => r.status)).toEqual(Array(21).fill(200));
    expect(written[21].body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 404]);
    expect(written.slice(22).map((r) => r.status)).toEqual(Array(10).fill(201));
    // production: 46 - 8 label deletes - 6 entry deletes - 3 - 2 published drafts deleted = 27;
    // staging: 15 - 4 label deletes - 3 - 2 staged drafts deleted + 10 creates = 16.
    await expectExact(api, user.id, c, { production: 27, staging: 16 });

    const pk = (await counts(api, user.id, c)).pk;
    await foldLabelCounts();
    await expectExact(api, user.id, c, { production: 27, staging: 16 });
    expect(await db().collectionLabelCountSlot.count({ where: { collectionPk: pk } })).toBe(0);
  });
});
