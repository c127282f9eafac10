// DECISIONS §5: a tag's slug is its name lowercased, spaces and punctuation to `-` (runs collapse
// to one, none at either end). Letters of any script stay.
export function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
