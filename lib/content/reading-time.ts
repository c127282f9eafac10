// DECISIONS §5: minutes, ceil(words / 200); at least 1 when there is any text, else 0.
import { documentText } from "./document-text";
import type { TiptapDocument } from "./tiptap-document";

export const WORDS_PER_MINUTE = 200;

export function readingTime(doc: TiptapDocument): number {
  const text = documentText(doc);
  if (text === "") return 0;
  return Math.ceil(text.split(" ").length / WORDS_PER_MINUTE);
}
