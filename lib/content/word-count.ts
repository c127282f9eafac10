// Words in a document: its plain text (./document-text.ts) split on spaces, as the reading time
// counts them. 0 for an empty document.
import { documentText } from "./document-text";
import type { TiptapNode } from "./tiptap-document";

export function wordCount(doc: TiptapNode): number {
  return wordCountOfText(documentText(doc));
}

/** The same count for text already extracted (a write that also derives the excerpt from it). */
export function wordCountOfText(text: string): number {
  return text === "" ? 0 : text.split(" ").length;
}
