import { describe, expect, it } from "vitest";
import { cuid } from "@/lib/cuid";
import { entryListResponse } from "@/lib/collections/entry-list-response";
import { JsonText } from "@/lib/collections/resolve-includes";

describe("the entry listing's answer", () => {
  const entry = { id: "e1", version: "v_2", title: "A", summary: null, slug: "a", updatedAt: "2026-11-25T10:00:00.000Z" };
  const pageInfo = { total: 1, page: 1, perPage: 50, hasMore: false };

  it("writes each entry's stored JSON text as its data, in the entry answers' key order", async () => {
    const text = '{"title": "Ünïcode \\"quoted\\"", "n": [1, 2.5, null], "nested": {"deep": true}}';
    const response = entryListResponse({ entries: [entry], dataTexts: [text], pageInfo });
    expect(response.headers.get("content-type")).toBe("application/json");
    const raw = await response.text();
    const body = JSON.parse(raw);
    expect(body).toEqual({ entries: [{ ...entry, data: JSON.parse(text) }], pageInfo });
    expect(Object.keys(body.entries[0])).toEqual(["id", "version", "title", "summary", "slug", "data", "updatedAt"]);
  });

  it("leaves data out without full=1 and keeps includes", async () => {
    const includes = { entries: [], unresolved: [] };
    const body = await entryListResponse({ entries: [entry, { ...entry, id: "e2" }], pageInfo, includes }).json();
    expect(body).toEqual({ entries: [entry, { ...entry, id: "e2" }], pageInfo, includes });
  });

  it("writes included entries' data text as is, with unresolved and truncated", async () => {
    const included = { id: "e9", collection: "people", version: "v_1", title: "Ada", summary: null, slug: "ada" };
    const includes = { entries: [{ ...included, data: new JsonText('{"name": "Ada"}') }, { ...included, id: "e8", data: { name: "Parsed" } }], unresolved: [{ entryId: "e1", path: "/author", id: "gone", reason: "deleted" as const }], truncated: true as const };
    const body = await entryListResponse({ entries: [entry], pageInfo, includes }).json();
    expect(body.includes).toEqual({ entries: [{ ...included, data: { name: "Ada" } }, { ...included, id: "e8", data: { name: "Parsed" } }], unresolved: includes.unresolved, truncated: true });
  });

  it("answers an empty page", async () => {
    expect(await entryListResponse({ entries: [], dataTexts: [], pageInfo: { ...pageInfo, total: 0 } }).json()).toEqual({ entries: [], pageInfo: { ...pageInfo, total: 0 } });
  });
});

describe("cuid", () => {
  it("has the shape of Prisma's cuid() ids and does not repeat", () => {
    const ids = Array.from({ length: 10_000 }, cuid);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^c[a-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
