// The Tiptap extensions both renderers use: StarterKit + Image, i.e. exactly the node and mark
// types tiptap-document.ts accepts. The image also renders the attributes responsive-images.ts
// sets on media images (srcset, sizes, loading, decoding); authors cannot set them (sanitizing
// drops them). The code block is StarterKit's own, extended in one way: its
// Markdown fence is longer than any run of backticks in the code. StarterKit writes a fixed ```,
// so a code block containing ``` would close its fence early and the rest of the "code" would
// become live Markdown (links, raw HTML) in the output.
import { CodeBlock } from "@tiptap/extension-code-block";
import { Image } from "@tiptap/extension-image";
import { StarterKit } from "@tiptap/starter-kit";

const FencedCodeBlock = CodeBlock.extend({
  renderMarkdown: (node) => {
    const code = (node.content ?? []).map((child) => child.text ?? "").join("");
    const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(Math.max(3, longestRun + 1));
    const language = typeof node.attrs?.language === "string" ? node.attrs.language : "";
    return `${fence}${language}\n${code}\n${fence}`;
  },
});

const RenderedImage = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), srcset: { default: null }, sizes: { default: null }, loading: { default: null }, decoding: { default: null } };
  },
});

export const RENDER_EXTENSIONS = [
  // Editor-only behaviour (history, cursors, keymaps) has no part in rendering.
  StarterKit.configure({
    codeBlock: false,
    undoRedo: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
    listKeymap: false,
  }),
  FencedCodeBlock,
  RenderedImage,
];
