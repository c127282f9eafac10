// Images an imported post references by URL (in its content and its cover) are copied into the
// account's media library through the media pipeline (createMedia: type sniffing, limits, quota,
// re-encoding, variants), and the post then points at the copy. A URL that cannot be fetched or
// is refused (the SSRF guard, a non-image, the quota) stays as it was, with a warning. Images
// already in this instance's library, and data: URLs, are left alone. One copy per URL per run.
import type { TiptapDocument, TiptapNode } from "../content/tiptap-document";
import { ApiError } from "../http/api-error";
import { createMedia } from "../media/create-media";
import { parseMediaUrl } from "../media/media-urls";
import { fetchRemoteImage } from "./fetch-remote-image";

function imageSources(node: TiptapNode, found: Set<string>): Set<string> {
  if (node.type === "image" && typeof node.attrs?.src === "string") found.add(node.attrs.src);
  for (const child of node.content ?? []) imageSources(child, found);
  return found;
}

function replaceSources(node: TiptapNode, copies: Map<string, string>): TiptapNode {
  const src = node.type === "image" ? node.attrs?.src : undefined;
  const copy = typeof src === "string" ? copies.get(src) : undefined;
  const next = copy ? { ...node, attrs: { ...node.attrs, src: copy } } : node;
  return next.content ? { ...next, content: next.content.map((child) => replaceSources(child, copies)) } : next;
}

const remote = (url: string) => /^https?:\/\//i.test(url) && !parseMediaUrl(url);

export async function copyImagesIntoLibrary(input: {
  ownerId: string;
  content: TiptapDocument;
  coverImage: string | null;
}): Promise<{ content: TiptapDocument; coverImage: string | null; warnings: string[] }> {
  const urls = [...imageSources(input.content, new Set())];
  if (input.coverImage) urls.push(input.coverImage);
  const wanted = [...new Set(urls.filter(remote))];
  if (!wanted.length) return { ...input, warnings: [] };

  const copies = new Map<string, string>();
  const warnings: string[] = [];
  for (const url of wanted) {
    try {
      const image = await fetchRemoteImage(url);
      const media = await createMedia({ ownerId: input.ownerId, bytes: image.bytes, filename: image.filename, declaredType: image.contentType });
      copies.set(url, media.url);
    } catch (err) {
      const reason = err instanceof ApiError ? String(err.body.error) : err instanceof Error ? err.message : String(err);
      warnings.push(`Image ${url} was not copied (${reason}); the post keeps its URL`);
    }
  }
  return {
    content: replaceSources(input.content, copies) as TiptapDocument,
    coverImage: input.coverImage ? (copies.get(input.coverImage) ?? input.coverImage) : null,
    warnings,
  };
}
