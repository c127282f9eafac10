// Reference fields over HTTP (MODELING "Reference fields"): the schema's `collection` must exist
// (itself allowed), each written id must be an entry of that collection (400 naming the path),
// ids are stored as they were sent, and deleting what is referenced is a 409 unless `force`.
// Reads with `include` are in collections-includes.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, proOwner } from "../support/collections-client";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { create, makeModel } from "../support/modeling";

connectTestDatabase();

describe("reference fields in a schema", () => {
  it("must name one of the account's collections; the collection itself is allowed", async () => {
    const { api } = await proOwner();
    const slug = uniqueName("c");
    const unknown = await api.call("POST", "/api/collections", {
      name: "A",
      slug,
      schema: { fields: [{ name: "title", type: "string" }, { name: "author", type: "reference", collection: "nope" }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "Invalid input", issues: [{ path: ["schema", "fields", "1", "collection"], message: "No collection `nope`" }] });

    const topLevel = await api.call("POST", "/api/collections", { name: "A", slug, fields: [{ name: "related", type: "array", items: "reference", collection: "nope" }] });
    expect(topLevel.body.issues).toEqual([{ path: ["fields", "0", "collection"], message: "No collection `nope`" }]);

    const self = await api.call("POST", "/api/collections", { name: "A", slug, fields: [{ name: "parent", type: "reference", collection: slug }] });
    expect(self.status).toBe(201);
    expect(self.body.schema.fields).toEqual([{ name: "parent", type: "reference", collection: slug }]);
  });

  it("refuses another account's collection and a reference field without collection", async () => {
    const { api } = await proOwner();
    const other = await proOwner();
    const theirs = uniqueName("c");
    expect((await other.api.call("POST", "/api/collections", { name: "T", slug: theirs })).status).toBe(201);
    const res = await api.call("POST", "/api/collections", { name: "A", slug: uniqueName("c"), fields: [{ name: "x", type: "reference", collection: theirs }] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].message).toBe(`No collection \`${theirs}\``);
    const bare = await api.call("POST", "/api/collections", { name: "A", slug: uniqueName("c"), fields: [{ name: "x", type: "reference" }] });
    expect(bare.status).toBe(400);
    expect(bare.body.issues[0].path).toEqual(["fields", "0", "collection"]);
  });

  it("is checked on PATCH too", async () => {
    const { api } = await proOwner();
    const { articles } = await makeModel(api);
    const res = await api.call("PATCH", `/api/collections/${articles}`, { fields: [{ name: "author", type: "reference", collection: "gone" }] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ["fields", "0", "collection"], message: "No collection `gone`" }]);
  });
});

describe("writing references", () => {
  it("stores the ids as sent when each names an entry of the field's collection", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const first = await create(api, articles, { title: "First" });
    const id = await create(api, articles, { title: "Second", author: ada, related: [first] }, "production");
    const res = await api.call("GET", entryPath(articles, id));
    expect(res.body.data).toEqual({ title: "Second", author: ada, related: [first] });
  });

  it("refuses an id that is no entry of the collection with 400 naming each path, and writes nothing", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const article = await create(api, articles, { title: "An article" });
    // An id one character off the article's (never the article's own: its last character may be "z").
    const near = article.slice(0, -1) + (article.endsWith("z") ? "q" : "z");
    const res = await api.call("POST", `/api/collections/${articles}/entries`, { data: { title: "Bad", author: "x", related: [article, near, "y"] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Invalid input",
      issues: [
        { path: ["data", "author"], message: `No entry \`x\` in collection ${authors}` },
        { path: ["data", "related", "1"], message: `No entry \`${near}\` in collection ${articles}` },
        { path: ["data", "related", "2"], message: `No entry \`y\` in collection ${articles}` },
      ],
    });
    // An entry of another collection is no entry of this one.
    const wrong = await api.call("POST", `/api/collections/${articles}/entries`, { data: { title: "Bad", author: article } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: ["data", "author"], message: `No entry \`${article}\` in collection ${authors}` }]);
    expect((await api.call("GET", `/api/collections/${articles}/entries`)).body.pageInfo.total).toBe(1);
  });

  it("refuses another account's entry, and checks PATCH and bulk items the same way", async () => {
    const { api } = await proOwner();
    const stranger = await proOwner();
    const { authors, articles } = await makeModel(api);
    const theirs = await makeModel(stranger.api);
    const foreign = await create(stranger.api, theirs.authors, { name: "Not yours" });
    const id = await create(api, articles, { title: "A" });
    const patch = await api.call("PATCH", entryPath(articles, id), { data: { title: "A", author: foreign } });
    expect(patch.status).toBe(400);
    expect(patch.body.issues).toEqual([{ path: ["data", "author"], message: `No entry \`${foreign}\` in collection ${authors}` }]);
    expect((await api.call("GET", `${entryPath(articles, id)}/versions`)).body).toHaveLength(1);

    const ada = await create(api, authors, { name: "Ada" });
    const bulk = await api.call("POST", `/api/collections/${articles}/entries/bulk`, {
      entries: [{ data: { title: "Good", author: ada } }, { data: { title: "Bad", author: "missing" } }],
    });
    expect(bulk.body.results.map((r: { status: number }) => r.status)).toEqual([201, 400]);
    expect(bulk.body.results[1].issues).toEqual([{ path: ["data", "author"], message: `No entry \`missing\` in collection ${authors}` }]);
  });

  it("keeps `required` working for a reference", async () => {
    const { api } = await proOwner();
    const { authors } = await makeModel(api);
    const slug = uniqueName("c");
    await api.call("POST", "/api/collections", { name: "Q", slug, fields: [{ name: "author", type: "reference", collection: authors, required: true }] });
    const res = await api.call("POST", `/api/collections/${slug}/entries`, { data: {} });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ["data", "author"], message: "Required" }]);
  });

  it("indexes each version's references and prunes them with the version", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const id = await create(api, articles, { title: "v1", author: ada });
    for (let n = 2; n <= 12; n++) await api.call("PATCH", entryPath(articles, id), { data: { title: `v${n}`, author: ada } });
    const rows = await db().entryReference.findMany({ where: { sourceEntryId: id }, orderBy: { sourceVersion: "asc" } });
    expect(rows.map((row) => [row.sourceVersion, row.path, row.targetEntryId])).toEqual(Array.from({ length: 10 }, (_, i) => [i + 3, "/author", ada]));
  });
});

