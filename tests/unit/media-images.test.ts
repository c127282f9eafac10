// Pure parts of media: recognising our media URLs, srcset for a media image (variants are the
// standard widths below the image's own), the renderer's attributes (lazy after the first image,
// nothing added to other hosts' images, nothing an author can inject), safe stems, sniffing
// agreements, and the Markdown form.
import { afterEach, describe, expect, it } from "vitest";
import { renderHtml } from "../../lib/content/render-html";
import { renderMarkdown } from "../../lib/content/render-markdown";
import type { TiptapDocument } from "../../lib/content/tiptap-document";
import { imageTypeOfMime, imageTypeOfName } from "../../lib/media/image-types";
import { parseMediaUrl, safeStem } from "../../lib/media/media-urls";
import { VARIANT_WIDTHS } from "../../lib/media/process-image-widths";
import { CONTENT_SIZES, responsiveImage, variantAtLeast } from "../../lib/media/responsive-image";
import { sniffImageType } from "../../lib/media/sniff-image-type";
import { photoJpeg, SVG, TEXT_AS_JPG } from "../support/test-images";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const BASE = "https://blog.example.com";
function useBase() {
  process.env.PUBLIC_BASE_URL = BASE;
  delete process.env.MEDIA_PUBLIC_URL;
}

describe("media URLs", () => {
  it("recognises the app's own /media and MEDIA_PUBLIC_URL, and nothing else", () => {
    useBase();
    expect(parseMediaUrl(`${BASE}/media/med_abcdefghij12/moss.jpg`)).toEqual({ base: `${BASE}/media`, id: "med_abcdefghij12", name: "moss.jpg" });
    expect(parseMediaUrl("/media/med_abcdefghij12/moss-640.webp")).toMatchObject({ base: "/media", name: "moss-640.webp" });
    expect(parseMediaUrl("https://elsewhere.example/media/med_abcdefghij12/moss.jpg")).toBeNull();
    expect(parseMediaUrl(`${BASE}/media/not-an-id/moss.jpg`)).toBeNull();
    process.env.MEDIA_PUBLIC_URL = "https://cdn.example.net/m";
    expect(parseMediaUrl("https://cdn.example.net/m/med_abcdefghij12/moss.jpg")).toMatchObject({ base: "https://cdn.example.net/m" });
  });

  it("makes safe stems of any name", () => {
    expect(safeStem("Moss on a wall (2).JPG")).toBe("Moss-on-a-wall-2");
    expect(safeStem("Ærø café.png")).toBe("r-cafe");
    expect(safeStem("../../etc/passwd")).toBe("etc-passwd");
    expect(safeStem("....jpg")).toBe("image");
  });
});

describe("responsive images", () => {
  it("lists the variants below the image's width, then the URL itself", () => {
    useBase();
    const src = `${BASE}/media/med_abcdefghij12/moss.jpg`;
    const image = responsiveImage(src, 1000, 750)!;
    expect(image.srcset.split(", ")).toEqual([
      `${BASE}/media/med_abcdefghij12/moss-320.webp 320w`,
      `${BASE}/media/med_abcdefghij12/moss-640.webp 640w`,
      `${BASE}/media/med_abcdefghij12/moss-960.webp 960w`,
      `${src} 1000w`,
    ]);
    expect(responsiveImage("https://elsewhere.example/a.jpg", 1000, 750)).toBeNull();
    expect(responsiveImage(src, undefined, undefined)).toBeNull();
    expect(variantAtLeast(src, 3000)).toBe(`${BASE}/media/med_abcdefghij12/moss-1280.webp`);
    expect(variantAtLeast(src, 1000)).toBe(src);
  });

  it("renders media images with srcset, sizes, a box and lazy loading after the first; others as before; Markdown as ![alt](url)", () => {
    useBase();
    const media = (name: string, width: number, height: number, extra: Record<string, unknown> = {}) => ({ type: "image" as const, attrs: { src: `${BASE}/media/med_abcdefghij12/${name}`, alt: name, width, height, ...extra } });
    const doc = {
      type: "doc",
      content: [media("first.jpg", 2000, 1000, { srcset: "javascript:alert(1) 1w", loading: "eager", onerror: "x" }), { type: "image", attrs: { src: "https://elsewhere.example/x.png", alt: "x" } }, media("second.png", 700, 500)],
    } as TiptapDocument;
    const html = renderHtml(doc);
    const [first, other, second] = html.match(/<img[^>]*>/g)!;
    expect(first).toContain('width="2000" height="1000"');
    expect(first).toContain(`srcset="${BASE}/media/med_abcdefghij12/first-320.webp 320w`);
    expect(first).toContain("first-1920.webp 1920w");
    expect(first).not.toContain("2560");
    expect(first).toContain(`sizes="${CONTENT_SIZES}"`);
    expect(first).toContain('decoding="async"');
    expect(first).not.toContain("loading=");
    expect(first).not.toContain("javascript");
    expect(first).not.toContain("onerror");
    expect(other).toBe('<img src="https://elsewhere.example/x.png" alt="x">');
    expect(second).toContain('loading="lazy"');
    expect(second).toContain("second-640.webp 640w");
    expect(renderMarkdown(doc)).toContain(`![second.png](${BASE}/media/med_abcdefghij12/second.png)`);
  });
});

