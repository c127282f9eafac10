// POST /api/collections/:id/entries/bulk: the three shapes, the 50-item bound, per-item results
// in input order (DECISIONS §3), failures confined to their item, events per applied item.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const bulk = (collectionId: string) => `/api/collections/${collectionId}/entries/bulk`;
const typesOf = async (entryId: string) =>
  (await db().outboxEvent.findMany({ where: { orderingKey: `entry:${entryId}` }, orderBy: { sequence: "asc" } })).map((event) => event.type);

describe("bulk create", () => {
  it("creates drafts and published entries in one batch, one result per item in input order", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const res = await api.call("POST", bulk(c), {
      entries: [
        { data: { title: "draft", slug: "d" } },
        { data: { title: "live", slug: "l" }, label: "production" },
        { data: { title: "bad slug", slug: "Bad Slug" } },
        { data: { title: "dup", slug: "d" } },
        { data: "not an object" },
        { data: { title: "staged", slug: "s" }, label: "staging" },
      ],
    });
    expect(res.status).toBe(200);
    const results = res.body.results;
    expect(results.map((r: { index: number; status: number }) => [r.index, r.status])).toEqual([
      [0, 201],
      [1, 201],
      [2, 400],
      [3, 409],
      [4, 400],
      [5, 201],
    ]);
    expect(results[0]).toEqual({ index: 0, status: 201, id: expect.any(String), version: "v_1", labels: {} });
    expect(results[1]).toEqual({ index: 1, status: 201, id: expect.any(String), version: "v_1", labels: { production: { version: "v_1", meta: null } } });
    expect(results[2]).toMatchObject({ error: "Invalid input", issues: [{ path: ["data", "slug"], message: expect.any(String) }] });
    expect(results[3]).toEqual({ index: 3, status: 409, error: "Slug already used" });
    expect(results[4]).toMatchObject({ index: 4, status: 400, error: "Invalid input" });
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(3);
    expect((await api.call("GET", entryPath(c, results[1].id))).body.title).toBe("live");
    expect(await typesOf(results[0].id)).toEqual(["entry.created"]);
    expect(await typesOf(results[1].id)).toEqual(["entry.created", "label.updated"]);
  });

  it("a label that is not a valid name fails only its item", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const res = await api.call("POST", bulk(c), { entries: [{ data: { title: "a" }, label: "bad label" }, { data: { title: "b" } }] });
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([400, 201]);
  });

  it("a too-large item is 413 for that item only", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const res = await api.call("POST", bulk(c), { entries: [{ data: { blob: "x".repeat(262_144) } }, { data: { t: "ok" } }] });
    expect(res.body.results).toEqual([
      { index: 0, status: 413, error: "Entry data too large" },
      { index: 1, status: 201, id: expect.any(String), version: "v_1", labels: {} },
    ]);
  });
});

describe("bulk update", () => {
  it("updates with per-item version conflicts that do not fail the batch", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const a = await makeEntry(api, c, { title: "a1" }, "production");
    const b = await makeEntry(api, c, { title: "b1" });
    const res = await api.call("POST", bulk(c), {
      updates: [
        { id: a, data: { title: "a2" }, ifVersion: "v_1" },
        { id: b, data: { title: "b2" }, ifVersion: "v_7" },
        { id: "missing", data: { title: "x" } },
        { id: b, data: { title: "b3" } },
        { id: a, data: { title: "a3" }, label: "production" },
        { data: { title: "no id" } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { index: 0, status: 200, id: a, version: "v_2" },
      { index: 1, status: 409, id: b, error: "version_conflict", current: "v_1" },
      { index: 2, status: 404, id: "missing", error: "Entry not found" },
      { index: 3, status: 200, id: b, version: "v_2" },
      { index: 4, status: 400, id: a, error: "Invalid input", issues: expect.any(Array) },
      { index: 5, status: 400, error: "Invalid input", issues: expect.any(Array) },
    ]);
    expect((await api.call("GET", entryPath(c, a))).body).toMatchObject({ version: "v_1", title: "a1" });
    expect((await api.call("GET", `${entryPath(c, b)}?version=v_2`)).body.title).toBe("b3");
    expect(await typesOf(a)).toEqual(["entry.created", "label.updated", "entry.updated"]);
    expect(await typesOf(b)).toEqual(["entry.created", "entry.updated"]);
  });
});

describe("bulk delete", () => {
  it("deletes the listed entries, 404 per unknown id, entry.deleted per applied item", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const a = await makeEntry(api, c, { title: "a" }, "production");
    const b = await makeEntry(api, c, { title: "b" });
    const keep = await makeEntry(api, c, { title: "keep" });
    const res = await api.call("POST", bulk(c), { ids: [a, "missing", b, a], action: "delete" });
    expect(res.body.results).toEqual([
      { index: 0, status: 200, id: a, success: true },
      { index: 1, status: 404, id: "missing", error: "Entry not found" },
      { index: 2, status: 200, id: b, success: true },
      { index: 3, status: 404, id: a, error: "Entry not found" },
    ]);
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(1);
    expect((await api.call("GET", `/api/collections/${c}/entries?label=production`)).body.pageInfo.total).toBe(0);
    expect((await api.call("GET", `${entryPath(c, keep)}?version=v_1`)).status).toBe(200);
    expect((await typesOf(a)).at(-1)).toBe("entry.deleted");
  });
});

describe("the envelope", () => {
  it.each([
    ["an empty body", undefined],
    ["an array", [{ data: {} }]],
    ["no known shape", { items: [] }],
    ["two shapes at once", { entries: [{ data: {} }], updates: [] }],
    ["an empty entries list", { entries: [] }],
    ["51 entries", { entries: Array.from({ length: 51 }, () => ({ data: {} })) }],
    ["51 ids", { ids: Array.from({ length: 51 }, (_, i) => `id${i}`), action: "delete" }],
    ["an unknown action", { ids: ["a"], action: "publish" }],
    ["ids without action", { ids: ["a"] }],
  ])("gives 400 for %s and applies nothing", async (_label, body) => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const res = await api.call("POST", bulk(c), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(0);
  });

  it("accepts exactly 50 items", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const res = await api.call("POST", bulk(c), { entries: Array.from({ length: 50 }, (_, i) => ({ data: { i } })) });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(50);
    expect(res.body.results.every((r: { status: number }, i: number) => r.status === 201 && (r as unknown as { index: number }).index === i)).toBe(true);
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(50);
  });

  it("gives 404 Collection not found for an unknown collection", async () => {
    const { api } = await proOwner();
    const res = await api.call("POST", bulk("nope"), { entries: [{ data: {} }] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Collection not found" });
  });
});
