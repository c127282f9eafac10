// Words in a document: its plain text (./document-text.ts) split on spaces, as the reading time
// counts them. 0 for an empty document.
import { documentText } from "./document-text";
import type { TiptapNode } from "./tiptap-document";

export function wordCount(doc: TiptapNode): number {
  const text = documentText(doc);
  return text === "" ? 0 : text.split(" ").length;
}