describe("sniffing", () => {
  it("reads the type from the bytes and requires the name and declared type to agree", async () => {
    const jpeg = await photoJpeg({ width: 40, height: 30 });
    expect(await sniffImageType({ bytes: jpeg, filename: "a.jpg", declaredType: "image/jpeg" })).toBe("image/jpeg");
    expect(await sniffImageType({ bytes: jpeg, filename: "no-extension", declaredType: "application/octet-stream" })).toBe("image/jpeg");
    for (const input of [
      { bytes: jpeg, filename: "a.png" },
      { bytes: jpeg, filename: "a.jpg", declaredType: "image/webp" },
      { bytes: SVG, filename: "a.svg" },
      { bytes: TEXT_AS_JPG, filename: "a.jpg" },
    ]) {
      await expect(sniffImageType(input)).rejects.toMatchObject({ status: 415, body: { error: "Unsupported media type" } });
    }
    expect(imageTypeOfMime("image/jpg")).toBe("image/jpeg");
    expect(imageTypeOfName("x.HEIC")).toBe("image/heic");
    expect(imageTypeOfName("x.txt")).toBeNull();
  });
});

describe("sizes of images in a post", () => {
  // What a browser does with w descriptors: the slot from the first matching `sizes` rule, then the
  // smallest candidate whose density reaches the screen's (else the largest).
  function chosenWidth(viewport: number, dppx: number): number {
    const rules = CONTENT_SIZES.split(", ").map((rule) => {
      const match = /^(?:\(min-resolution: ([\d.]+)dppx\) and \(max-width: (\d+)px\) (\d+)px|\(min-width: 44rem\) 44rem|100vw)$/.exec(rule);
      if (!match) throw new Error(`unexpected rule ${rule}`);
      if (rule === "100vw") return () => viewport;
      if (rule.startsWith("(min-width")) return () => (viewport >= 704 ? 704 : null);
      return () => (dppx >= Number(match[1]) && viewport <= Number(match[2]) ? Number(match[3]) : null);
    });
    let slot = 0;
    for (const rule of rules) {
      const value = rule();
      if (value !== null) {
        slot = value;
        break;
      }
    }
    const widths = [...VARIANT_WIDTHS, 4000];
    return widths.find((w) => w / slot >= dppx) ?? widths.at(-1)!;
  }

  it("never loads more than twice the viewport, and never less than the screen's pixels at 1×", () => {
    for (let viewport = 320; viewport <= 2000; viewport += 10) {
      for (const dppx of [1, 1.5, 2, 3]) {
        const width = chosenWidth(viewport, dppx);
        expect(width, `${viewport} px at ${dppx}×`).toBeLessThanOrEqual(2 * viewport);
        if (dppx === 1) expect(width).toBeGreaterThanOrEqual(Math.min(viewport, 704));
      }
    }
    expect(chosenWidth(390, 2)).toBe(640);
    expect(chosenWidth(1280, 1)).toBe(960);
  });
});

