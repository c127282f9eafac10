// A Tiptap document as the blocks a reader sees: each paragraph, heading, list item, quote
// paragraph, code block and image becomes one block with a label ("Heading 2", "List item") and
// its text, so a richtext diff compares what changed on the page, not the JSON tree.
type Node = { type?: string; text?: string; attrs?: Record<string, unknown>; content?: Node[] };

export type Block = { label: string; text: string };

export function isRichtextDocument(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Node).type === "doc";
}

export function richtextBlocks(doc: unknown): Block[] {
  if (!isRichtextDocument(doc)) return [];
  const blocks: Block[] = [];
  walk((doc as Node).content ?? [], "", blocks);
  return blocks;
}

function walk(nodes: Node[], context: string, blocks: Block[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case "paragraph":
        blocks.push({ label: context || "Paragraph", text: textOf(node) });
        break;
      case "heading":
        blocks.push({ label: `Heading ${Number(node.attrs?.level ?? 1)}`, text: textOf(node) });
        break;
      case "codeBlock":
        blocks.push({ label: "Code block", text: textOf(node) });
        break;
      case "image":
        blocks.push({ label: "Image", text: String(node.attrs?.alt || node.attrs?.src || "") });
        break;
      case "horizontalRule":
        blocks.push({ label: "Divider", text: "" });
        break;
      case "bulletList":
      case "orderedList":
        walk(node.content ?? [], "List item", blocks);
        break;
      case "listItem": {
        // A list item's own paragraphs are the item; nested lists stay list items.
        walk(node.content ?? [], "List item", blocks);
        break;
      }
      case "blockquote":
        walk(node.content ?? [], "Quote", blocks);
        break;
      default:
        if (node.content) walk(node.content, context, blocks);
        else if (node.text) blocks.push({ label: context || "Text", text: node.text });
    }
  }
}

function textOf(node: Node): string {
  if (node.text) return node.text;
  if (node.type === "hardBreak") return "\n";
  return (node.content ?? []).map(textOf).join("");
}
