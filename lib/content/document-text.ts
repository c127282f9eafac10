// The plain text of a document, blocks separated by a space: what the auto excerpt and the
// reading time are computed from.
import type { TiptapNode } from "./tiptap-document";

const INLINE = new Set(["text", "hardBreak", "image"]);

export function documentText(node: TiptapNode): string {
  const parts: string[] = [];
  const walk = (current: TiptapNode) => {
    if (current.type === "text") parts.push(current.text ?? "");
    else if (current.type === "hardBreak") parts.push(" ");
    for (const child of current.content ?? []) walk(child);
    if (!INLINE.has(current.type)) parts.push(" ");
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}
