// Reference fields as pure functions (MODELING "Reference fields"): the schema keys they need and
// refuse, and the references an entry's data holds (JSON pointers, issue paths).
import { describe, expect, it } from "vitest";
import { collectionSchemaSchema, type FieldDefinition } from "../../lib/collections/collection-schema";
import { collectReferences } from "../../lib/collections/entry-references";
import { objectValidator } from "../../lib/collections/field-validator";
import { schemaReferences } from "../../lib/collections/schema-references";

const issuesOf = (schema: unknown) => collectionSchemaSchema.safeParse(schema).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("reference fields in a schema", () => {
  it("accepts a reference and an array of references with their collection", () => {
    const fields = [
      { name: "author", type: "reference", collection: "authors", required: true },
      { name: "related", type: "array", items: "reference", collection: "articles", max: 5 },
    ];
    expect(collectionSchemaSchema.parse({ fields })).toEqual({ fields });
  });

  it("needs collection on reference fields and refuses it elsewhere", () => {
    expect(issuesOf({ fields: [{ name: "author", type: "reference" }] })).toEqual([["fields.0.collection", "A reference field names the collection it points into"]]);
    expect(issuesOf({ fields: [{ name: "related", type: "array", items: "reference" }] })).toEqual([["fields.0.collection", "A reference field names the collection it points into"]]);
    expect(issuesOf({ fields: [{ name: "title", type: "string", collection: "authors" }] })).toEqual([
      ["fields.0.collection", "collection applies to reference fields (or arrays of them) only"],
    ]);
  });

  it("refuses a malformed collection slug, enum and bounds on a single reference", () => {
    expect(issuesOf({ fields: [{ name: "a", type: "reference", collection: "Not A Slug" }] })).toHaveLength(1);
    expect(issuesOf({ fields: [{ name: "a", type: "reference", collection: "x", enum: ["1"] }] })).toEqual([["fields.0.enum", "enum does not apply to a reference field"]]);
    expect(issuesOf({ fields: [{ name: "a", type: "reference", collection: "x", max: 2 }] })).toEqual([["fields.0.max", "max does not apply to a reference field"]]);
  });

  it("validates the value's shape: an id string, or a list of them", () => {
    const validator = objectValidator([
      { name: "author", type: "reference", collection: "authors" },
      { name: "related", type: "array", items: "reference", collection: "articles" },
    ]);
    expect(validator.safeParse({ author: "abc", related: ["x", "y"] }).success).toBe(true);
    expect(validator.safeParse({ author: 3 }).error?.issues.map((issue) => issue.path)).toEqual([["author"]]);
    expect(validator.safeParse({ related: ["x", { id: "y" }] }).error?.issues.map((issue) => issue.path)).toEqual([["related", 1]]);
  });
});

describe("collectReferences", () => {
  const fields: FieldDefinition[] = [
    { name: "title", type: "string" },
    { name: "author", type: "reference", collection: "authors" },
    { name: "related", type: "array", items: "reference", collection: "articles" },
    { name: "seo", type: "object", fields: [{ name: "reviewer", type: "reference", collection: "authors" }] },
  ];

  it("finds each id with its pointer, issue path and collection, at any nesting", () => {
    expect(collectReferences(fields, { title: "x", author: "a1", related: ["r1", "r2"], seo: { reviewer: "a2" } })).toEqual([
      { pointer: "/author", issuePath: ["data", "author"], collection: "authors", id: "a1" },
      { pointer: "/related/0", issuePath: ["data", "related", "0"], collection: "articles", id: "r1" },
      { pointer: "/related/1", issuePath: ["data", "related", "1"], collection: "articles", id: "r2" },
      { pointer: "/seo/reviewer", issuePath: ["data", "seo", "reviewer"], collection: "authors", id: "a2" },
    ]);
  });

  it("skips absent and null references", () => {
    expect(collectReferences(fields, { title: "x", author: null })).toEqual([]);
  });

  it("schemaReferences says where a schema points, for the collection-delete 409 and the create 400", () => {
    expect(schemaReferences(fields, ["schema", "fields"])).toEqual([
      { fieldPath: ["schema", "fields", "1", "collection"], pointer: "/author", dataPath: ["author"], many: false, collection: "authors" },
      { fieldPath: ["schema", "fields", "2", "collection"], pointer: "/related", dataPath: ["related"], many: true, collection: "articles" },
      { fieldPath: ["schema", "fields", "3", "fields", "0", "collection"], pointer: "/seo/reviewer", dataPath: ["seo", "reviewer"], many: false, collection: "authors" },
    ]);
  });
});
