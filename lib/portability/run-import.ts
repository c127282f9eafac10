// Runs (or resumes) one import: claim it, parse its stored file, then write the items from the
// first one no committed batch holds, BATCH_SIZE at a time. Each batch is one transaction that
// also advances `done`, the counts and the warnings under the job's row lock, so a kill -9 loses
// at most the batch in flight, which the resume writes again: nothing twice, nothing lost. A batch
// that fails rolls back alone and is reported; a dry run rolls every batch back but keeps its
// report (its images are checked and counted, none stored: copy-images.ts; the records that
// count them are dropped when it ends). The end: `succeeded`, the file dropped, and one
// import.completed event with the counts (the images' among them).
// `budgetMs` bounds one run (a Vercel function): the claim is then let go for the next
// GET of the report or cron tick to resume.
import { projectTag, SITEMAP_TAG } from "../cache/cache-tags";
import { purgeNow } from "../cache/purge-now";
import { htmlToDocument } from "../content/html-to-document";
import { markdownToDocument } from "../content/markdown-to-document";
import type { TiptapDocument } from "../content/tiptap-document";
import { db, type Tx } from "../db";
import { logger } from "../log/logger";
import { fillMediaImageSizes } from "../media/fill-media-image-sizes";
import { randomId } from "../random-id";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { claimImport, IMPORT_LEASE_MS, type ClaimedImport } from "./claim-import";
import { copyImagesIntoLibrary, IMAGE_FIELDS, newCopyCache, type CopyCache, type ImageFields } from "./copy-images";
import { discardBatchCopies } from "./discard-batch-copies";
import { MalformedImport, type ImportItem, type ImportSource } from "./import-item";
import { parseImportFile } from "./parse-import-file";
import { restoreCollection } from "./restore-collection";
import { writeImportedPost } from "./write-imported-post";
import { openZipImages, type ZipImages } from "./zip-images";

export const BATCH_SIZE = 20;

type Warning = { item: string; message: string };
/** The images' counts are not here: they are counted from the import's records (advance). */
type Counts = { created: number; updated: number; skipped: number; warnings: Warning[] };
type Prepared = { item: ImportItem; content?: TiptapDocument; warnings: string[]; copiedIds: string[] };

class ClaimLost extends Error {}
class DryRunRollback extends Error {
  constructor(readonly counts: Counts) {
    super("dry run");
  }
}

export type RunOptions = {
  budgetMs?: number;
  /** Called after each batch with the job's progress (the CLI's progress line). */
  onProgress?: (progress: { done: number; total: number }) => void;
};

export async function runImport(id: string, options: RunOptions = {}): Promise<"finished" | "paused" | "not-claimed"> {
  const token = randomId("clm", 16);
  const job = await claimImport(id, token);
  if (!job) return "not-claimed";
  // What it wrote is on the blog (finished, paused or failed after some batches): purged at once,
  // since this runs after the answer already (lib/cache).
  const purge = () => (job.dryRun ? undefined : purgeNow("import", [projectTag(job.ownerId), SITEMAP_TAG]));
  try {
    const outcome = await execute(job, token, options);
    await purge();
    return outcome;
  } catch (err) {
    if (err instanceof ClaimLost) return "not-claimed";
    logger().error({ err, importId: id }, "import failed");
    await settle(job, token, "failed", err instanceof MalformedImport ? err.message : "The import stopped on an internal error; nothing after the last completed batch was written");
    await purge();
    return "finished";
  }
}

async function execute(job: ClaimedImport, token: string, options: RunOptions): Promise<"finished" | "paused"> {
  const startedAt = Date.now();
  const owner = await db().user.findUniqueOrThrow({ where: { id: job.ownerId }, select: { id: true, username: true, plan: true } });
  const items = await parseImportFile(job.source as ImportSource, job.file ?? new Uint8Array(), job.filename);
  if (job.total !== items.length) await guarded(token, job.id, { total: items.length });
  options.onProgress?.({ done: job.done, total: items.length });
  // A dry run checks its images as a real run would, and stores none (copy-images.ts).
  const images: Images = { zip: await openZipImages(job.source as ImportSource, job.file ?? new Uint8Array(), job.filename), cache: newCopyCache(), importId: job.id, claimToken: token, dryRun: job.dryRun };
  try {
    return await writeItems(job, token, owner, items, images, options, startedAt);
  } finally {
    images.zip?.close();
  }
}

