// Which medium of the owner's library already holds these bytes, so an import points at it
// instead of copying the image again. Two keys, both hashes of bytes:
// - `sourceHash`, the SHA-256 of what an upload or an import handed in (set since the column
//   exists; older media have none);
// - `etag`, the hash of the original the medium serves: the bytes our own export writes into its
//   zip, so re-importing an export finds its media even when they predate `sourceHash`.
// The oldest match wins, so every re-import settles on the same medium.
import { db } from "../db";
import { sourceHashOf } from "../media/source-hash";
import { bytesEtag } from "../media/store-media-files";

export type LibraryImage = { id: string; storedName: string };

export async function findLibraryImage(ownerId: string, bytes: Uint8Array): Promise<LibraryImage | null> {
  if (!ownerId) throw new Error("findLibraryImage needs an owner");
  return db().media.findFirst({
    where: { ownerId, OR: [{ sourceHash: sourceHashOf(bytes) }, { etag: bytesEtag(bytes) }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, storedName: true },
  });
}
