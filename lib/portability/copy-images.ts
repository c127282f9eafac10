// Images an imported post references (in its content, its cover and its social-card images) are copied into the
// account's media library through the media pipeline (createMedia: type sniffing, limits, quota,
// re-encoding, variants), and the post then points at the copy:
// - a file the uploaded zip carries (zip-images.ts: our own export's media/, a Markdown zip's
//   relative images) is read from the zip;
// - another http(s) URL is fetched (fetch-remote-image.ts, behind the SSRF guard).
// Each distinct source has one outcome per import, which the report counts (`images`):
// - reused: the owner's library already holds it — a medium an earlier import made from the same
//   URL (find-imported-image.ts, no fetch), or one with the same bytes (find-library-image.ts:
//   the upload's hash, or the served original's, which is what our own export carries). So
//   importing the same export twice copies nothing the second time;
// - copied: a new medium, through the media pipeline;
// - failed: it cannot be read or would be refused; the post keeps its URL, with a warning.
// Each outcome is recorded (ImportedMedia, by import and source) as soon as it is known, so a
// batch that runs again after a crash finds a copy instead of making a second, and the report
// counts each source once, in its last outcome (run-import.ts): a later success clears a failure,
// a failure never replaces a success. Within one run two sources with the same bytes share one
// medium; two imports copying the same bytes at once share one too, the later finding the
// earlier's row when it writes its own (createMedia's `reuseSameSource`). A dry run goes through
// the same steps — reads the zip, fetches the URL, runs the pipeline's checks
// (check-media-bytes.ts) — but stores nothing, and its records name no medium and go when it ends
// (run-import.ts): only the counts and the warnings remain. Images already in this instance's
// library (outside the zip), data: URLs and unresolvable relative paths are left alone.
import type { TiptapDocument, TiptapNode } from "../content/tiptap-document";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http/api-error";
import { checkMediaBytes } from "../media/check-media-bytes";
import { createMedia } from "../media/create-media";
import { cleanFilename } from "../media/media-text";
import { mediaUrl, parseMediaUrl } from "../media/media-urls";
import { SameSourceMedia } from "../media/same-source-media";
import { sourceHashOf } from "../media/source-hash";
import { fetchRemoteImage } from "./fetch-remote-image";
import { findImportedImage } from "./find-imported-image";
import { findLibraryImage } from "./find-library-image";
import type { ImportPost } from "./import-item";
import type { ZipImages } from "./zip-images";

/** What this run did with each source, by source key and by the bytes' hash: posts of one batch run side by side. */
export type CopyCache = {
  bySource: Map<string, Promise<Outcome>>;
  byHash: Map<string, Promise<Outcome>>;
};

export const newCopyCache = (): CopyCache => ({ bySource: new Map(), byHash: new Map() });

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

/** `mediaId` is null only for a dry run's would-be copy. */
type Outcome = { url: string | null; outcome: "copied" | "reused"; mediaId: string | null };
type Run = { ownerId: string; importId: string; claimToken: string; dryRun: boolean; cache: CopyCache };

const urlOf = (media: { id: string; storedName: string }) => mediaUrl(media.id, media.storedName);

