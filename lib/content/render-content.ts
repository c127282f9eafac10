// `rendered` for a post read: null for tiptap, else HTML or Markdown. Rendering HTML with
// @tiptap/html costs milliseconds per document (it builds the schema and a happy-dom window on
// every call), so results are kept in a bounded in-process LRU keyed by what they depend on: the
// caller's key must change whenever the document does (posts use `<id>:<updatedAt>`).
//
// The renderers (Tiptap, ProseMirror and happy-dom: about 1.5 MB of server code) are loaded on
// the first read that asks for HTML or Markdown (`loadRenderers`), not with every route that can
// return a post: the editor's saves, the owner's lists and every read in the API's default
// format (tiptap) never need them, and a fresh server instance no longer loads them for those
// (bench/cold-start).
import { sizedLru } from "../cache/sized-lru";
import type { ContentFormat } from "./content-format";
import type { TiptapDocument } from "./tiptap-document";

/** About 32 MB of UTF-16 text at most; a document above 1% of it is rendered each time. */
const cache = sizedLru<string>({
  slot: "inkbase.renderCache",
  maxTotal: () => 16_000_000,
  sizeOf: (value) => value.length,
  maxShare: 0.01,
});

type Renderers = { html: (doc: TiptapDocument) => string; markdown: (doc: TiptapDocument) => string };
let renderers: Renderers | undefined;

/** Loads the HTML and Markdown renderers, once; `renderContent` needs them for those formats. */
export async function loadRenderers(): Promise<void> {
  if (renderers) return;
  const [{ renderHtml }, { renderMarkdown }] = await Promise.all([import("./render-html"), import("./render-markdown")]);
  renderers = { html: renderHtml, markdown: renderMarkdown };
}

export function renderContent(doc: TiptapDocument, format: ContentFormat, cacheKey?: string): string | null {
  if (format === "tiptap") return null;
  const key = cacheKey === undefined ? undefined : `${format}:${cacheKey}`;
  if (key !== undefined) {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
  }
  if (!renderers) throw new Error("renderContent: the renderers are not loaded (await loadRenderers() before rendering html or markdown)");
  const rendered = format === "html" ? renderers.html(doc) : renderers.markdown(doc);
  if (key !== undefined) cache.set(key, rendered);
  return rendered;
}
