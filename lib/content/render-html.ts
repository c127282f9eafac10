// HTML from a stored document through Tiptap's own renderer (@tiptap/html, which uses happy-dom
// under Node): the DOM serializer escapes text and attribute values; sanitizeDocument has already
// removed unsafe URLs and unknown attributes; responsive-images.ts then adds srcset, sizes and
// lazy loading to images of the media library.
import { generateHTML } from "@tiptap/html";
import { RENDER_EXTENSIONS } from "./render-extensions";
import { withResponsiveImages } from "./responsive-images";
import { sanitizeDocument } from "./sanitize-document";
import type { TiptapDocument } from "./tiptap-document";

export function renderHtml(doc: TiptapDocument): string {
  const clean = sanitizeDocument(doc);
  if (!clean.content?.length) return "";
  return generateHTML(withResponsiveImages(clean), RENDER_EXTENSIONS);
}
