// /api/collections and /api/collections/:id: create (folding, unknown keys, limits, duplicate
// slugs), schema validation (DECISIONS §4), read, PATCH (wholesale replacement) and DELETE.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { ARTICLE_SCHEMA, entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase, uniqueName } from "../support/fixtures";

connectTestDatabase();

describe("POST /api/collections", () => {
  it("creates a collection whose id is its slug and answers 201 with the stored schema", async () => {
    const { api } = await proOwner();
    const slug = uniqueName("blog");
    const res = await api.call("POST", "/api/collections", { name: "Blog", slug, schema: ARTICLE_SCHEMA });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: slug, name: "Blog", slug, schema: ARTICLE_SCHEMA, entryCount: 0 });
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(Date.parse(res.body.updatedAt)).not.toBeNaN();
  });

  it("stores an empty schema when none is sent", async () => {
    const { api } = await proOwner();
    const res = await api.call("POST", "/api/collections", { name: "Plain", slug: "plain" });
    expect(res.status).toBe(201);
    expect(res.body.schema).toEqual({});
  });

  it("folds top-level fields and indexes into schema", async () => {
    const { api } = await proOwner();
    const fields = [{ name: "title", type: "string" }];
    const indexes = { title: "title" };
    const res = await api.call("POST", "/api/collections", { name: "Folded", slug: "folded", schema: { title: "T" }, fields, indexes });
    expect(res.status).toBe(201);
    expect(res.body.schema).toEqual({ title: "T", fields, indexes });
    expect((await api.call("GET", "/api/collections/folded")).body.schema).toEqual({ title: "T", fields, indexes });
  });

  it.each([
    ["an unknown top-level key", { name: "A", slug: "a", description: "x" }],
    ["a missing name", { slug: "a" }],
    ["a missing slug", { name: "A" }],
    ["a slug with capitals", { name: "A", slug: "Blog" }],
    ["a slug with spaces", { name: "A", slug: "my blog" }],
    ["a schema that is not an object", { name: "A", slug: "a", schema: "x" }],
    ["an unknown schema key", { name: "A", slug: "a", schema: { field: [] } }],
  ])("gives 400 for %s", async (_label, body) => {
    const { api } = await proOwner();
    const res = await api.call("POST", "/api/collections", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
    expect(Array.isArray(res.body.issues)).toBe(true);
  });

  it("gives 400 Invalid JSON for a malformed body", async () => {
    const { api } = await proOwner();
    const res = await api.call("POST", "/api/collections", "{nope");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid JSON" });
  });

  it("gives 409 Slug already used for a second collection with the same slug, but another account may use it", async () => {
    const { api } = await proOwner();
    expect((await api.call("POST", "/api/collections", { name: "A", slug: "same" })).status).toBe(201);
    const again = await api.call("POST", "/api/collections", { name: "B", slug: "same" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Slug already used" });
    const other = await proOwner();
    expect((await other.api.call("POST", "/api/collections", { name: "A", slug: "same" })).status).toBe(201);
  });

  it("allows 10 collections per account and refuses the 11th with 400", async () => {
    const { api } = await proOwner();
    for (let i = 0; i < 10; i++) expect((await api.call("POST", "/api/collections", { name: `C${i}`, slug: `c${i}` })).status).toBe(201);
    const res = await api.call("POST", "/api/collections", { name: "C10", slug: "c10" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Collection limit reached" });
    expect((await api.call("GET", "/api/collections")).body).toHaveLength(10);
  });

});

describe("schema validation (DECISIONS §4)", () => {
  const create = async (schema: unknown) => (await proOwner()).api.call("POST", "/api/collections", { name: "S", slug: "s", schema });

  it("accepts every field type with its options", async () => {
    const res = await create({
      fields: [
        { name: "a", type: "string", required: true, min: 1, max: 10, enum: ["x", "y"] },
        { name: "b", type: "text", max: 1000 },
        { name: "c", type: "number", min: -1.5, max: 9.5 },
        { name: "d", type: "integer", enum: [1, 2, 3] },
        { name: "e", type: "boolean" },
        { name: "f", type: "date" },
        { name: "g", type: "datetime" },
        { name: "h", type: "url" },
        { name: "i", type: "email" },
        { name: "j", type: "slug" },
        { name: "k", type: "json" },
        { name: "l", type: "richtext", required: true },
        { name: "m", type: "array", items: "string", min: 1, max: 5, enum: ["p", "q"] },
        { name: "n", type: "object", fields: [{ name: "inner", type: "integer" }] },
        { name: "o", type: "array" },
        { name: "p", type: "object" },
      ],
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ["an unknown type", [{ name: "a", type: "color" }], ["schema", "fields", "0", "type"]],
    ["a field without a type", [{ name: "a" }], ["schema", "fields", "0", "type"]],
    ["an unknown field key", [{ name: "a", type: "string", default: "x" }], ["schema", "fields", "0"]],
    ["a duplicate field name", [{ name: "a", type: "string" }, { name: "a", type: "text" }], ["schema", "fields", "1", "name"]],
    ["min on a boolean", [{ name: "a", type: "boolean", min: 1 }], ["schema", "fields", "0", "min"]],
    ["min above max", [{ name: "a", type: "number", min: 5, max: 1 }], ["schema", "fields", "0", "max"]],
    ["a fractional length", [{ name: "a", type: "string", max: 1.5 }], ["schema", "fields", "0", "max"]],
    ["an enum value of the wrong type", [{ name: "a", type: "integer", enum: ["one"] }], ["schema", "fields", "0", "enum", "0"]],
    ["enum on richtext", [{ name: "a", type: "richtext", enum: ["x"] }], ["schema", "fields", "0", "enum"]],
    ["items on a string", [{ name: "a", type: "string", items: "string" }], ["schema", "fields", "0", "items"]],
    ["an unknown items type", [{ name: "a", type: "array", items: "thing" }], ["schema", "fields", "0", "items"]],
    ["an unknown nested type", [{ name: "a", type: "object", fields: [{ name: "b", type: "nope" }] }], ["schema", "fields", "0", "fields", "0", "type"]],
    ["required that is not a boolean", [{ name: "a", type: "string", required: "yes" }], ["schema", "fields", "0", "required"]],
  ])("gives 400 for %s, naming the path", async (_label, fields, path) => {
    const res = await create({ fields });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
    expect(res.body.issues.map((issue: { path: string[] }) => issue.path)).toContainEqual(path);
  });

  it.each([
    ["an unknown column", { body: "body" }],
    ["a path that is not a string", { title: 3 }],
    ["a path with an empty segment", { title: "seo..title" }],
    ["a path through an array position", { title: "items.0" }],
  ])("gives 400 for indexes with %s", async (_label, indexes) => {
    const res = await create({ indexes });
    expect(res.status).toBe(400);
  });
});

describe("reading collections", () => {
  it("lists the owner's collections with id, name, slug, schema and entryCount", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    await makeEntry(api, id, { title: "One" });
    await makeEntry(api, id, { title: "Two" });
    const res = await api.call("GET", "/api/collections");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id, name: "Test", slug: id, schema: ARTICLE_SCHEMA, entryCount: 2, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
  });

  it("gives 404 Collection not found for an unknown id", async () => {
    const { api } = await proOwner();
    const res = await api.call("GET", "/api/collections/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Collection not found" });
  });
});

describe("PATCH /api/collections/:id", () => {
  it("renames without touching the schema", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("PATCH", `/api/collections/${id}`, { name: "Renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Renamed", schema: ARTICLE_SCHEMA });
    expect(res.body).not.toHaveProperty("reprojected");
  });

  it("replaces the schema wholesale rather than merging", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const schema = { fields: [{ name: "body", type: "text" }] };
    const res = await api.call("PATCH", `/api/collections/${id}`, { schema });
    expect(res.status).toBe(200);
    expect(res.body.schema).toEqual(schema);
    expect((await api.call("GET", `/api/collections/${id}`)).body.schema).toEqual(schema);
  });

  it("a top-level indexes alone replaces just the mapping and keeps the fields", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("PATCH", `/api/collections/${id}`, { indexes: { title: "title" } });
    expect(res.status).toBe(200);
    expect(res.body.schema).toEqual({ ...ARTICLE_SCHEMA, indexes: { title: "title" } });
  });

  it.each([
    ["an empty body", {}],
    ["an unknown key", { slug: "other" }],
    ["an unknown field type", { fields: [{ name: "a", type: "blob" }] }],
  ])("gives 400 for %s", async (_label, body) => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("PATCH", `/api/collections/${id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
  });

  it("gives 404 for an unknown collection", async () => {
    const { api } = await proOwner();
    const res = await api.call("PATCH", "/api/collections/nope", { name: "x" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Collection not found" });
  });
});

describe("DELETE /api/collections/:id", () => {
  it("removes the collection with its entries, versions and labels, irreversibly", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "Gone" }, "production");
    await api.call("PATCH", entryPath(id, entryId), { data: { title: "Gone 2" } });
    const res = await api.call("DELETE", `/api/collections/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await api.call("GET", `/api/collections/${id}`)).status).toBe(404);
    expect(await db().entry.count({ where: { id: entryId } })).toBe(0);
    expect(await db().entryVersion.count({ where: { entryId } })).toBe(0);
    expect(await db().entryLabel.count({ where: { entryId } })).toBe(0);
    const again = await api.call("DELETE", `/api/collections/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Collection not found" });
  });

  it("frees a slot under the limit and the slug", async () => {
    const { api } = await proOwner();
    for (let i = 0; i < 10; i++) await api.call("POST", "/api/collections", { name: `C${i}`, slug: `c${i}` });
    expect((await api.call("DELETE", "/api/collections/c3")).status).toBe(200);
    expect((await api.call("POST", "/api/collections", { name: "C3", slug: "c3" })).status).toBe(201);
  });
});
