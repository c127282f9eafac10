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

const markSchema = z
  .strictObject({
    type: z.enum(MARK_TYPES, { error: (issue) => `Unknown mark type "${String(issue.input)}"` }),
    attrs: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "TiptapMark" });

/** One node, recursive through `content` (one schema, so the OpenAPI document has one `$ref` cycle). */
export const tiptapNodeSchema: z.ZodType<TiptapNode> = z
  .strictObject({
    type: z.enum(NODE_TYPES, { error: (issue) => `Unknown node type "${String(issue.input)}"` }),
    attrs: z.record(z.string(), z.unknown()).optional(),
    // A getter makes the cycle; it returns one constant so every visit sees the same schema.
    get content() {
      return tiptapContentSchema;
    },
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
    if (node.content?.some((child) => child.type === "doc")) ctx.addIssue({ code: "custom", message: "doc may only be the root" });
  })
  .meta({ id: "TiptapNode" }) as z.ZodType<TiptapNode>;

const tiptapContentSchema = z.array(tiptapNodeSchema).optional();

/** Depth of nested `content` arrays, walked without recursion so a hostile body cannot overflow the stack. */
function exceedsDepth(value: unknown): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    const content = node && typeof node === "object" ? (node as { content?: unknown }).content : undefined;
    if (!Array.isArray(content)) continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

// The depth guard runs before the recursive schema sees the value (preprocess), so validation
// never recurses deeper than MAX_DEPTH; the OpenAPI document shows the node schema itself. The
// root check sits on the pipe, not on a refined copy of the node schema: a copy would be a second,
// unnamed node schema in the cycle, which the document would show as an anonymous component.
export const tiptapDocumentSchema = z
  .preprocess((value, ctx) => {
    if (exceedsDepth(value)) ctx.addIssue({ code: "custom", message: `Document is nested deeper than ${MAX_DEPTH} levels`, input: value });
    return value;
  }, tiptapNodeSchema)
  .refine((node) => node.type === "doc", { message: 'The root node must be { type: "doc" }' })
  .meta({ id: "TiptapDocument", description: 'A Tiptap (ProseMirror) JSON document: `{ "type": "doc", "content": [...] }`.' }) as unknown as z.ZodType<TiptapDocument>;

export const EMPTY_DOCUMENT: TiptapDocument = { type: "doc", content: [] };
