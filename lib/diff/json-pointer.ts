/** A path as an RFC 6901 JSON pointer: `["seo", "title"]` → `/seo/title` (`~` → `~0`, `/` → `~1`). */
export function toPointer(path: readonly string[]): string {
  return path.map((segment) => `/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
