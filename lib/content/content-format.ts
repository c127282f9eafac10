// The `format` query parameter of post reads: unknown values fall back to tiptap (SPEC).
export const CONTENT_FORMATS = ["tiptap", "html", "markdown"] as const;

export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export function parseContentFormat(value: unknown): ContentFormat {
  return (CONTENT_FORMATS as readonly unknown[]).includes(value) ? (value as ContentFormat) : "tiptap";
}