type Images = { zip: ZipImages | null; cache: CopyCache; importId: string; claimToken: string; dryRun: boolean };

async function writeItems(
  job: ClaimedImport,
  token: string,
  owner: { id: string; username: string; plan: string },
  items: ImportItem[],
  images: Images,
  options: RunOptions,
  startedAt: number,
): Promise<"finished" | "paused"> {
  let done = job.done;
  while (done < items.length) {
    if (options.budgetMs !== undefined && Date.now() - startedAt > options.budgetMs) {
      // Let go now rather than when the lease lapses, so the next poll or tick resumes at once.
      await guarded(token, job.id, { lockedUntil: new Date(0) });
      return "paused";
    }
    // A collection is a batch of its own: it is large, and failing alone is what a reader expects.
    const batch = items[done].kind === "collection" ? [items[done]] : takePosts(items, done);
    const prepared = await Promise.all(batch.map((item) => prepare(item, owner.id, images)));
    const first = done + 1;
    const last = done + batch.length;
    try {
      await writeBatch(job, token, owner, prepared, batch.length);
    } catch (err) {
      if (err instanceof ClaimLost) throw err;
      if (!(err instanceof DryRunRollback)) {
        const message = err instanceof Error ? err.message.split("\n").slice(-1)[0] : String(err);
        const where = batch.length === 1 ? batch[0].label : `batch of items ${first}–${last}`;
        await discardCopies(job, images, prepared);
        await advance(job, token, batch.length, { created: 0, updated: 0, skipped: batch.length, warnings: [{ item: where, message: `Not imported: the batch was rolled back (${message})` }] });
      }
    }
    done = last;
    options.onProgress?.({ done, total: items.length });
  }
  await settle(job, token, "succeeded", null);
  return "finished";
}

/** A rolled-back batch's image copies go too; the run then forgets what it had resolved, since other sources may have pointed at them. */
async function discardCopies(job: ClaimedImport, images: Images, prepared: Prepared[]): Promise<void> {
  const discarded = await discardBatchCopies({ ownerId: job.ownerId, importId: job.id, mediaIds: prepared.flatMap((p) => p.copiedIds) }).catch((err: unknown) => {
    // Not a reason to stop the import: what is left has no post and no record keeps it in use.
    logger().warn({ err, importId: job.id }, "a rolled-back batch's image copies were left in the library");
    return [];
  });
  if (!discarded.length) return;
  images.cache.bySource.clear();
  images.cache.byHash.clear();
}

function takePosts(items: ImportItem[], from: number): ImportItem[] {
  const batch: ImportItem[] = [];
  for (let i = from; i < items.length && batch.length < BATCH_SIZE && items[i].kind === "post"; i++) batch.push(items[i]);
  return batch;
}

/** The work outside the transaction: conversion to Tiptap, copying images, media sizes. */
async function prepare(item: ImportItem, ownerId: string, images: Images): Promise<Prepared> {
  if (item.kind === "collection") return { item, warnings: [], copiedIds: [] };
  const warnings = [...item.notes];
  let content: TiptapDocument;
  if ("doc" in item.body) content = item.body.doc;
  else {
    const converted = "html" in item.body ? htmlToDocument(item.body.html) : markdownToDocument(item.body.markdown);
    if (converted.dropped.length) warnings.push(`Dropped markup with no equivalent here: ${converted.dropped.join(", ")}`);
    content = converted.doc;
  }
  const given: ImageFields = { coverImage: item.fields.coverImage ?? null, ogImage: item.fields.ogImage ?? null, twitterImage: item.fields.twitterImage ?? null };
  const copied = await copyImagesIntoLibrary({ ownerId, ...images, item, content, fields: given });
  warnings.push(...copied.warnings);
  const moved = IMAGE_FIELDS.filter((field) => copied.fields[field] !== given[field]);
  const fields = moved.length ? { ...item.fields, ...Object.fromEntries(moved.map((field) => [field, copied.fields[field]])) } : item.fields;
  return { item: { ...item, fields }, content: await fillMediaImageSizes(ownerId, copied.content), warnings, copiedIds: copied.copiedIds };
}

