// Creating entries over HTTP and what their data may be: POST (201, a label on create, label
// names, unknown collection), the 256 KiB limit, validation against the collection's schema, and
// the projection of indexed columns (DECISIONS §4), on create and on PATCH where it applies.
// Reads, PATCH and DELETE are in collections-entries-read-patch-delete.test.ts.
import { describe, expect, it } from "vitest";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const entries = (collectionId: string) => `/api/collections/${collectionId}/entries`;

async function typedCollection(api: Client, fields: unknown[], indexes: Record<string, string> = {}) {
  return makeCollection(api, { schema: { fields, indexes } });
}

describe("POST entries", () => {
  it("creates a draft: 201 { id, version: v_1, labels: {} }", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("POST", entries(id), { data: { title: "Hello" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), version: "v_1", labels: {} });
    expect((await api.call("GET", `/api/collections/${id}`)).body.entryCount).toBe(1);
  });

  it("with label points it at v_1 in the same call", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("POST", entries(id), { data: { title: "Live" }, label: "production" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), version: "v_1", labels: { production: { version: "v_1", meta: null } } });
    const read = await api.call("GET", entryPath(id, res.body.id));
    expect(read.status).toBe(200);
    expect(read.body.version).toBe("v_1");
  });

  it("with a label other than production stays a draft but opens that channel on v_1", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("POST", entries(id), { data: { title: "Preview" }, label: "staging" });
    expect(res.body.labels).toEqual({ staging: { version: "v_1", meta: null } });
    expect((await api.call("GET", entryPath(id, res.body.id))).status).toBe(404);
    expect((await api.call("GET", `${entryPath(id, res.body.id)}?label=staging`)).body.data).toEqual({ title: "Preview" });
  });

  it.each([
    ["an empty label", ""],
    ["a 101-character label", "a".repeat(101)],
    ["a label with a space", "my label"],
    ["a label with a slash", "a/b"],
    ["a label that is not a string", 5],
  ])("gives 400 for %s and writes nothing", async (_name, label) => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("POST", entries(id), { data: { title: "x" }, label });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
    expect((await api.call("GET", entries(id))).body.pageInfo.total).toBe(0);
  });

  it("accepts a 100-character label of letters, digits, -, _ and .", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const label = `Ab9-_.${"x".repeat(94)}`;
    const res = await api.call("POST", entries(id), { data: { title: "x" }, label });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.labels)).toEqual([label]);
  });

  it.each([
    ["data missing", {}],
    ["data an array", { data: [1] }],
    ["data a string", { data: "x" }],
    ["an unknown key", { data: {}, status: "draft" }],
  ])("gives 400 for %s", async (_name, body) => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("POST", entries(id), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid input");
  });

  it("gives 404 Collection not found for an unknown collection", async () => {
    const { api } = await proOwner();
    const res = await api.call("POST", entries("nope"), { data: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Collection not found" });
  });
});

describe("the 256 KiB limit", () => {
  // {"blob":"…"} is 11 bytes plus the string.
  const dataOfBytes = (bytes: number) => ({ blob: "x".repeat(bytes - 11) });

  it("accepts data of 262143 bytes of JSON and refuses 262144 with 413, on create and on PATCH", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: {} });
    expect(Buffer.byteLength(JSON.stringify(dataOfBytes(262_143)))).toBe(262_143);
    const ok = await api.call("POST", entries(id), { data: dataOfBytes(262_143) });
    expect(ok.status).toBe(201);
    const tooBig = await api.call("POST", entries(id), { data: dataOfBytes(262_144) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: "Entry data too large" });
    const patch = await api.call("PATCH", entryPath(id, ok.body.id), { data: dataOfBytes(262_144) });
    expect(patch.status).toBe(413);
    expect((await api.call("GET", `${entryPath(id, ok.body.id)}/versions`)).body).toHaveLength(1);
  });

  it("counts bytes, not characters", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: {} });
    // 'é' is two bytes in UTF-8: 131067 of them plus the 11 framing bytes is 262145 bytes.
    const res = await api.call("POST", entries(id), { data: { blob: "é".repeat(131_067) } });
    expect(res.status).toBe(413);
  });

  it("refuses a megabyte with 413, not a server error", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: {} });
    const res = await api.call("POST", entries(id), { data: dataOfBytes(1_048_576) });
    expect(res.status).toBe(413);
  });
});

