// A post slug from a title, as the editor's "Slug" field proposes it while it follows the title:
// lowercase ASCII letters and digits, everything else one hyphen (accents folded), at most 80.
export const UNTITLED_SLUG_PREFIX = "untitled-";

export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}
