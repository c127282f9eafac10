// On a post write, each image of the author's media library gets its true width and height in
// the stored document (the editor sends them; an API client may not), so the renderer can give
// it srcset and a box without a lookup (lib/content/responsive-images.ts). One query for the
// document's media; other images and other owners' media are left as sent.
import type { TiptapDocument, TiptapNode } from "../content/tiptap-document";
import { db } from "../db";
import { parseMediaUrl } from "./media-urls";
import { storedVariants } from "./to-media";

function images(node: TiptapNode, found: TiptapNode[] = []): TiptapNode[] {
  if (node.type === "image") found.push(node);
  for (const child of node.content ?? []) images(child, found);
  return found;
}

export async function fillMediaImageSizes(ownerId: string, doc: TiptapDocument): Promise<TiptapDocument> {
  const ids = new Set(images(doc).map((node) => (typeof node.attrs?.src === "string" ? parseMediaUrl(node.attrs.src)?.id : undefined)).filter((id): id is string => !!id));
  if (ids.size === 0) return doc;
  const rows = await db().media.findMany({ where: { ownerId, id: { in: [...ids] } }, select: { id: true, storedName: true, width: true, height: true, variants: true } });
  const sizes = new Map<string, { width: number; height: number }>();
  for (const row of rows) {
    sizes.set(`${row.id}/${row.storedName}`, { width: row.width, height: row.height });
    for (const variant of storedVariants(row)) sizes.set(`${row.id}/${variant.name}`, { width: variant.width, height: variant.height });
  }
  const visit = (node: TiptapNode): TiptapNode => {
    if (node.type === "image" && typeof node.attrs?.src === "string") {
      const media = parseMediaUrl(node.attrs.src);
      const size = media && sizes.get(`${media.id}/${media.name}`);
      return size ? { ...node, attrs: { ...node.attrs, ...size } } : node;
    }
    return node.content ? { ...node, content: node.content.map(visit) } : node;
  };
  return visit(doc) as TiptapDocument;
}
