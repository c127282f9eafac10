// The medium an import of this owner made from (or matched to) an image URL, when it is still in
// the library: a re-import of a Ghost or WordPress export points at it without fetching the URL
// again. Only http(s) sources: a zip's paths (`zip:…`) name different files in different zips.
// Media that predate `sourceHash` and came from such a URL are found this way too.
import { db } from "../db";
import type { LibraryImage } from "./find-library-image";

export async function findImportedImage(ownerId: string, sourceKey: string): Promise<LibraryImage | null> {
  if (!ownerId) throw new Error("findImportedImage needs an owner");
  if (!/^https?:\/\//i.test(sourceKey)) return null;
  const records = await db().importedMedia.findMany({
    // A record without a medium is a failure: nothing to point at.
    where: { sourceKey, import: { ownerId }, mediaId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { mediaId: true },
    take: 20,
  });
  if (!records.length) return null;
  const media = await db().media.findMany({ where: { ownerId, id: { in: records.map((r) => r.mediaId!) } }, select: { id: true, storedName: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1 });
  return media[0] ? { id: media[0].id, storedName: media[0].storedName } : null;
}
