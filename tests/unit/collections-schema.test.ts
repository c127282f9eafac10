// The collection schema validator and the entry-data validator it builds (DECISIONS §4), as
// pure functions.
import { describe, expect, it } from "vitest";
import { collectionSchemaSchema } from "../../lib/collections/collection-schema";
import { foldSchema } from "../../lib/collections/collection-input";
import { objectValidator } from "../../lib/collections/field-validator";
import { hasUnstorableText } from "../../lib/collections/json-text";

describe("collectionSchemaSchema", () => {
  it("accepts the sample schema of the spec", () => {
    const schema = { title: "Posts", fields: [{ name: "title", type: "string" }, { name: "slug", type: "string" }], indexes: { slug: "slug" } };
    expect(collectionSchemaSchema.parse(schema)).toEqual(schema);
  });

  it("bounds nesting of object fields", () => {
    let field: Record<string, unknown> = { name: "leaf", type: "string" };
    for (let i = 0; i < 7; i++) field = { name: `level${i}`, type: "object", fields: [field] };
    const result = collectionSchemaSchema.safeParse({ fields: [field] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["fields.0.fields.0.fields.0.fields.0.fields.0.fields.0.fields", "Object fields nest at most 5 levels deep"],
    ]);
  });

  it("refuses a hostile nesting depth before the recursive schema walks it", () => {
    let field: Record<string, unknown> = { name: "leaf", type: "string" };
    for (let i = 0; i < 20_000; i++) field = { name: "n", type: "object", fields: [field] };
    expect(collectionSchemaSchema.safeParse({ fields: [field] }).success).toBe(false);
  });

  it("accepts object fields nested five levels deep", () => {
    let field: Record<string, unknown> = { name: "leaf", type: "string" };
    for (let i = 0; i < 5; i++) field = { name: `level${i}`, type: "object", fields: [field] };
    expect(collectionSchemaSchema.safeParse({ fields: [field] }).success).toBe(true);
  });

  it.each([["1st"], ["has space"], ["a.b"], [""], ["x".repeat(65)]])("refuses the field name %j", (name) => {
    expect(collectionSchemaSchema.safeParse({ fields: [{ name, type: "string" }] }).success).toBe(false);
  });
});

describe("objectValidator", () => {
  it("keeps undeclared keys and never reshapes the data", () => {
    const data = { title: "x", extra: { deep: [1, 2] }, n: null };
    const result = objectValidator([{ name: "title", type: "string" }, { name: "n", type: "number" }]).safeParse(data);
    expect(result.success).toBe(true);
  });

  it("reports every failing field at once", () => {
    const result = objectValidator([
      { name: "a", type: "integer", required: true },
      { name: "b", type: "url" },
    ]).safeParse({ b: "ftp://x" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([["a"], ["b"]]);
  });
});

describe("foldSchema", () => {
  const stored = { title: "T", fields: [{ name: "a", type: "string" as const }], indexes: { title: "a" } };
  it("replaces the schema wholesale when one is sent, top-level keys winning", () => {
    expect(foldSchema({ schema: { title: "New" }, indexes: { slug: "s" } }, stored)).toEqual({ title: "New", indexes: { slug: "s" } });
  });
  it("replaces only the sent keys without a schema", () => {
    expect(foldSchema({ indexes: { slug: "s" } }, stored)).toEqual({ ...stored, indexes: { slug: "s" } });
  });
  it("is undefined when nothing schema-related is sent", () => {
    expect(foldSchema({}, stored)).toBeUndefined();
  });
});

describe("hasUnstorableText", () => {
  it.each([
    [JSON.stringify({ a: "x\u0000y" }), true],
    [JSON.stringify({ a: "\ud800" }), true],
    [JSON.stringify({ a: "😀" }), false],
    [JSON.stringify({ a: "\\u0000 literally" }), false],
    [JSON.stringify({ a: "\\\u0000" }), true],
  ])("%s → %s", (json, expected) => {
    expect(hasUnstorableText(json)).toBe(expected);
  });
});
