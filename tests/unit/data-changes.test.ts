// The API's diff (MODELING "Diffs over the API"): the dashboard's diff as a list of changes with
// JSON-pointer paths, raw values on each side, and block changes for richtext.
import { describe, expect, it } from "vitest";
import { blockChanges, dataChanges } from "../../lib/diff/data-changes";
import { diffBlocks } from "../../lib/diff/value-diff";
import { toPointer } from "../../lib/diff/json-pointer";

const doc = (...blocks: object[]) => ({ type: "doc", content: blocks });
const p = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const h = (level: number, text: string) => ({ type: "heading", attrs: { level }, content: [{ type: "text", text }] });

describe("dataChanges", () => {
  it("gives nothing for equal data", () => {
    expect(dataChanges({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toEqual([]);
  });

  it("names changed, added and removed fields by JSON pointer with their raw values", () => {
    expect(dataChanges({ title: "Old", gone: 3, same: true }, { title: "New", same: true, added: { x: 1 } })).toEqual([
      { path: "/title", kind: "changed", before: "Old", after: "New" },
      { path: "/gone", kind: "removed", before: 3, after: null },
      { path: "/added", kind: "added", before: null, after: { x: 1 } },
    ]);
  });

  it("follows objects key by key and arrays of objects by position", () => {
    const before = { seo: { title: "A", description: "Same" }, sections: [{ heading: "One" }, { heading: "Two" }] };
    const after = { seo: { title: "B", description: "Same" }, sections: [{ heading: "One" }, { heading: "2" }, { heading: "Three" }] };
    expect(dataChanges(before, after)).toEqual([
      { path: "/seo/title", kind: "changed", before: "A", after: "B" },
      { path: "/sections/1/heading", kind: "changed", before: "Two", after: "2" },
      { path: "/sections/2", kind: "added", before: null, after: { heading: "Three" } },
    ]);
  });

  it("changes an array of plain values (tags, reference ids) as a whole", () => {
    expect(dataChanges({ related: ["a", "b"] }, { related: ["b", "c"] })).toEqual([{ path: "/related", kind: "changed", before: ["a", "b"], after: ["b", "c"] }]);
  });

  it("escapes ~ and / in keys (RFC 6901)", () => {
    expect(dataChanges({ "a/b": { "c~d": 1 } }, { "a/b": { "c~d": 2 } })).toEqual([{ path: "/a~1b/c~0d", kind: "changed", before: 1, after: 2 }]);
    expect(toPointer(["x", "0"])).toBe("/x/0");
  });

  it("gives richtext fields their changed blocks, text before and after, as the dashboard's block diff", () => {
    const before = doc(h(2, "Install"), p("Run the installer."), p("Unchanged."));
    const after = doc(h(2, "Install"), p("Run the new installer."), p("Unchanged."), p("Then sign in."));
    const [change] = dataChanges({ body: before }, { body: after }, { body: "richtext" });
    expect(change).toEqual({
      path: "/body",
      kind: "changed",
      before,
      after,
      blocks: [
        { kind: "changed", label: "Paragraph", before: "Run the installer.", after: "Run the new installer." },
        { kind: "added", label: "Paragraph", before: null, after: "Then sign in." },
      ],
    });
  });

  it("gives a richtext field added as a whole its blocks too", () => {
    const [change] = dataChanges({}, { body: doc(p("Hello")) }, { body: "richtext" });
    expect(change.kind).toBe("added");
    expect(change.blocks).toEqual([{ kind: "added", label: "Paragraph", before: null, after: "Hello" }]);
  });

  it("blockChanges leaves unchanged blocks out", () => {
    const blocks = diffBlocks([{ label: "Paragraph", text: "a" }, { label: "Paragraph", text: "b" }], [{ label: "Paragraph", text: "a" }]);
    expect(blockChanges(blocks)).toEqual([{ kind: "removed", label: "Paragraph", before: "b", after: null }]);
  });
});
