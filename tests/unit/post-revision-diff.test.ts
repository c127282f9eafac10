// The pure halves of post history: the reason a write records (publish, unpublish, schedule,
// edit) and the field diff with its content blocks, built on lib/diff's block diff — a reordered
// block is removed where it was and added where it is, an edited one pairs with its new text
// (also when a moved block lands between them).
import { describe, expect, it } from "vitest";
import { blockChanges } from "../../lib/diff/data-changes";
import { diffBlocks } from "../../lib/diff/value-diff";
import { postChanges, DIFF_FIELDS, type DiffSide } from "../../lib/posts/diff-post-revision";
import { SNAPSHOT_COLUMNS } from "../../lib/posts/post-fields";
import { revisionReason } from "../../lib/posts/update-post";

const now = new Date("2026-11-25T12:00:00Z");
const past = new Date("2026-11-20T12:00:00Z");
const future = new Date("2026-12-01T12:00:00Z");

describe("revisionReason", () => {
  it.each([
    [{ status: "draft", publishedAt: null }, { status: "published", publishedAt: now }, "publish"],
    [{ status: "draft", publishedAt: null }, { status: "published", publishedAt: future }, "schedule"],
    [{ status: "published", publishedAt: past }, { status: "draft", publishedAt: null }, "unpublish"],
    [{ status: "published", publishedAt: future }, { status: "draft", publishedAt: future }, "unpublish"],
    [{ status: "published", publishedAt: future }, { status: "published", publishedAt: now }, "publish"],
    [{ status: "published", publishedAt: past }, { status: "published", publishedAt: future }, "schedule"],
    [{ status: "published", publishedAt: past }, { status: "published", publishedAt: past }, "edit"],
    [{ status: "published", publishedAt: past }, { status: "published", publishedAt: new Date("2026-11-01T00:00:00Z") }, "edit"],
    [{ status: "draft", publishedAt: null }, { status: "draft", publishedAt: future }, "edit"],
  ] as const)("%j → %j is %s", (before, after, reason) => {
    expect(revisionReason(before, after, now)).toBe(reason);
  });
});

const block = (label: string, text: string) => ({ label, text });

describe("the block diff", () => {
  it("shows a moved paragraph as removed and added, and pairs the edited heading with its new text", () => {
    const before = [block("Paragraph", "Alpha"), block("Paragraph", "Beta"), block("Heading 2", "Gamma")];
    const after = [block("Paragraph", "Beta"), block("Paragraph", "Alpha"), block("Heading 2", "Gamma rays")];
    const changes = blockChanges(diffBlocks(before, after));
    expect(changes).toContainEqual({ kind: "changed", label: "Heading 2", before: "Gamma", after: "Gamma rays" });
    const moved = changes.filter((change) => change.kind !== "changed");
    expect(moved.map((change) => change.kind).sort()).toEqual(["added", "removed"]);
    expect(moved.map((change) => change.before ?? change.after)).toEqual([expect.any(String), expect.any(String)]);
    expect(new Set(moved.map((change) => change.before ?? change.after)).size).toBe(1);
  });

  it("keeps the exact texts of a changed block, whitespace included", () => {
    const changes = blockChanges(diffBlocks([block("Paragraph", "one  two")], [block("Paragraph", "one  two three")]));
    expect(changes).toEqual([{ kind: "changed", label: "Paragraph", before: "one  two", after: "one  two three" }]);
  });
});

describe("postChanges", () => {
  it("compares every field a revision keeps (excerptAuto goes with the excerpt), tags and co-authors too", () => {
    const kept = [...SNAPSHOT_COLUMNS.filter((column) => column !== "excerptAuto"), "tags", "coauthors"];
    expect([...DIFF_FIELDS].sort()).toEqual(kept.sort());
  });

  const side = (overrides: Partial<DiffSide>): DiffSide => {
    const base = Object.fromEntries(DIFF_FIELDS.map((field) => [field, null])) as DiffSide;
    return { ...base, title: "T", excerpt: "", tags: [], coauthors: [], featured: false, visibility: "public", status: "draft", content: { type: "doc", content: [] }, ...overrides };
  };
  it("lists only the fields that differ, as added, removed or changed, content with its blocks", () => {
    const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    const changes = postChanges(
      side({ subtitle: "Was", content: { type: "doc", content: [paragraph("Old")] } }),
      side({ coverImage: "https://example.com/a.png", tags: [{ name: "x", slug: "x" }], content: { type: "doc", content: [paragraph("New")] } }),
    );
    expect(changes.map((change) => [change.field, change.kind])).toEqual([["subtitle", "removed"], ["content", "changed"], ["tags", "changed"], ["coverImage", "added"]]);
    expect(changes[1].blocks).toEqual([{ kind: "changed", label: "Paragraph", before: "Old", after: "New" }]);
    expect(changes[0]).toEqual({ field: "subtitle", kind: "removed", before: "Was", after: null });
  });
});
