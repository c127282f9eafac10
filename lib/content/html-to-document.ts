// HTML → Tiptap document, the one converter importers use (PORTABILITY "Import"): Tiptap's own
// parser (@tiptap/html generateJSON) with the extensions the renderers use, so an imported post
// holds exactly the node and mark types the editor and the renderers know. What has no Tiptap
// equivalent and could act (scripts, frames, forms, embeds, styles) is removed with its content
// first and named in `dropped`; the result goes through sanitizeDocument (the one URL and
// attribute policy) and is validated like any document written through the API.
import { generateJSON } from "@tiptap/html";
import { RENDER_EXTENSIONS } from "./render-extensions";
import { sanitizeDocument } from "./sanitize-document";
import { tiptapDocumentSchema, type TiptapDocument, type TiptapNode } from "./tiptap-document";

/** Elements removed with everything inside them, and reported. */
const DANGEROUS = ["script", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "input", "button", "select", "textarea", "style", "link", "meta", "base", "noscript", "template", "svg", "math", "canvas", "video", "audio", "portal"];
const PAIRED = new RegExp(`<(${DANGEROUS.join("|")})\\b[^>]*>[\\s\\S]*?<\\/\\1\\s*>`, "gi");
const SINGLE = new RegExp(`<\\/?(${DANGEROUS.join("|")})\\b[^>]*>`, "gi");
const COMMENT = /<!--[\s\S]*?-->/g;

export type Converted = { doc: TiptapDocument; dropped: string[] };

/** Removes the dangerous elements (with their content) and returns their names, in first-seen order. */
export function stripDangerousMarkup(html: string): { html: string; dropped: string[] } {
  const dropped = new Set<string>();
  const note = (_match: string, tag: string) => {
    dropped.add(tag.toLowerCase());
    return "";
  };
  let out = html.replace(COMMENT, "");
  // Paired elements first (their content goes too), then any lone or unclosed tag.
  let previous: string;
  do {
    previous = out;
    out = out.replace(PAIRED, note);
  } while (out !== previous);
  out = out.replace(SINGLE, note);
  // A paragraph that held only what was removed would import as an empty line.
  if (dropped.size) out = out.replace(/<p\b[^>]*>\s*<\/p>/gi, "");
  if (/\son[a-z]+\s*=/i.test(out)) dropped.add("event handler attributes");
  return { html: out, dropped: [...dropped] };
}

export function htmlToDocument(html: string): Converted {
  const { html: safe, dropped } = stripDangerousMarkup(html);
  const json = safe.trim() ? (generateJSON(safe, RENDER_EXTENSIONS) as TiptapDocument) : { type: "doc" as const, content: [] };
  return { doc: finish(json), dropped };
}

/** The converted document through the same policy and validation as an API write. */
export function finish(json: TiptapDocument): TiptapDocument {
  const clean = sanitizeDocument(dropEmptyText(json) as TiptapDocument);
  return tiptapDocumentSchema.parse(clean);
}

function dropEmptyText(node: TiptapNode): TiptapNode {
  if (!node.content) return node;
  return { ...node, content: node.content.filter((child) => child.type !== "text" || !!child.text).map(dropEmptyText) };
}
