// Images an imported post references (in its content, its cover and its social-card images) are copied into the
// account's media library through the media pipeline (createMedia: type sniffing, limits, quota,
// re-encoding, variants), and the post then points at the copy:
// - a file the uploaded zip carries (zip-images.ts: our own export's media/, a Markdown zip's
//   relative images) is read from the zip;
// - another http(s) URL is fetched (fetch-remote-image.ts, behind the SSRF guard).
// One copy per source per import, whatever the number of posts that use it and however often a
// batch runs: each copy is recorded (ImportedMedia, by import and source) as soon as it exists,
// so a batch that runs again after a crash finds it instead of making a second. A source that
// cannot be copied stays as it was, with a warning. Images already in this instance's library
// (outside the zip), data: URLs and unresolvable relative paths are left alone.
import type { TiptapDocument, TiptapNode } from "../content/tiptap-document";
import { db } from "../db";
import { ApiError } from "../http/api-error";
import { createMedia } from "../media/create-media";
import { mediaUrl, parseMediaUrl } from "../media/media-urls";
import { fetchRemoteImage } from "./fetch-remote-image";
import type { ImportPost } from "./import-item";
import type { ZipImages } from "./zip-images";

/** Copies made in this run, by source key: posts of one batch run side by side. */
export type CopyCache = Map<string, Promise<string>>;

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

type Source = { key: string; load(): Promise<{ bytes: Uint8Array; filename: string; contentType: string | null; alt: string | null }> };

function sourceOf(src: string, item: ImportPost, zip: ZipImages | null): Source | null {
  const carried = zip?.find(src, item);
  if (carried) {
    return { key: `zip:${carried.path}`, load: async () => ({ bytes: await zip!.read(carried.path), filename: carried.filename, contentType: null, alt: carried.alt }) };
  }
  if (remote(src)) return { key: src, load: async () => ({ ...(await fetchRemoteImage(src)), alt: null }) };
  return null;
}

async function copyOnce(ownerId: string, importId: string, source: Source): Promise<string> {
  const recorded = await db().importedMedia.findUnique({ where: { importId_sourceKey: { importId, sourceKey: source.key } } });
  if (recorded) {
    const media = await db().media.findFirst({ where: { id: recorded.mediaId, ownerId }, select: { id: true, storedName: true } });
    if (media) return mediaUrl(media.id, media.storedName);
  }
  const image = await source.load();
  const media = await createMedia({ ownerId, bytes: image.bytes, filename: image.filename, declaredType: image.contentType, alt: image.alt });
  await db().importedMedia.upsert({
    where: { importId_sourceKey: { importId, sourceKey: source.key } },
    create: { importId, sourceKey: source.key, mediaId: media.id },
    update: { mediaId: media.id },
  });
  return media.url;
}

/** A post's fields that hold one image URL each. */
export const IMAGE_FIELDS = ["coverImage", "ogImage", "twitterImage"] as const;
export type ImageFields = Record<(typeof IMAGE_FIELDS)[number], string | null>;

export async function copyImagesIntoLibrary(input: {
  ownerId: string;
  importId: string;
  item: ImportPost;
  content: TiptapDocument;
  fields: ImageFields;
  zip: ZipImages | null;
  cache: CopyCache;
}): Promise<{ content: TiptapDocument; fields: ImageFields; warnings: string[] }> {
  const srcs = imageSources(input.content, new Set());
  for (const field of IMAGE_FIELDS) if (input.fields[field]) srcs.add(input.fields[field]);
  const copies = new Map<string, string>();
  const warnings: string[] = [];
  for (const src of srcs) {
    const source = sourceOf(src, input.item, input.zip);
    if (!source) continue;
    let copy = input.cache.get(source.key);
    if (!copy) {
      copy = copyOnce(input.ownerId, input.importId, source);
      input.cache.set(source.key, copy);
    }
    try {
      copies.set(src, await copy);
    } catch (err) {
      const reason = err instanceof ApiError ? String(err.body.error) : err instanceof Error ? err.message : String(err);
      warnings.push(`Image ${src} was not copied (${reason}); the post keeps its URL`);
    }
  }
  if (!copies.size) return { content: input.content, fields: input.fields, warnings };
  const fields = { ...input.fields };
  for (const field of IMAGE_FIELDS) fields[field] = fields[field] ? (copies.get(fields[field]) ?? fields[field]) : null;
  return { content: replaceSources(input.content, copies) as TiptapDocument, fields, warnings };
}
