// The cron tick's orphan sweep (MEDIA.md "Storage"): objects that no row names, older than a
// grace period, are deleted. They come from an upload that died between storing its files and
// writing its row, a delete whose file removal failed, a deleted account, or a two-step upload
// never completed (its row expires and goes first). The grace period keeps the files of an
// upload still in progress. Keys that are not ours (`<med_…>/<name>`, `uploads/<upl_…>`) are never
// touched, should the bucket hold anything else.
import { db } from "../db";
import { STORAGE_KEY, type MediaStorage } from "./storage";
import { storedVariants } from "./to-media";

export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export async function sweepOrphanMedia(options: { storage: MediaStorage; now?: Date; graceMs?: number }): Promise<{ deleted: number; expiredUploads: number }> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.graceMs ?? SWEEP_GRACE_MS));
  // An upload not completed within the grace period after it expired is abandoned.
  const { count: expiredUploads } = await db().mediaUpload.deleteMany({ where: { expiresAt: { lt: before } } });

  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const orphans = await orphansAmong(batch);
    if (orphans.length) await options.storage.delete(orphans);
    deleted += orphans.length;
    batch = [];
  };
  for await (const object of options.storage.list()) {
    if (!STORAGE_KEY.test(object.key) || object.lastModified >= before) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { deleted, expiredUploads };
}

/** The keys no Media or MediaUpload row names. */
async function orphansAmong(keys: string[]): Promise<string[]> {
  const mediaIds = [...new Set(keys.filter((key) => !key.startsWith("uploads/")).map((key) => key.split("/")[0]))];
  const uploadIds = keys.filter((key) => key.startsWith("uploads/")).map((key) => key.slice("uploads/".length));
  const [media, uploads] = await Promise.all([
    db().media.findMany({ where: { id: { in: mediaIds } }, select: { id: true, storedName: true, variants: true } }),
    db().mediaUpload.findMany({ where: { id: { in: uploadIds } }, select: { id: true } }),
  ]);
  const named = new Set<string>([
    ...media.flatMap((row) => [`${row.id}/${row.storedName}`, ...storedVariants(row).map((variant) => `${row.id}/${variant.name}`)]),
    ...uploads.map((row) => `uploads/${row.id}`),
  ]);
  return keys.filter((key) => !named.has(key));
}
