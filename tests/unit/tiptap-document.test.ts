import { describe, expect, it } from "vitest";
import { MAX_DEPTH, tiptapDocumentSchema } from "../../lib/content/tiptap-document";

const doc = (content: unknown[]) => ({ type: "doc", content });
const paragraph = (text: string, marks?: unknown[]) => ({ type: "paragraph", content: [{ type: "text", text, ...(marks ? { marks } : {}) }] });

describe("tiptapDocumentSchema", () => {
  it("accepts documents made of known nodes and marks", () => {
    const value = doc([
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] },
      paragraph("link", [{ type: "link", attrs: { href: "https://example.com" } }, { type: "bold" }]),
      { type: "bulletList", content: [{ type: "listItem", content: [paragraph("item")] }] },
      { type: "image", attrs: { src: "https://example.com/a.png", alt: "a" } },
      { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "let a = 1" }] },
      { type: "horizontalRule" },
    ]);
    expect(tiptapDocumentSchema.safeParse(value).success).toBe(true);
    expect(tiptapDocumentSchema.safeParse(doc([])).success).toBe(true);
  });

  it.each([
    ["an unknown node type", doc([{ type: "iframe", attrs: { src: "x" } }]), "Unknown node type"],
    ["an unknown mark type", doc([paragraph("x", [{ type: "blink" }])]), "Unknown mark type"],
    ["a root that is not doc", paragraph("x"), "root node"],
    ["an empty text node", doc([{ type: "paragraph", content: [{ type: "text", text: "" }] }]), "non-empty text"],
    ["text on a non-text node", doc([{ type: "paragraph", text: "x" }]), "has no text"],
    ["unknown keys", doc([{ type: "paragraph", onclick: "x" }]), ""],
    ["a nested doc", doc([{ type: "doc" }]), "only be the root"],
    ["not an object", "hello", ""],
  ])("rejects %s", (_label, value, message) => {
    const result = tiptapDocumentSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (message) expect(JSON.stringify(result.error?.issues)).toContain(message);
  });

  it(`rejects documents nested deeper than ${MAX_DEPTH} levels`, () => {
    let node: Record<string, unknown> = { type: "paragraph" };
    for (let i = 0; i < MAX_DEPTH + 5; i++) node = { type: "blockquote", content: [node] };
    expect(tiptapDocumentSchema.safeParse(doc([node])).success).toBe(false);
  });
});
