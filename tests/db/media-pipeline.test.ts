// The media pipeline's "nothing lost" rules against the real database and a real local store
// (MEDIA.md "Storage"): a store that fails part way through an upload leaves no row and no files;
// a row that cannot be written (the final quota check) takes its stored files with it; two
// completions of one upload make one medium; and the orphan sweep deletes only what no row names,
// and only once it is older than the grace period.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { ApiError } from "../../lib/http/api-error";
import { createMedia } from "../../lib/media/create-media";
import { QUOTA_BYTES } from "../../lib/media/media-limits";
import type { MediaStorage } from "../../lib/media/storage";
import { StorageError } from "../../lib/media/storage-error";
import { localStorage } from "../../lib/media/storage-local";
import { sweepOrphanMedia } from "../../lib/media/sweep-orphan-media";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

const dataDir = mkdtempSync(path.join(tmpdir(), "inkbase-media-db-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const store = localStorage(dataDir);
mkdirSync(path.join(dataDir, "media"));
const files = () => readdirSync(path.join(dataDir, "media"), { recursive: true }).map(String).filter((name) => name.includes(".")).sort();

/** The real local store, except that every put after the first `okPuts` fails as a full disk would. */
function failingAfter(okPuts: number): MediaStorage {
  let puts = 0;
  return {
    ...store,
    async put(key, bytes, type) {
      if (++puts > okPuts) throw new StorageError("disk full (test)");
      return store.put(key, bytes, type);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("nothing lost", () => {
  it("a store failing mid-upload answers 503 and leaves no row and no files", async () => {
    const user = await createTestUser();
    const before = files();
    const err = await rejection(createMedia({ ownerId: user.id, bytes: await photoJpeg({ width: 1000, height: 700 }), filename: "a.jpg", storage: failingAfter(2) }));
    expect([err.status, err.body]).toEqual([503, { error: "Storage unavailable" }]);
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(0);
    expect(files()).toEqual(before);
  });

  it("a row refused at the last step (the final quota check) takes its stored files with it", async () => {
    const user = await createTestUser();
    const photo = await photoJpeg({ width: 1400, height: 1000 });
    // Room for the upload's own bytes (the early check) but not for its variants too.
    await db().media.create({
      data: { id: "med_quotaFiller0001", ownerId: user.id, filename: "f", storedName: "f.jpg", mimeType: "image/jpeg", size: 1, width: 1, height: 1, placeholder: "", variants: [], etag: '"f"', storedBytes: BigInt(QUOTA_BYTES.free - photo.length - 10) },
    });
    const before = files();
    const err = await rejection(createMedia({ ownerId: user.id, bytes: photo, filename: "b.jpg", storage: store }));
    expect(err.status).toBe(413);
    expect(err.body.error).toBe("Storage quota exceeded");
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
    expect(files()).toEqual(before);
  });

  it("the same upload completed twice at once makes one medium", async () => {
    const user = await createTestUser();
    const photo = await photoJpeg({ width: 300, height: 200 });
    await db().mediaUpload.create({ data: { id: "upl_twiceAtOnce0001", ownerId: user.id, filename: "t.jpg", size: photo.length, mimeType: "image/jpeg", expiresAt: new Date(Date.now() + 60_000) } });
    const results = await Promise.allSettled(
      [1, 2].map(() => createMedia({ ownerId: user.id, bytes: photo, filename: "t.jpg", storage: store, consumesUpload: "upl_twiceAtOnce0001" })),
    );
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
    const [row] = await db().media.findMany({ where: { ownerId: user.id } });
    expect(files().filter((name) => name.startsWith("med_") && !name.startsWith(row.id) && name.includes("/t"))).toEqual([]);
  });
});

describe("the orphan sweep", () => {
  it("deletes files no row names once they are older than the grace period, and expired uploads", async () => {
    const user = await createTestUser();
    const kept = await createMedia({ ownerId: user.id, bytes: await photoJpeg({ width: 700, height: 500 }), filename: "kept.jpg", storage: store });
    await store.put("med_orphanFiles00001/old.jpg", new Uint8Array([1]), "image/jpeg");
    await store.put("med_orphanFiles00002/fresh.jpg", new Uint8Array([1]), "image/jpeg");
    await store.put(`${kept.id}/leftover.webp`, new Uint8Array([1]), "image/webp");
    await store.put("uploads/upl_abandoned000001", new Uint8Array([1]), "image/jpeg");
    await db().mediaUpload.create({ data: { id: "upl_abandoned000001", ownerId: user.id, filename: "x.jpg", size: 1, mimeType: "image/jpeg", expiresAt: new Date(Date.now() - 3 * 3600_000) } });
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const key of ["med_orphanFiles00001/old.jpg", `${kept.id}/leftover.webp`, `${kept.id}/kept.jpg`, "uploads/upl_abandoned000001"]) {
      utimesSync(path.join(dataDir, "media", key), hoursAgo, hoursAgo);
    }

    const result = await sweepOrphanMedia({ storage: store });
    expect(result.expiredUploads).toBeGreaterThanOrEqual(1);
    const left = files();
    expect(left).toContain(`${kept.id}/kept.jpg`);
    expect(left).toContain(`${kept.id}/kept-640.webp`);
    expect(left).toContain("med_orphanFiles00002/fresh.jpg");
    for (const gone of ["med_orphanFiles00001/old.jpg", `${kept.id}/leftover.webp`, "uploads/upl_abandoned000001"]) expect(left).not.toContain(gone);
  });
});
