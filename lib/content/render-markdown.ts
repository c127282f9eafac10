// Markdown from a stored document through Tiptap's own serializer (@tiptap/markdown). It escapes
// text (Markdown syntax and HTML) but copies link and image URLs, titles and alt text verbatim,
// which is why sanitizeDocument runs first.
import { MarkdownManager } from "@tiptap/markdown";
import { RENDER_EXTENSIONS } from "./render-extensions";
import { sanitizeDocument } from "./sanitize-document";
import type { TiptapDocument } from "./tiptap-document";

let manager: MarkdownManager | undefined;

export function renderMarkdown(doc: TiptapDocument): string {
  // One manager for the process: building it resolves every extension, serializing is stateless.
  manager ??= new MarkdownManager({ extensions: RENDER_EXTENSIONS });
  const clean = sanitizeDocument(doc);
  if (!clean.content?.length) return "";
  return manager.serialize(clean);
}
