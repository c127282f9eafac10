// The size of the media images behind some URLs (covers, OG images), for srcset and boxes where
// only a URL is stored. One primary-key query for all of them; URLs that are not our media, or
// whose medium is gone, are simply absent from the answer.
import { sql } from "../db-sql";
import { parseMediaUrl } from "./media-urls";
import { storedVariants } from "./to-media";

export type MediaSize = { width: number; height: number };

export async function findMediaSizes(urls: (string | null | undefined)[]): Promise<Map<string, MediaSize>> {
  const wanted = new Map<string, { id: string; name: string }>();
  for (const url of urls) {
    const media = url ? parseMediaUrl(url) : null;
    if (url && media) wanted.set(url, media);
  }
  const found = new Map<string, MediaSize>();
  if (wanted.size === 0) return found;
  const ids = [...new Set([...wanted.values()].map((media) => media.id))];
  const rows = await sql().$queryRaw<{ id: string; storedName: string; width: number; height: number; variants: unknown }[]>`
    SELECT id, "storedName", width, height, variants FROM "Media" WHERE id = ANY(${ids}::text[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [url, media] of wanted) {
    const row = byId.get(media.id);
    if (!row) continue;
    if (media.name === row.storedName) found.set(url, { width: row.width, height: row.height });
    const variant = storedVariants(row).find((candidate) => candidate.name === media.name);
    if (variant) found.set(url, { width: variant.width, height: variant.height });
  }
  return found;
}
