// What the renderers see: a copy of the stored document with every attribute reduced to the ones
// its node or mark type renders, each checked for type and range. URLs go through safeUrl; a
// link whose target is not safe loses the link mark (its text stays) and an image whose source
// is not safe is left out. Done before both renderers, so neither HTML nor Markdown can carry an
// unsafe URL, an event-handler attribute or a value that breaks out of its Markdown syntax.
import type { TiptapDocument, TiptapMark, TiptapNode } from "./tiptap-document";
import { safeUrl } from "./safe-url";

type Attrs = Record<string, unknown>;

const ORDERED_LIST_TYPES = new Set(["1", "a", "A", "i", "I"]);
const LINK_TARGETS = new Set(["_blank", "_self", "_parent", "_top"]);
const CODE_LANGUAGE = /^[a-z0-9_+#.-]{1,40}$/i;
const SCRIPT_SCHEME = /(?:java|vb)script\s*:/i;

function integer(value: unknown, min: number, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/**
 * Alt and title text: one line, without the characters that end a Markdown image description or
 * title (`]`, `"`) or start markup, and never something that reads as a script URL.
 */
function plainText(value: unknown, max = 500): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/[[\]"\\<>`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
  return text === "" || SCRIPT_SCHEME.test(text) ? undefined : text;
}

function compact(attrs: Attrs): Attrs | undefined {
  const kept = Object.entries(attrs).filter(([, value]) => value !== undefined);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

function nodeAttrs(node: TiptapNode): Attrs | undefined | null {
  const attrs: Attrs = node.attrs ?? {};
  switch (node.type) {
    case "heading":
      return { level: integer(attrs.level, 1, 6) ?? 1 };
    case "orderedList":
      return compact({
        start: integer(attrs.start, 0, 1_000_000),
        type: typeof attrs.type === "string" && ORDERED_LIST_TYPES.has(attrs.type) ? attrs.type : undefined,
      });
    case "codeBlock":
      return compact({
        language: typeof attrs.language === "string" && CODE_LANGUAGE.test(attrs.language) ? attrs.language : undefined,
      });
    case "image": {
      const src = safeUrl(attrs.src, "image");
      if (src === null) return null;
      return compact({
        src,
        alt: plainText(attrs.alt),
        title: plainText(attrs.title),
        width: integer(attrs.width, 1, 10_000),
        height: integer(attrs.height, 1, 10_000),
      });
    }
    default:
      return undefined;
  }
}

function sanitizeMark(mark: TiptapMark): TiptapMark | null {
  if (mark.type !== "link") return { type: mark.type };
  const attrs: Attrs = mark.attrs ?? {};
  const href = safeUrl(attrs.href, "link");
  if (href === null) return null;
  const target = typeof attrs.target === "string" && LINK_TARGETS.has(attrs.target) ? attrs.target : undefined;
  return { type: "link", attrs: compact({ href, target, title: plainText(attrs.title) }) };
}

function sanitizeNode(node: TiptapNode): TiptapNode | null {
  if (node.type === "text") {
    const marks = (node.marks ?? []).map(sanitizeMark).filter((mark): mark is TiptapMark => mark !== null);
    return marks.length ? { type: "text", text: node.text, marks } : { type: "text", text: node.text };
  }
  const attrs = nodeAttrs(node);
  if (attrs === null) return null;
  const clean: TiptapNode = { type: node.type };
  if (attrs) clean.attrs = attrs;
  // Marks belong on text; on other nodes they only produce invalid markup such as <strong><p>.
  if (node.content) {
    clean.content = node.content.map(sanitizeNode).filter((child): child is TiptapNode => child !== null);
  }
  return clean;
}

export function sanitizeDocument(doc: TiptapDocument): TiptapDocument {
  return { type: "doc", content: (doc.content ?? []).map(sanitizeNode).filter((node): node is TiptapNode => node !== null) };
}
