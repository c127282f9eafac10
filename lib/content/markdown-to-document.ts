// Markdown → Tiptap document through Tiptap's own Markdown parser (@tiptap/markdown, the module
// renderMarkdown serializes with) and the renderers' extensions. Raw HTML inside the Markdown
// gets the same treatment as imported HTML: the dangerous elements go, with their content, and
// are reported (html-to-document.ts).
import { MarkdownManager } from "@tiptap/markdown";
import { finish, stripDangerousMarkup, type Converted } from "./html-to-document";
import { RENDER_EXTENSIONS } from "./render-extensions";
import type { TiptapDocument } from "./tiptap-document";

let manager: MarkdownManager | undefined;

export function markdownToDocument(markdown: string): Converted {
  manager ??= new MarkdownManager({ extensions: RENDER_EXTENSIONS });
  const { html: safe, dropped } = stripDangerousMarkup(markdown);
  const json = safe.trim() ? (manager.parse(safe) as TiptapDocument) : { type: "doc" as const, content: [] };
  return { doc: finish(json), dropped };
}
