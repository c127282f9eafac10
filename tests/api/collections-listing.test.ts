// GET /api/collections/:id/entries: the envelope, paging, ordering, filters, and the draft and
// label semantics of SPEC "List entries behaviour".
import { beforeAll, describe, expect, it } from "vitest";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const list = (api: Client, collectionId: string, query = "") => api.call("GET", `/api/collections/${collectionId}/entries${query}`);
const ids = (body: { entries: { id: string }[] }) => body.entries.map((entry) => entry.id);

describe("paging and ordering", () => {
  let api: Client;
  let collectionId: string;
  const created: string[] = [];
  beforeAll(async () => {
    ({ api } = await proOwner());
    collectionId = await makeCollection(api);
    for (let i = 0; i < 55; i++) created.push(await makeEntry(api, collectionId, { title: `Entry ${i}`, slug: `entry-${i}` }));
  });

  it("answers the envelope with 10 per page by default, newest updatedAt first", async () => {
    const res = await list(api, collectionId);
    expect(res.status).toBe(200);
    expect(res.body.pageInfo).toEqual({ total: 55, page: 1, perPage: 10, hasMore: true });
    expect(ids(res.body)).toEqual(created.slice(-10).reverse());
    expect(res.body.entries[0]).toEqual({
      id: created[54],
      version: "v_1",
      title: "Entry 54",
      summary: null,
      slug: "entry-54",
      tag: null,
      updatedAt: expect.any(String),
    });
  });

  it("caps perPage at 50 and pages through with hasMore = page * perPage < total", async () => {
    const first = await list(api, collectionId, "?perPage=500");
    expect(first.body.pageInfo).toEqual({ total: 55, page: 1, perPage: 50, hasMore: true });
    expect(first.body.entries).toHaveLength(50);
    const second = await list(api, collectionId, "?perPage=50&page=2");
    expect(second.body.pageInfo).toEqual({ total: 55, page: 2, perPage: 50, hasMore: false });
    expect(second.body.entries).toHaveLength(5);
    expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(55);
    const beyond = await list(api, collectionId, "?page=9");
    expect(beyond.body.entries).toEqual([]);
    expect(beyond.body.pageInfo.hasMore).toBe(false);
  });

  it("moves an entry to the top when it is written", async () => {
    await api.call("PATCH", entryPath(collectionId, created[3]), { data: { title: "Entry 3 again", slug: "entry-3" } });
    const res = await list(api, collectionId, "?perPage=2");
    expect(ids(res.body)[0]).toBe(created[3]);
    expect(res.body.entries[0]).toMatchObject({ version: "v_2", title: "Entry 3 again" });
  });

  it.each([["?page=0"], ["?page=x"], ["?perPage=0"], ["?perPage=-1"], ["?full=yes"], ["?label=has space"]])("gives 400 for %s", async (query) => {
    const res = await list(api, collectionId, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
  });
});

describe("drafts, labels and full=1", () => {
  let api: Client;
  let collectionId: string;
  let published: string;
  let draft: string;
  let staged: string;
  beforeAll(async () => {
    ({ api } = await proOwner());
    collectionId = await makeCollection(api);
    published = await makeEntry(api, collectionId, { title: "Published v1", slug: "pub" }, "production");
    await api.call("PATCH", entryPath(collectionId, published), { data: { title: "Published v2 draft", slug: "pub-renamed" } });
    draft = await makeEntry(api, collectionId, { title: "Only a draft", slug: "draft" });
    staged = await makeEntry(api, collectionId, { title: "Staged", slug: "staged" }, "staging");
  });

  it("lists drafts too and resolves no labels without label", async () => {
    const res = await list(api, collectionId);
    expect(res.body.pageInfo.total).toBe(3);
    expect(ids(res.body).sort()).toEqual([published, draft, staged].sort());
    const pub = res.body.entries.find((entry: { id: string }) => entry.id === published);
    expect(pub).toMatchObject({ version: "v_2", title: "Published v2 draft", slug: "pub-renamed" });
    expect(pub).not.toHaveProperty("data");
  });

  it("full=1 alone returns the current data, unpublished edits included", async () => {
    const res = await list(api, collectionId, "?full=1");
    const pub = res.body.entries.find((entry: { id: string }) => entry.id === published);
    expect(pub.data).toEqual({ title: "Published v2 draft", slug: "pub-renamed" });
  });

  it("label=production is the published set, at the labelled version", async () => {
    const res = await list(api, collectionId, "?label=production");
    expect(res.body.pageInfo).toEqual({ total: 1, page: 1, perPage: 10, hasMore: false });
    expect(res.body.entries).toEqual([
      { id: published, version: "v_1", title: "Published v1", summary: null, slug: "pub", tag: null, updatedAt: expect.any(String) },
    ]);
  });

  it("label=production&full=1 returns the labelled version's data", async () => {
    const res = await list(api, collectionId, "?label=production&full=1");
    expect(res.body.entries).toHaveLength(1);
    expect(res.body.entries[0]).toMatchObject({ id: published, version: "v_1", data: { title: "Published v1", slug: "pub" } });
  });

  it("any label name filters to the entries carrying it; an unused one is empty", async () => {
    expect(ids((await list(api, collectionId, "?label=staging")).body)).toEqual([staged]);
    expect((await list(api, collectionId, "?label=unused")).body).toEqual({ entries: [], pageInfo: { total: 0, page: 1, perPage: 10, hasMore: false } });
  });

  it("filters a label listing on the labelled version's columns", async () => {
    expect(ids((await list(api, collectionId, "?label=production&slug=pub")).body)).toEqual([published]);
    expect(ids((await list(api, collectionId, "?label=production&slug=pub-renamed")).body)).toEqual([]);
    expect(ids((await list(api, collectionId, "?slug=pub-renamed")).body)).toEqual([published]);
    expect((await list(api, collectionId, "?label=production&slug=pub")).body.pageInfo.total).toBe(1);
  });

  it("keeps the label listing's total in step when labels are added, moved and removed", async () => {
    const { api: own } = await proOwner();
    const c = await makeCollection(own);
    const a = await makeEntry(own, c, { title: "a" }, "production");
    const b = await makeEntry(own, c, { title: "b" });
    const total = async () => (await list(own, c, "?label=production")).body.pageInfo.total;
    expect(await total()).toBe(1);
    await own.call("PUT", `${entryPath(c, b)}/labels/production`, { version: "v_1" });
    expect(await total()).toBe(2);
    await own.call("PATCH", entryPath(c, a), { data: { title: "a2" } });
    await own.call("PUT", `${entryPath(c, a)}/labels/production`, { version: "v_2" });
    expect(await total()).toBe(2);
    await own.call("DELETE", `${entryPath(c, b)}/labels/production`);
    expect(await total()).toBe(1);
    await own.call("DELETE", entryPath(c, a));
    expect(await total()).toBe(0);
  });
});

describe("filters", () => {
  let api: Client;
  let collectionId: string;
  let e: Record<string, string>;
  beforeAll(async () => {
    ({ api } = await proOwner());
    collectionId = await makeCollection(api);
    e = {
      alpha: await makeEntry(api, collectionId, { title: "Alpha Release", summary: "first of many", slug: "alpha", tag: "news" }),
      beta: await makeEntry(api, collectionId, { title: "Beta", summary: "100% done_now", slug: "beta", tag: "news" }),
      gamma: await makeEntry(api, collectionId, { title: "Gamma", summary: "the RELEASE notes", slug: "gamma", tag: "guide" }),
    };
  });

  it("slug matches the indexed slug exactly", async () => {
    const res = await list(api, collectionId, "?slug=beta");
    expect(ids(res.body)).toEqual([e.beta]);
    expect(res.body.pageInfo.total).toBe(1);
    expect(ids((await list(api, collectionId, "?slug=bet")).body)).toEqual([]);
  });

  it("tag matches the indexed tag", async () => {
    const res = await list(api, collectionId, "?tag=news");
    expect(ids(res.body).sort()).toEqual([e.alpha, e.beta].sort());
    expect(res.body.pageInfo.total).toBe(2);
  });

  it("q is a case-insensitive substring over title and summary", async () => {
    expect(ids((await list(api, collectionId, "?q=release")).body).sort()).toEqual([e.alpha, e.gamma].sort());
    expect(ids((await list(api, collectionId, "?q=MANY")).body)).toEqual([e.alpha]);
    expect((await list(api, collectionId, "?q=release")).body.pageInfo.total).toBe(2);
  });

  it("q treats % and _ literally", async () => {
    expect(ids((await list(api, collectionId, `?q=${encodeURIComponent("100%")}`)).body)).toEqual([e.beta]);
    expect(ids((await list(api, collectionId, "?q=e_n")).body)).toEqual([e.beta]);
    expect(ids((await list(api, collectionId, `?q=${encodeURIComponent("%")}`)).body)).toEqual([e.beta]);
  });

  it("filters combine", async () => {
    expect(ids((await list(api, collectionId, "?tag=news&q=alpha")).body)).toEqual([e.alpha]);
    expect(ids((await list(api, collectionId, "?tag=guide&slug=alpha")).body)).toEqual([]);
  });

  it("lists tag on items only when the schema maps it", async () => {
    const { api: own } = await proOwner();
    const c = await makeCollection(own, { schema: { indexes: { title: "title" } } });
    await makeEntry(own, c, { title: "x", tag: "news" });
    expect((await list(own, c)).body.entries[0]).not.toHaveProperty("tag");
  });
});
