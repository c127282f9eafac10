// The compare view's diff (DASHBOARD "Compare"): words for text, keys for objects and arrays,
// blocks for richtext with words inside a changed block, never raw JSON.
import { describe, expect, it } from "vitest";
import { diffEntryData, diffValues } from "../../lib/diff/value-diff";
import { richtextBlocks } from "../../lib/diff/richtext-blocks";

const doc = (...blocks: object[]) => ({ type: "doc", content: blocks });
const p = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const h = (level: number, text: string) => ({ type: "heading", attrs: { level }, content: [{ type: "text", text }] });
const list = (...items: string[]) => ({ type: "bulletList", content: items.map((text) => ({ type: "listItem", content: [p(text)] })) });

describe("diffEntryData", () => {
  it("marks changed fields, keeps schema order, and lists undeclared keys after", () => {
    const rows = diffEntryData({ title: "Hello world", extra: 1 }, { title: "Hello there world", extra: 1, added: true }, { title: "string", body: "richtext" });
    expect(rows.map((row) => [row.name, row.changed])).toEqual([
      ["title", true],
      ["extra", false],
      ["added", true],
    ]);
  });

  it("highlights words in text", () => {
    const diff = diffValues("The quick fox", "The slow fox");
    expect(diff.kind).toBe("text");
    if (diff.kind !== "text") return;
    expect(diff.parts.filter((part) => part.removed).map((part) => part.value.trim())).toEqual(["quick"]);
    expect(diff.parts.filter((part) => part.added).map((part) => part.value.trim())).toEqual(["slow"]);
  });

  it("reads a null text (a field set to nothing) as empty, on either side", () => {
    for (const [before, after, marked] of [[null, "Now written", "added"], ["Was written", null, "removed"]] as const) {
      const diff = diffValues(before, after, "string");
      expect(diff.kind).toBe("text");
      if (diff.kind !== "text") return;
      expect(diff.parts.filter((part) => part[marked]).map((part) => part.value)).toEqual([before ?? after]);
    }
  });

  it("diffs objects key by key and nested", () => {
    const diff = diffValues({ seo: { title: "A", description: "Same" } }, { seo: { title: "B", description: "Same" } });
    expect(diff.kind).toBe("keys");
    if (diff.kind !== "keys") return;
    const seo = diff.entries[0];
    expect(seo.key).toBe("seo");
    expect(seo.diff.kind).toBe("keys");
    if (seo.diff.kind !== "keys") return;
    expect(seo.diff.entries.map((entry) => [entry.key, entry.diff.kind])).toEqual([
      ["title", "text"],
      ["description", "same"],
    ]);
  });

  it("diffs arrays of plain values item by item", () => {
    const diff = diffValues(["a", "b", "c"], ["a", "c", "d"]);
    expect(diff.kind).toBe("keys");
    if (diff.kind !== "keys") return;
    const changes = diff.entries.filter((entry) => entry.diff.kind === "value").map((entry) => entry.diff);
    expect(changes).toEqual([
      { kind: "value", before: "b", after: null },
      { kind: "value", before: null, after: "d" },
    ]);
  });

  it("diffs richtext by block with word highlights inside the changed block", () => {
    const before = doc(h(2, "Intro"), p("First paragraph stays."), list("one", "two"));
    const after = doc(h(2, "Intro"), p("First paragraph changes."), list("one", "two", "three"));
    const diff = diffValues(before, after, "richtext");
    expect(diff.kind).toBe("blocks");
    if (diff.kind !== "blocks") return;
    expect(diff.blocks.map((block) => [block.status, block.label])).toEqual([
      ["same", "Heading 2"],
      ["changed", "Paragraph"],
      ["same", "List item"],
      ["same", "List item"],
      ["added", "List item"],
    ]);
    const changed = diff.blocks[1];
    if (changed.status !== "changed") return;
    expect(changed.parts.filter((part) => part.removed).map((part) => part.value)).toEqual(["stays"]);
    expect(changed.parts.filter((part) => part.added).map((part) => part.value)).toEqual(["changes"]);
  });

  it("reads headings, quotes, code and images as labelled blocks", () => {
    const blocks = richtextBlocks(doc(h(3, "Deep"), { type: "blockquote", content: [p("Quoted")] }, { type: "codeBlock", content: [{ type: "text", text: "x = 1" }] }, { type: "image", attrs: { src: "https://x/y.png", alt: "A chart" } }));
    expect(blocks).toEqual([
      { label: "Heading 3", text: "Deep" },
      { label: "Quote", text: "Quoted" },
      { label: "Code block", text: "x = 1" },
      { label: "Image", text: "A chart" },
    ]);
  });

  it("shows scalars as before and after values, never JSON", () => {
    expect(diffValues(3, 4)).toEqual({ kind: "value", before: "3", after: "4" });
    expect(diffValues(undefined, true)).toEqual({ kind: "value", before: null, after: "true" });
    expect(diffValues(undefined, { a: 1 })).toEqual({ kind: "value", before: null, after: "a: 1" });
  });
});