describe("deleting a referenced entry", () => {
  it("is 409 while a current or labelled version references it, with ?force=true deleting it anyway", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const article = await create(api, articles, { title: "Published", author: ada, related: [] }, "production");
    const res = await api.call("DELETE", entryPath(authors, ada));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "Entry is referenced", referencedBy: [{ collection: articles, entryId: article, path: "/author" }] });
    expect((await api.call("GET", `${entryPath(authors, ada)}/versions`)).status).toBe(200);
    // A refused delete writes nothing: no event, and the count still holds the entry.
    const deletedEvents = () => db().outboxEvent.count({ where: { orderingKey: `entry:${ada}`, type: "entry.deleted" } });
    expect(await deletedEvents()).toBe(0);
    expect((await api.call<{ entryCount: number }>("GET", `/api/collections/${authors}`)).body.entryCount).toBe(1);

    // The current version drops the reference; production (v_1) still holds it.
    await api.call("PATCH", entryPath(articles, article), { data: { title: "Rewritten" } });
    expect((await api.call("DELETE", entryPath(authors, ada))).status).toBe(409);

    const forced = await api.call("DELETE", `${entryPath(authors, ada)}?force=true`);
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ success: true });
    expect(await deletedEvents()).toBe(1);
    expect((await api.call<{ entryCount: number }>("GET", `/api/collections/${authors}`)).body.entryCount).toBe(0);
    const read = await api.call("GET", `${entryPath(articles, article)}?include=1`);
    expect(read.body.includes).toEqual({ entries: [], unresolved: [{ entryId: article, path: "/author", id: ada, reason: "deleted" }] });
  });

  it("is allowed once only unlabelled older versions reference it, and an entry's own references never block it", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const article = await create(api, articles, { title: "Draft", author: ada });
    await api.call("PATCH", entryPath(articles, article), { data: { title: "Draft 2" } });
    expect((await api.call("DELETE", entryPath(authors, ada))).status).toBe(200);

    const self = await create(api, authors, { name: "Self" });
    await api.call("PATCH", entryPath(authors, self), { data: { name: "Self", mentor: self } });
    expect((await api.call("DELETE", entryPath(authors, self))).status).toBe(200);
  });

  it("lists at most 20 referrers", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const bulk = await api.call("POST", `/api/collections/${articles}/entries/bulk`, {
      entries: Array.from({ length: 22 }, (_, i) => ({ data: { title: `A${i}`, author: ada } })),
    });
    expect(bulk.body.results.every((r: { status: number }) => r.status === 201)).toBe(true);
    const res = await api.call("DELETE", entryPath(authors, ada));
    expect(res.status).toBe(409);
    expect(res.body.referencedBy).toHaveLength(20);
  });

  it("gives bulk delete items their own 409, and `force` deletes them", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const free = await create(api, authors, { name: "Free" });
    const article = await create(api, articles, { title: "A", author: ada });
    const res = await api.call("POST", `/api/collections/${authors}/entries/bulk`, { ids: [ada, free], action: "delete" });
    expect(res.body.results).toEqual([
      { index: 0, id: ada, status: 409, error: "Entry is referenced", referencedBy: [{ collection: articles, entryId: article, path: "/author" }] },
      { index: 1, id: free, status: 200, success: true },
    ]);
    const forced = await api.call("POST", `/api/collections/${authors}/entries/bulk`, { ids: [ada], action: "delete", force: true });
    expect(forced.body.results).toEqual([{ index: 0, id: ada, status: 200, success: true }]);
  });
});