async function writeBatch(job: ClaimedImport, token: string, owner: { id: string; username: string; plan: string }, prepared: Prepared[], size: number) {
  const now = new Date();
  await db().$transaction(
    async (tx) => {
      await lockJob(tx, job.id, token);
      const counts: Counts = { created: 0, updated: 0, skipped: 0, warnings: [] };
      for (const { item, content, warnings } of prepared) {
        const result =
          item.kind === "collection"
            ? await restoreCollection(tx, { owner, collection: item.collection, now })
            : await writeImportedPost(tx, { owner, source: job.source as ImportSource, item, content: content!, now });
        counts[result.outcome] += 1;
        for (const message of [...warnings, ...result.warnings]) counts.warnings.push({ item: item.label, message });
      }
      if (job.dryRun) throw new DryRunRollback(counts);
      await advance(job, token, size, counts, tx);
    },
    { timeout: 120_000, maxWait: 30_000 },
  ).catch(async (err: unknown) => {
    // A dry run's report is kept although its writes are not.
    if (err instanceof DryRunRollback) await advance(job, token, size, err.counts);
    throw err;
  });
}

async function lockJob(tx: Tx, id: string, token: string): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "ImportJob" WHERE id = ${id} AND "claimToken" = ${token} AND status = 'running' FOR UPDATE`;
  if (!rows.length) throw new ClaimLost();
}

/**
 * Moves `done` on by `size` and adds the counts, renewing the lease; only for the claim's holder.
 * The image counts are counted from the import's ImportedMedia records (one per source, holding
 * its last outcome: copy-images.ts), not added: a batch run again after a crash or a pause, with
 * a fresh cache, meets sources an earlier batch already counted, and must not count them twice.
 */
async function advance(job: ClaimedImport, token: string, size: number, counts: Counts, tx: Tx = db()): Promise<void> {
  const { id } = job;
  const leaseEnd = new Date(Date.now() + IMPORT_LEASE_MS);
  const changed = await tx.$executeRaw`
    UPDATE "ImportJob" SET done = done + ${size}, created = created + ${counts.created}, updated = updated + ${counts.updated},
      skipped = skipped + ${counts.skipped}, warnings = warnings || ${JSON.stringify(counts.warnings)}::jsonb,
      ("imagesCopied", "imagesReused", "imagesFailed") = (
        SELECT count(*) FILTER (WHERE m.copied AND NOT m.failed)::int, count(*) FILTER (WHERE NOT m.copied AND NOT m.failed)::int,
          count(*) FILTER (WHERE m.failed)::int
        FROM "ImportedMedia" m WHERE m."importId" = ${id}),
      "lockedUntil" = ${leaseEnd}, "updatedAt" = now()
    WHERE id = ${id} AND "claimToken" = ${token} AND status = 'running'`;
  if (changed === 0) throw new ClaimLost();
}

async function guarded(token: string, id: string, data: { total?: number; lockedUntil?: Date }): Promise<void> {
  const { count } = await db().importJob.updateMany({ where: { id, claimToken: token, status: "running" }, data });
  if (count === 0) throw new ClaimLost();
}

async function settle(job: ClaimedImport, token: string, status: "succeeded" | "failed", error: string | null): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockJob(tx, job.id, token);
    const row = await tx.importJob.update({
      where: { id: job.id },
      data: { status, error, file: null, finishedAt: new Date(), lockedUntil: null, claimToken: null },
      include: { owner: { select: { username: true } } },
    });
    // A dry run's records served only its counts, which the row now holds.
    if (job.dryRun) {
      await tx.importedMedia.deleteMany({ where: { importId: job.id } });
      return;
    }
    await enqueueEvent(tx, {
      ownerId: job.ownerId,
      project: row.owner.username,
      type: "import.completed",
      orderingKey: `import:${job.id}`,
      data: {
        id: job.id,
        source: row.source,
        status,
        created: row.created,
        updated: row.updated,
        skipped: row.skipped,
        warnings: Array.isArray(row.warnings) ? row.warnings.length : 0,
        // The report's own numbers (GET /api/imports/:id), as the last batch left them.
        images: { copied: row.imagesCopied, reused: row.imagesReused, failed: row.imagesFailed },
        ...(error ? { error } : {}),
      },
    });
  });
}
