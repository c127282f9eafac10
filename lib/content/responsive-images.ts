// The renderer's part of MEDIA.md "Images in posts": every image of our media library gets
// width, height, srcset of its variants, sizes, decoding="async", and loading="lazy" unless it is
// the document's first image (likely in view at once). Images from other hosts stay as they were.
// Runs on the sanitized document (sanitize-document.ts has dropped any srcset or loading an
// author sent), for HTML only: Markdown writes `![alt](url)`.
import { responsiveImage } from "../media/responsive-image";
import type { TiptapDocument, TiptapNode } from "./tiptap-document";

export function withResponsiveImages(doc: TiptapDocument): TiptapDocument {
  let first = true;
  const visit = (node: TiptapNode): TiptapNode => {
    if (node.type === "image") {
      const attrs = node.attrs ?? {};
      const isFirst = first;
      first = false;
      const image = typeof attrs.src === "string" ? responsiveImage(attrs.src, attrs.width as number | undefined, attrs.height as number | undefined) : null;
      if (!image) return node;
      return { ...node, attrs: { ...attrs, srcset: image.srcset, sizes: image.sizes, decoding: "async", ...(isFirst ? {} : { loading: "lazy" }) } };
    }
    return node.content ? { ...node, content: node.content.map(visit) } : node;
  };
  return visit(doc) as TiptapDocument;
}
