// DECISIONS §5: without a given excerpt, the first 160 characters of the document's text, cut at
// a word (a single word longer than that is cut at 160).
import { documentText } from "./document-text";
import type { TiptapDocument } from "./tiptap-document";

export const EXCERPT_LENGTH = 160;

export function autoExcerpt(doc: TiptapDocument): string {
  return excerptFromText(documentText(doc));
}

/** The cut itself, for text already extracted (the editor's placeholder computes it from its own text). */
export function excerptFromText(raw: string): string {
  const text = raw.replace(/\s+/g, " ").trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, EXCERPT_LENGTH)).trimEnd();
}
