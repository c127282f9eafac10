// Pipeline step 5, the last: one Media row and its media.created event in one transaction, under
// the owner's lock with the final quota check (the variants' bytes are known only now). Runs only
// after every file is stored; if it fails the caller deletes those files.
// An import asks it to reuse (`reuseSameSource`): the look for a medium with the same sourceHash
// is repeated here, under the owner's lock that every row write takes, so of two imports copying
// the same image at once the second finds the first's row (READ COMMITTED: a statement after the
// lock sees what the holder committed). No other lock is taken: the order stays the owner's media
// lock, then the rows.
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { checkQuota, lockOwnerMedia, readQuota } from "./media-quota";
import { mediaEventData } from "./media-event-data";
import { SameSourceMedia } from "./same-source-media";
import type { ProcessedImage } from "./process-image";
import type { StoredFiles } from "./store-media-files";
import type { MediaRow } from "./to-media";

export async function writeMediaRow(input: {
  id: string;
  ownerId: string;
  filename: string;
  alt: string;
  processed: ProcessedImage;
  stored: StoredFiles;
  /** SHA-256 (hex) of the bytes as they arrived. */
  sourceHash: string;
  consumesUpload?: string;
  /** The member who uploads it (TEAMS.md "own media"). */
  createdById?: string | null;
  /** An import's copy: throw SameSourceMedia rather than write a second medium of the same source bytes. */
  reuseSameSource?: boolean;
}): Promise<MediaRow> {
  const { processed, stored } = input;
  return db().$transaction(async (tx) => {
    await lockOwnerMedia(tx, input.ownerId);
    if (input.reuseSameSource) {
      // The oldest, as find-library-image.ts picks, so every import settles on the same medium.
      const same = await tx.media.findFirst({ where: { ownerId: input.ownerId, sourceHash: input.sourceHash }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      if (same) throw new SameSourceMedia(same);
    }
    if (input.consumesUpload) {
      // Completed twice at once: the second finds its upload gone and makes no second medium.
      const { count } = await tx.mediaUpload.deleteMany({ where: { id: input.consumesUpload, ownerId: input.ownerId } });
      if (count === 0) throw notFound("Upload not found");
    }
    const quota = await readQuota(tx, input.ownerId);
    checkQuota(quota, stored.storedBytes);
    const row = await tx.media.create({
      data: {
        id: input.id,
        ownerId: input.ownerId,
        filename: input.filename,
        storedName: stored.storedName,
        mimeType: processed.original.mimeType,
        size: processed.original.bytes.byteLength,
        width: processed.original.width,
        height: processed.original.height,
        alt: input.alt,
        placeholder: processed.placeholder,
        variants: stored.variants,
        etag: stored.etag,
        sourceHash: input.sourceHash,
        storedBytes: BigInt(stored.storedBytes),
        createdById: input.createdById ?? null,
      },
    });
    await enqueueEvent(tx, {
      ownerId: input.ownerId,
      project: quota.username,
      type: "media.created",
      orderingKey: `media:${row.id}`,
      data: mediaEventData(row),
      at: row.createdAt,
    });
    // An import's copies belong to its import.started row, not one row each.
    if (!input.reuseSameSource) await recordAudit(tx, { action: "media.created", target: { type: "media", id: row.id, name: row.filename } });
    return row;
  });
}