describe("data validation against the schema", () => {
  const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] };
  const cases: [string, unknown[], Record<string, unknown>, boolean][] = [
    ["a required field present", [{ name: "t", type: "string", required: true }], { t: "x" }, true],
    ["a required field missing", [{ name: "t", type: "string", required: true }], {}, false],
    ["a required field null", [{ name: "t", type: "string", required: true }], { t: null }, false],
    ["an optional field null", [{ name: "t", type: "string" }], { t: null }, true],
    ["a string given a number", [{ name: "t", type: "string" }], { t: 1 }, false],
    ["a string within min/max", [{ name: "t", type: "string", min: 2, max: 3 }], { t: "abc" }, true],
    ["a string over max", [{ name: "t", type: "string", max: 3 }], { t: "abcd" }, false],
    ["a string under min", [{ name: "t", type: "text", min: 2 }], { t: "a" }, false],
    ["a number in range", [{ name: "n", type: "number", min: 0, max: 1 }], { n: 0.5 }, true],
    ["a number over max", [{ name: "n", type: "number", max: 1 }], { n: 1.5 }, false],
    ["an integer given a fraction", [{ name: "n", type: "integer" }], { n: 1.5 }, false],
    ["an integer", [{ name: "n", type: "integer" }], { n: -3 }, true],
    ["a boolean given a string", [{ name: "b", type: "boolean" }], { b: "true" }, false],
    ["a date", [{ name: "d", type: "date" }], { d: "2024-02-29" }, true],
    ["an impossible date", [{ name: "d", type: "date" }], { d: "2023-02-29" }, false],
    ["a date with a time", [{ name: "d", type: "date" }], { d: "2024-01-01T00:00:00Z" }, false],
    ["a datetime", [{ name: "d", type: "datetime" }], { d: "2024-01-01T10:00:00+02:00" }, true],
    ["a datetime without an offset", [{ name: "d", type: "datetime" }], { d: "2024-01-01T10:00:00" }, false],
    ["a url", [{ name: "u", type: "url" }], { u: "https://example.com/a?b=c" }, true],
    ["a javascript: url", [{ name: "u", type: "url" }], { u: "javascript:alert(1)" }, false],
    ["an email", [{ name: "e", type: "email" }], { e: "a@example.com" }, true],
    ["a bad email", [{ name: "e", type: "email" }], { e: "a@" }, false],
    ["a slug", [{ name: "s", type: "slug" }], { s: "a-b-1" }, true],
    ["a slug with capitals", [{ name: "s", type: "slug" }], { s: "A-b" }, false],
    ["json of any shape", [{ name: "j", type: "json", required: true }], { j: [1, { a: null }] }, true],
    ["richtext", [{ name: "r", type: "richtext" }], { r: doc }, true],
    ["richtext with an unknown node", [{ name: "r", type: "richtext" }], { r: { type: "doc", content: [{ type: "iframe" }] } }, false],
    ["richtext given a string", [{ name: "r", type: "richtext" }], { r: "<p>Hi</p>" }, false],
    ["an enum value", [{ name: "c", type: "string", enum: ["a", "b"] }], { c: "b" }, true],
    ["a value outside the enum", [{ name: "c", type: "string", enum: ["a", "b"] }], { c: "c" }, false],
    ["array items of the type", [{ name: "a", type: "array", items: "integer" }], { a: [1, 2] }, true],
    ["an array item of another type", [{ name: "a", type: "array", items: "integer" }], { a: [1, "2"] }, false],
    ["an array over max items", [{ name: "a", type: "array", max: 1 }], { a: [1, 2] }, false],
    ["array items outside the enum", [{ name: "a", type: "array", items: "string", enum: ["x"] }], { a: ["x", "y"] }, false],
    ["an object given an array", [{ name: "o", type: "object" }], { o: [] }, false],
    ["nested object fields", [{ name: "o", type: "object", fields: [{ name: "n", type: "integer", required: true }] }], { o: { n: 1, extra: true } }, true],
    ["a nested required field missing", [{ name: "o", type: "object", fields: [{ name: "n", type: "integer", required: true }] }], { o: {} }, false],
    ["undeclared keys", [{ name: "t", type: "string" }], { t: "x", other: { deep: [1] } }, true],
  ];

  it.each(cases)("%s", async (_name, fields, data, valid) => {
    const { api } = await proOwner();
    const id = await typedCollection(api, fields);
    const res = await api.call("POST", entries(id), { data });
    if (valid) {
      expect(res.status).toBe(201);
      const read = await api.call("GET", `${entryPath(id, res.body.id)}?version=v_1`);
      expect(read.body.data).toEqual(data);
    } else {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Invalid input");
      expect(res.body.issues[0].path[0]).toBe("data");
    }
  });

  it("names the failing path under data", async () => {
    const { api } = await proOwner();
    const id = await typedCollection(api, [{ name: "o", type: "object", fields: [{ name: "n", type: "integer" }] }]);
    const res = await api.call("POST", entries(id), { data: { o: { n: "one" } } });
    expect(res.body.issues).toEqual([{ path: ["data", "o", "n"], message: expect.any(String) }]);
  });

  it("refuses a NUL character with 400 rather than failing in the database", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: {} });
    const res = await api.call("POST", entries(id), { data: { t: "a\u0000b" } });
    expect(res.status).toBe(400);
  });

  it("validates PATCH data the same way and writes nothing on failure", async () => {
    const { api } = await proOwner();
    const id = await typedCollection(api, [{ name: "n", type: "integer", required: true }]);
    const entryId = await makeEntry(api, id, { n: 1 });
    const res = await api.call("PATCH", entryPath(id, entryId), { data: { n: "x" } });
    expect(res.status).toBe(400);
    expect((await api.call("GET", `${entryPath(id, entryId)}/versions`)).body).toHaveLength(1);
  });
});