describe("deleting a referenced collection", () => {
  it("is 409 while another collection's schema points into it, with ?force=true deleting it anyway", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const article = await create(api, articles, { title: "A", author: ada }, "production");
    const res = await api.call("DELETE", `/api/collections/${authors}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "Collection is referenced", referencedBy: [{ collection: articles, path: "/author" }] });
    // Its own self-reference (mentor) does not count; the articles' does.
    const forced = await api.call("DELETE", `/api/collections/${authors}?force=true`);
    expect(forced.status).toBe(200);
    const read = await api.call("GET", `${entryPath(articles, article)}?include=1`);
    expect(read.body.includes.unresolved).toEqual([{ entryId: article, path: "/author", id: ada, reason: "deleted" }]);
    // A collection only itself references goes without force.
    expect((await api.call("DELETE", `/api/collections/${articles}`)).status).toBe(200);
  });

  it("still answers 404 for a collection that does not exist", async () => {
    const { api } = await proOwner();
    expect((await api.call("DELETE", `/api/collections/${uniqueName("none")}`)).body).toEqual({ error: "Collection not found" });
  });
});

describe("a schema change to reference fields", () => {
  it("rebuilds the reference index from the stored data, keeping only ids of the named collection", async () => {
    const { api } = await proOwner();
    const { authors } = await makeModel(api);
    const ada = await create(api, authors, { name: "Ada" });
    const notes = uniqueName("notes");
    await api.call("POST", "/api/collections", { name: "Notes", slug: notes, fields: [{ name: "text", type: "string" }] });
    const note = await create(api, notes, { text: "hi", by: ada, also: ["nobody", ada] }, "production");
    await api.call("PATCH", entryPath(notes, note), { data: { text: "hi again", by: ada } });
    expect(await db().entryReference.count({ where: { sourceEntryId: note } })).toBe(0);

    const fields = [
      { name: "text", type: "string" },
      { name: "by", type: "reference", collection: authors },
      { name: "also", type: "array", items: "reference", collection: authors },
    ];
    const changed = await api.call("PATCH", `/api/collections/${notes}`, { fields });
    expect(changed.status).toBe(200);
    expect(changed.body.references).toEqual({ reindexed: 1, truncated: false });
    expect(changed.body.reprojected).toBeUndefined();
    const rows = await db().entryReference.findMany({ where: { sourceEntryId: note }, orderBy: [{ sourceVersion: "asc" }, { path: "asc" }] });
    expect(rows.map((row) => [row.sourceVersion, row.path, row.targetEntryId])).toEqual([
      [1, "/also/1", ada],
      [1, "/by", ada],
      [2, "/by", ada],
    ]);
    const blocked = await api.call("DELETE", entryPath(authors, ada));
    expect(blocked.body.referencedBy).toEqual([
      { collection: notes, entryId: note, path: "/also/1" },
      { collection: notes, entryId: note, path: "/by" },
    ]);

    // Renaming the collection changes no reference field: nothing is rebuilt.
    expect((await api.call("PATCH", `/api/collections/${notes}`, { name: "Renamed" })).body.references).toBeUndefined();
    const dropped = await api.call("PATCH", `/api/collections/${notes}`, { fields: [{ name: "text", type: "string" }] });
    expect(dropped.body.references).toEqual({ reindexed: 1, truncated: false });
    expect((await api.call("DELETE", entryPath(authors, ada))).status).toBe(200);
  });
});