// Records are written only while the run holds the import's claim (claim-import.ts): a run whose
// lease lapsed, and which wakes up after another took the import over, must not change what the
// new run counts, nor leave records behind a finished one.
const holdsClaim = (run: Run) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "ImportJob" j WHERE j.id = ${run.importId} AND j."claimToken" = ${run.claimToken} AND j.status = 'running')`;

/** A copy or a reuse; a dry run's names no medium (a later import must not find one by its URL). */
async function record(run: Run, sourceKey: string, mediaId: string | null, copied: boolean): Promise<void> {
  await db().$executeRaw`
    INSERT INTO "ImportedMedia" ("importId", "sourceKey", "mediaId", copied, failed)
    SELECT ${run.importId}, ${sourceKey}, ${run.dryRun ? null : mediaId}::text, ${copied}::boolean, false WHERE ${holdsClaim(run)}
    ON CONFLICT ("importId", "sourceKey") DO UPDATE SET "mediaId" = EXCLUDED."mediaId", copied = EXCLUDED.copied, failed = false`;
}

/** A failure never replaces a copy or a reuse already recorded for the source. */
async function recordFailure(run: Run, sourceKey: string): Promise<void> {
  await db().$executeRaw`
    INSERT INTO "ImportedMedia" ("importId", "sourceKey", "mediaId", copied, failed)
    SELECT ${run.importId}, ${sourceKey}, NULL, false, true WHERE ${holdsClaim(run)}
    ON CONFLICT ("importId", "sourceKey") DO NOTHING`;
}

async function resolveSource(run: Run, source: Source): Promise<Outcome> {
  try {
    return await findOrCopy(run, source);
  } catch (err) {
    await recordFailure(run, source.key);
    throw err;
  }
}

async function findOrCopy(run: Run, source: Source): Promise<Outcome> {
  const { ownerId, importId } = run;
  const recorded = run.dryRun ? null : await db().importedMedia.findUnique({ where: { importId_sourceKey: { importId, sourceKey: source.key } } });
  // A recorded failure is tried again: what failed before a crash or a pause may work now.
  if (recorded?.mediaId && !recorded.failed) {
    const media = await db().media.findFirst({ where: { id: recorded.mediaId, ownerId }, select: { id: true, storedName: true } });
    if (media) return { url: urlOf(media), outcome: recorded.copied ? "copied" : "reused", mediaId: media.id };
  }
  const imported = await findImportedImage(ownerId, source.key);
  if (imported) {
    await record(run, source.key, imported.id, false);
    return { url: urlOf(imported), outcome: "reused", mediaId: imported.id };
  }
  const image = await source.load();
  const hash = sourceHashOf(image.bytes);
  const same = run.cache.byHash.get(hash);
  if (same) {
    const first = await same;
    // Another source of this run with the same bytes: its medium (none yet in a dry run).
    await record(run, source.key, first.mediaId, false);
    return { url: first.url, outcome: "reused", mediaId: first.mediaId };
  }
  const made = (async (): Promise<Outcome> => {
    const existing = await findLibraryImage(ownerId, image.bytes);
    if (existing) {
      await record(run, source.key, existing.id, false);
      return { url: urlOf(existing), outcome: "reused", mediaId: existing.id };
    }
    if (run.dryRun) {
      await checkMediaBytes({ ownerId, bytes: image.bytes, filename: cleanFilename(image.filename), declaredType: image.contentType });
      await record(run, source.key, null, true);
      return { url: null, outcome: "copied", mediaId: null };
    }
    try {
      const media = await createMedia({ ownerId, bytes: image.bytes, filename: image.filename, declaredType: image.contentType, alt: image.alt, reuseSameSource: true });
      await record(run, source.key, media.id, true);
      return { url: media.url, outcome: "copied", mediaId: media.id };
    } catch (err) {
      if (!(err instanceof SameSourceMedia)) throw err;
      // Another import stored the same bytes while these were processed: its medium, as if found above.
      await record(run, source.key, err.media.id, false);
      return { url: urlOf(err.media), outcome: "reused", mediaId: err.media.id };
    }
  })();
  run.cache.byHash.set(hash, made);
  return made;
}

/** A post's fields that hold one image URL each. */
export const IMAGE_FIELDS = ["coverImage", "ogImage", "twitterImage"] as const;
export type ImageFields = Record<(typeof IMAGE_FIELDS)[number], string | null>;

export async function copyImagesIntoLibrary(input: {
  ownerId: string;
  importId: string;
  /** The run's claim on the import: once another run holds it, this one records nothing. */
  claimToken: string;
  /** Check and count, store nothing (its records name no medium). */
  dryRun?: boolean;
  item: ImportPost;
  content: TiptapDocument;
  fields: ImageFields;
  zip: ZipImages | null;
  cache: CopyCache;
}): Promise<{ content: TiptapDocument; fields: ImageFields; warnings: string[]; copiedIds: string[] }> {
  const run: Run = { ownerId: input.ownerId, importId: input.importId, claimToken: input.claimToken, dryRun: input.dryRun ?? false, cache: input.cache };
  const srcs = imageSources(input.content, new Set());
  for (const field of IMAGE_FIELDS) if (input.fields[field]) srcs.add(input.fields[field]);
  const copies = new Map<string, string>();
  const warnings: string[] = [];
  // The media this item's sources were copied into, for a rolled-back batch to discard. (What
  // became of each source, the report's `images`, is counted from the records: run-import.ts.)
  const copiedIds: string[] = [];
  for (const src of srcs) {
    const source = sourceOf(src, input.item, input.zip);
    if (!source) continue;
    let resolved = input.cache.bySource.get(source.key);
    const first = !resolved;
    if (!resolved) {
      resolved = resolveSource(run, source);
      input.cache.bySource.set(source.key, resolved);
    }
    try {
      const { url, outcome, mediaId } = await resolved;
      if (first && outcome === "copied" && mediaId) copiedIds.push(mediaId);
      if (url) copies.set(src, url);
    } catch (err) {
      const reason = err instanceof ApiError ? String(err.body.error) : err instanceof Error ? err.message : String(err);
      warnings.push(`Image ${src} was not copied (${reason}); the post keeps its URL`);
    }
  }
  if (!copies.size) return { content: input.content, fields: input.fields, warnings, copiedIds };
  const fields = { ...input.fields };
  for (const field of IMAGE_FIELDS) fields[field] = fields[field] ? (copies.get(fields[field]) ?? fields[field]) : null;
  return { content: replaceSources(input.content, copies) as TiptapDocument, fields, warnings, copiedIds };
}