describe("projection of indexed columns", () => {
  it("projects through dotted paths; a missing or non-string value is null; tag only when mapped", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: { indexes: { title: "seo.title", summary: "summary", slug: "slug" } } });
    const entryId = await makeEntry(api, id, { seo: { title: "Deep" }, summary: 42, slug: "deep" }, "production");
    const res = await api.call("GET", entryPath(id, entryId));
    expect(res.body).toMatchObject({ title: "Deep", summary: null, slug: "deep" });
    expect(res.body).not.toHaveProperty("tag");
    const list = await api.call("GET", entries(id));
    expect(list.body.entries[0]).toEqual({ id: entryId, version: "v_1", title: "Deep", summary: null, slug: "deep", updatedAt: expect.any(String) });
  });

  it("without a mapping every column is null", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: {} });
    const entryId = await makeEntry(api, id, { title: "T", slug: "s" }, "production");
    expect((await api.call("GET", entryPath(id, entryId))).body).toMatchObject({ title: null, summary: null, slug: null });
  });

  it("gives 400 for a projected slug that is not ^[a-z0-9-]+$, on create and on PATCH", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api, { schema: { indexes: { slug: "meta.slug" } } });
    const bad = await api.call("POST", entries(id), { data: { meta: { slug: "Not A Slug" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(["data", "meta", "slug"]);
    const entryId = await makeEntry(api, id, { meta: { slug: "ok" } });
    expect((await api.call("PATCH", entryPath(id, entryId), { data: { meta: { slug: "" } } })).status).toBe(400);
  });

  it("gives 409 Slug already used for a slug another entry of the collection has, on create and on PATCH", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    await makeEntry(api, id, { title: "A", slug: "taken" });
    const dup = await api.call("POST", entries(id), { data: { title: "B", slug: "taken" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: "Slug already used" });
    const other = await makeEntry(api, id, { title: "C", slug: "free" });
    const patch = await api.call("PATCH", entryPath(id, other), { data: { title: "C", slug: "taken" } });
    expect(patch.status).toBe(409);
    expect(patch.body).toEqual({ error: "Slug already used" });
    expect((await api.call("GET", `/api/collections/${id}`)).body.entryCount).toBe(2);
    // The same slug in another collection is fine, and an entry may keep its own slug.
    expect((await api.call("POST", entries(await makeCollection(api)), { data: { title: "D", slug: "taken" } })).status).toBe(201);
    expect((await api.call("PATCH", entryPath(id, other), { data: { title: "C2", slug: "free" } })).status).toBe(200);
  });
});
