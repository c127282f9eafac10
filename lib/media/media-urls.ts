// Where a medium's files are read from: `<base>/<media id>/<name>`, the base being
// MEDIA_PUBLIC_URL (a CDN, or a bucket's public domain, whose paths are the storage keys) or else
// the app's own `/media` (app/media/[id]/[name]/route.ts). Names are fixed at upload: the
// original's stored name, and `<stem>-<width>.webp` for each variant, so a URL never changes
// what it serves and can be cached for a year.
import { env } from "../env";

export function mediaBaseUrl(): string {
  return env.mediaPublicUrl ?? `${env.publicBaseUrl}/media`;
}

/** The storage key of a medium's file, which is also the path of its URL below the base. */
export const mediaKey = (id: string, name: string) => `${id}/${name}`;

export const mediaUrl = (id: string, name: string) => `${mediaBaseUrl()}/${mediaKey(id, name)}`;

/** `Moss on a wall (2).JPG` → `Moss-on-a-wall-2`: letters, digits, `-`, `_` and `.` only, never empty. */
export function safeStem(filename: string): string {
  const stem = filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 80);
  return stem || "image";
}

export const variantName = (stem: string, width: number) => `${stem}-${width}.webp`;

/** The stem of a stored original's name (`moss.jpg` → `moss`). */
export const stemOf = (storedName: string) => storedName.replace(/\.[a-z0-9]+$/, "");

const MEDIA_PATH = /\/(med_[A-Za-z0-9]{8,40})\/([A-Za-z0-9][A-Za-z0-9._-]{0,150})$/;

/**
 * The medium a URL names, when it is one of ours: under MEDIA_PUBLIC_URL, or the app's own
 * `/media` (at PUBLIC_BASE_URL, or a relative `/media/...`). `base` is what its variants share.
 */
export function parseMediaUrl(url: string): { base: string; id: string; name: string } | null {
  const match = MEDIA_PATH.exec(url.split(/[?#]/)[0]);
  if (!match) return null;
  const base = url.slice(0, match.index);
  const ours = [env.mediaPublicUrl, `${env.publicBaseUrl}/media`, "/media"].filter(Boolean);
  return ours.includes(base) ? { base, id: match[1], name: match[2] } : null;
}
