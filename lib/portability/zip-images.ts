// The images an uploaded zip carries, and which of a post's image references they answer:
// - our own export (`inkbase`): media/media.json lists each medium of the old account with its
//   file (`media/<id>/<name>`); a post's URL naming that medium id — the original or a variant,
//   at whatever host the old instance served it — is that file.
// - a Markdown zip: a relative reference (`images/a.png`, `../shared/b.jpg`) resolved against the
//   Markdown file's folder, when the zip holds that path.
// The importer copies such files into the media library instead of fetching anything
// (copy-images.ts).
import path from "node:path";
import type { ImportPost, ImportSource } from "./import-item";
import { isZip, openZipIndex, type ZipIndex } from "./read-zip";

export type ZipImage = { path: string; filename: string; alt: string | null };

export type ZipImages = {
  find(src: string, item: ImportPost): ZipImage | null;
  read(path: string): Promise<Buffer>;
  close(): void;
};

const MEDIA_ID = /\/(med_[A-Za-z0-9]{8,40})\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

type ListedMedia = { id?: unknown; file?: unknown; filename?: unknown; alt?: unknown };

async function inkbaseMedia(zip: ZipIndex): Promise<Map<string, ZipImage>> {
  const byId = new Map<string, ZipImage>();
  if (!zip.has("media/media.json")) return byId;
  let listed: { media?: ListedMedia[] };
  try {
    listed = JSON.parse((await zip.read("media/media.json")).toString("utf8"));
  } catch {
    return byId; // the media list is a convenience: posts then keep their URLs
  }
  for (const m of listed.media ?? []) {
    if (typeof m.id !== "string" || typeof m.file !== "string" || !zip.has(m.file)) continue;
    byId.set(m.id, { path: m.file, filename: typeof m.filename === "string" ? m.filename : path.posix.basename(m.file), alt: typeof m.alt === "string" && m.alt ? m.alt : null });
  }
  return byId;
}

function relativePath(src: string, item: ImportPost): string | null {
  if (!src || HAS_SCHEME.test(src) || src.startsWith("/") || src.startsWith("#")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(src.split(/[?#]/)[0]);
  } catch {
    return null;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(item.key), decoded));
  return joined.startsWith("../") ? null : joined;
}

/** The zip's images for this source, or null when the upload is not a zip or carries none. */
export async function openZipImages(source: ImportSource, bytes: Uint8Array, filename: string): Promise<ZipImages | null> {
  if ((source !== "inkbase" && source !== "markdown") || !isZip(bytes)) return null;
  const zip = await openZipIndex(bytes, filename);
  const read = (p: string) => zip.read(p);
  const close = () => zip.close();
  if (source === "inkbase") {
    const byId = await inkbaseMedia(zip);
    return { read, close, find: (src) => byId.get(MEDIA_ID.exec(src.split(/[?#]/)[0])?.[1] ?? "") ?? null };
  }
  return {
    read,
    close,
    find: (src, item) => {
      const p = relativePath(src, item);
      return p && zip.has(p) && !/\.(?:md|markdown)$/i.test(p) ? { path: p, filename: path.posix.basename(p), alt: null } : null;
    },
  };
}
