// A Tiptap (ProseMirror) JSON document, validated by shape and by the node and mark types the
// renderers know (lib/content: StarterKit + Image). Unknown types are rejected on write rather
// than stored and silently dropped at render time. Used for post `content` and for collection
// fields of type `richtext`.
import { z } from "zod";

export const NODE_TYPES = [
  "doc",
  "paragraph",
  "text",
  "heading",
  "blockquote",
  "bulletList",
  "orderedList",
  "listItem",
  "codeBlock",
  "hardBreak",
  "horizontalRule",
  "image",
] as const;

export const MARK_TYPES = ["bold", "italic", "strike", "code", "underline", "link"] as const;

/** Deep enough for any real document, shallow enough that validation cannot be made to recurse without end. */
export const MAX_DEPTH = 48;

export type TiptapMark = { type: (typeof MARK_TYPES)[number]; attrs?: Record<string, unknown> };
export type TiptapNode = {
  type: (typeof NODE_TYPES)[number];
  attrs?: Record<string, unknown>;
  content?: TiptapNode[];
  marks?: TiptapMark[];
  text?: string;
};
export type TiptapDocument = TiptapNode & { type: "doc" };

const markSchema = z.strictObject({
  type: z.enum(MARK_TYPES, { error: (issue) => `Unknown mark type "${String(issue.input)}"` }),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

function nodeSchemaAt(depth: number): z.ZodType<TiptapNode> {
  return z
    .strictObject({
      type: z.enum(NODE_TYPES, { error: (issue) => `Unknown node type "${String(issue.input)}"` }),
      attrs: z.record(z.string(), z.unknown()).optional(),
      content: z.lazy(() => {
        if (depth >= MAX_DEPTH) return z.array(z.never()).max(0, `Document is nested deeper than ${MAX_DEPTH} levels`);
        return z.array(nodeSchemaAt(depth + 1));
      }).optional(),
      marks: z.array(markSchema).optional(),
      text: z.string().optional(),
    })
    .superRefine((node, ctx) => {
      if (node.type === "text") {
        if (!node.text) ctx.addIssue({ code: "custom", message: "A text node needs non-empty text" });
        if (node.content) ctx.addIssue({ code: "custom", message: "A text node has no content" });
      } else if (node.text !== undefined) {
        ctx.addIssue({ code: "custom", message: `A ${node.type} node has no text (put it in a text node)` });
      }
      if (node.type === "doc" && depth > 0) ctx.addIssue({ code: "custom", message: "doc may only be the root" });
    }) as z.ZodType<TiptapNode>;
}

export const tiptapDocumentSchema = nodeSchemaAt(0).refine((node) => node.type === "doc", {
  message: 'The root node must be { type: "doc" }',
}) as z.ZodType<TiptapDocument>;

export const EMPTY_DOCUMENT: TiptapDocument = { type: "doc", content: [] };
