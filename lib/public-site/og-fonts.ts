// Fonts for the generated Open Graph images, shipped in the repository (assets/fonts, Inter,
// SIL OFL). next/og would otherwise fetch fonts from Google for glyphs its bundled font lacks,
// and emoji from a CDN: neither is reachable offline. satori reads woff/ttf, not woff2.
import { readFile } from "node:fs/promises";
import path from "node:path";

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]> | undefined;

export function ogFonts() {
  fonts ??= Promise.all(
    [
      ["inter-latin-400-normal.woff", 400],
      ["inter-latin-700-normal.woff", 700],
      ["inter-latin-ext-700-normal.woff", 700],
    ].map(async ([file, weight]) => ({
      name: "Inter",
      data: await readFile(path.join(process.cwd(), "assets", "fonts", file as string)),
      weight: weight as 400 | 700,
      style: "normal" as const,
    })),
  );
  return fonts;
}

/**
 * Keeps the characters the shipped fonts cover (Latin, Latin Extended, common punctuation and
 * symbols); anything else would make next/og go to the network for a font. A title written
 * entirely in another script falls back to the blog's name on the card.
 */
export function coveredText(text: string): string {
  return text
    .replace(/[^\u0020-\u024F\u1E00-\u1EFF\u2000-\u206F\u20A0-\u20CF\u2100-\u214F]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
