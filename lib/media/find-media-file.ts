// What GET /media/<id>/<name> serves: looked up on every request (one primary-key read on the
// raw pool), so a deleted medium is 404 at once whatever the store still holds or any cache of
// this app remembers. Null for an unknown id or a name that is not one of the medium's files.
import { sql } from "../db-sql";
import { mediaKey } from "./media-urls";
import { storedVariants } from "./to-media";

export type MediaFile = { key: string; contentType: string; etag: string; size: number };

export async function findMediaFile(id: string, name: string): Promise<MediaFile | null> {
  if (!/^med_[A-Za-z0-9]{8,40}$/.test(id)) return null;
  const [row] = await sql().$queryRaw<{ storedName: string; mimeType: string; etag: string; size: number; variants: unknown }[]>`
    SELECT "storedName", "mimeType", etag, size, variants FROM "Media" WHERE id = ${id}`;
  if (!row) return null;
  if (name === row.storedName) return { key: mediaKey(id, name), contentType: row.mimeType, etag: row.etag, size: row.size };
  const variant = storedVariants(row).find((candidate) => candidate.name === name);
  return variant ? { key: mediaKey(id, name), contentType: "image/webp", etag: variant.etag, size: variant.size } : null;
}
