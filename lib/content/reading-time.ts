// DECISIONS §5: minutes, ceil(words / 200); at least 1 when there is any text, else 0.
import type { TiptapDocument } from "./tiptap-document";
import { wordCount } from "./word-count";

export const WORDS_PER_MINUTE = 200;

export function readingTime(doc: TiptapDocument): number {
  return readingTimeOfWords(wordCount(doc));
}

export function readingTimeOfWords(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}
