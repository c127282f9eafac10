// What the empty-line and "/" menus insert (DASHBOARD.md names them). Each item turns the current
// block into its kind; with a `range` (the "/query" typed) that text is removed first. "Image"
// asks for a URL, so it opens a dialog instead of inserting at once.
import type { Editor, Range } from "@tiptap/core";

export type InsertItemName = "Heading 2" | "Heading 3" | "Bullet list" | "Numbered list" | "Quote" | "Code block" | "Image" | "Divider";

/** `range`: the "/query" text to remove first; `requestImage`: opens the editor's image dialog. */
export type InsertContext = { range?: Range; requestImage: () => void };

export type InsertItem = {
  name: InsertItemName;
  keywords: string[];
  run: (editor: Editor, context: InsertContext) => void;
};

const start = (editor: Editor, { range }: InsertContext) => (range ? editor.chain().focus().deleteRange(range) : editor.chain().focus());

export const INSERT_ITEMS: InsertItem[] = [
  { name: "Heading 2", keywords: ["h2", "heading", "title"], run: (editor, context) => start(editor, context).setNode("heading", { level: 2 }).run() },
  { name: "Heading 3", keywords: ["h3", "heading", "subtitle"], run: (editor, context) => start(editor, context).setNode("heading", { level: 3 }).run() },
  { name: "Bullet list", keywords: ["ul", "list", "bullet", "unordered"], run: (editor, context) => start(editor, context).toggleBulletList().run() },
  { name: "Numbered list", keywords: ["ol", "list", "ordered", "number"], run: (editor, context) => start(editor, context).toggleOrderedList().run() },
  { name: "Quote", keywords: ["blockquote", "quote", "citation"], run: (editor, context) => start(editor, context).toggleBlockquote().run() },
  { name: "Code block", keywords: ["code", "pre", "snippet"], run: (editor, context) => start(editor, context).toggleCodeBlock().run() },
  {
    name: "Image",
    keywords: ["image", "img", "picture", "photo"],
    run: (editor, context) => {
      start(editor, context).run();
      context.requestImage();
    },
  },
  { name: "Divider", keywords: ["hr", "divider", "rule", "line", "separator"], run: (editor, context) => start(editor, context).setHorizontalRule().run() },
];
