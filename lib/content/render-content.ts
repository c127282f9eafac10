// `rendered` for a post read: null for tiptap, else HTML or Markdown. Rendering HTML with
// @tiptap/html costs milliseconds per document (it builds the schema and a happy-dom window on
// every call), so results are kept in a bounded in-process LRU keyed by what they depend on: the
// caller's key must change whenever the document does (posts use `<id>:<updatedAt>`).
import { sizedLru } from "../cache/sized-lru";
import type { ContentFormat } from "./content-format";
import { renderHtml } from "./render-html";
import { renderMarkdown } from "./render-markdown";
import type { TiptapDocument } from "./tiptap-document";

/** About 32 MB of UTF-16 text at most; a document above 1% of it is rendered each time. */
const cache = sizedLru<string>({
  slot: "inkbase.renderCache",
  maxTotal: () => 16_000_000,
  sizeOf: (value) => value.length,
  maxShare: 0.01,
});

export function renderContent(doc: TiptapDocument, format: ContentFormat, cacheKey?: string): string | null {
  if (format === "tiptap") return null;
  const key = cacheKey === undefined ? undefined : `${format}:${cacheKey}`;
  if (key !== undefined) {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
  }
  const rendered = format === "html" ? renderHtml(doc) : renderMarkdown(doc);
  if (key !== undefined) cache.set(key, rendered);
  return rendered;
}
