// `rendered` for a post read: null for tiptap, else HTML or Markdown. Rendering HTML with
// @tiptap/html costs milliseconds per document (it builds the schema and a happy-dom window on
// every call), so results are kept in a bounded in-process LRU keyed by what they depend on: the
// caller's key must change whenever the document does (posts use `<id>:<updatedAt>`).
import type { ContentFormat } from "./content-format";
import { renderHtml } from "./render-html";
import { renderMarkdown } from "./render-markdown";
import type { TiptapDocument } from "./tiptap-document";

/** About 32 MB of UTF-16 text at most. */
const MAX_CACHED_CHARS = 16_000_000;

// On globalThis, like the rate limiter's windows: every route bundle that includes this module
// shares one cache (and one size bound) instead of keeping its own copy.
type RenderCache = { entries: Map<string, string>; chars: number };
const SLOT = Symbol.for("inkbase.renderCache");
const store = ((globalThis as Record<symbol, RenderCache | undefined>)[SLOT] ??= { entries: new Map(), chars: 0 });
const cache = store.entries;

function remember(key: string, value: string): void {
  if (value.length > MAX_CACHED_CHARS / 100) return;
  cache.set(key, value);
  store.chars += value.length;
  for (const [oldKey, oldValue] of cache) {
    if (store.chars <= MAX_CACHED_CHARS) break;
    cache.delete(oldKey);
    store.chars -= oldValue.length;
  }
}

export function renderContent(doc: TiptapDocument, format: ContentFormat, cacheKey?: string): string | null {
  if (format === "tiptap") return null;
  const key = cacheKey === undefined ? undefined : `${format}:${cacheKey}`;
  if (key !== undefined) {
    const hit = cache.get(key);
    if (hit !== undefined) {
      // Map order is insertion order: re-inserting marks the entry most recently used.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
  }
  const rendered = format === "html" ? renderHtml(doc) : renderMarkdown(doc);
  if (key !== undefined) remember(key, rendered);
  return rendered;
}
