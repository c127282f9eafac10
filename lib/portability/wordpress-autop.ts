// WordPress stores classic-editor posts without <p>: paragraphs are blank lines and line breaks
// are newlines, and its themes add the markup on output (wpautop). This is the part of wpautop an
// import needs: runs of text between block elements become paragraphs, single newlines <br>.
// Block-editor content (<!-- wp:... --> comments around real markup) passes through as it is.
const BLOCK = /^<\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|td|th|figure|figcaption|hr|img|section|article|aside|header|footer|dl|dt|dd|address|details|summary)\b/i;

export function wordpressAutop(content: string): string {
  const text = content.replace(/\r\n?/g, "\n").replace(/<!--[\s\S]*?-->/g, "");
  if (/<p[\s>]/i.test(text)) return text;
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, "<br>\n")}</p>`))
    .join("\n");
}
