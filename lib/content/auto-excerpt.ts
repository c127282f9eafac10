// DECISIONS §5: without a given excerpt, the first 160 characters of the document's text, cut at
// a word (a single word longer than that is cut at 160).
import { documentText } from "./document-text";
import type { TiptapDocument } from "./tiptap-document";

export const EXCERPT_LENGTH = 160;

export function autoExcerpt(doc: TiptapDocument): string {
  const text = documentText(doc);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, EXCERPT_LENGTH)).trimEnd();
}
