// The media API's uploads on local storage (MEDIA.md): both upload flows, every error with its
// exact body (SVG, text named .jpg, a name that says another format, truncated, 60 MP, over 4 MiB,
// over the quota, missing scope) and metadata stripping in the bytes served. Serving, the library
// and media in posts: ./media-library.test.ts. Test images are made with sharp on the spot
// (tests/support/test-images.ts).
import { existsSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { QUOTA_BYTES } from "../../lib/media/media-limits";
import { connectTestDatabase, sessionCookieFor, uniqueName } from "../support/fixtures";
import { baseUrl } from "../support/posts-api";
import { bytes, mediaDir, owner, served } from "../support/media-owner";
import { animatedGif, containsAny, hasGps, hugePng, photoJpeg, pngWithText, SECRETS, SVG, TEXT_AS_JPG } from "../support/test-images";

connectTestDatabase();

describe("uploading", () => {
  it("takes a JPEG in one multipart request: re-encoded, upright, stripped of EXIF and GPS, with WebP variants and a placeholder", async () => {
    const me = await owner();
    const input = await photoJpeg({ width: 1400, height: 1000, orientation: 6 });
    expect(await hasGps(input)).toBe(true);
    expect(containsAny(input, SECRETS).length).toBeGreaterThan(0);

    const media = await me.created(await me.upload(input, "Moss on a wall.JPG", { alt: "Moss on a north wall" }));
    expect(media).toMatchObject({ filename: "Moss on a wall.JPG", mimeType: "image/jpeg", width: 1000, height: 1400, alt: "Moss on a north wall", usedBy: [] });
    expect(media.id).toMatch(/^med_/);
    expect(media.url).toMatch(new RegExp(`/media/${media.id}/Moss-on-a-wall\\.jpg$`));
    expect(media.variants.map((v) => [v.width, v.format])).toEqual([[320, "webp"], [640, "webp"], [960, "webp"]]);
    expect(media.variants[0].height).toBe(448);
    expect(media.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(media.placeholder.length).toBeLessThanOrEqual(1024);

    for (const url of [media.url, ...media.variants.map((v) => v.url)]) {
      const res = await served(url);
      expect(res.status, url).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(containsAny(bytes, SECRETS), url).toEqual([]);
      expect(await hasGps(bytes)).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif ?? meta.xmp ?? meta.iptc ?? null, url).toBeNull();
    }
    const original = await sharp(new Uint8Array(await (await served(media.url)).arrayBuffer())).metadata();
    expect([original.width, original.height, original.orientation ?? 1]).toEqual([1000, 1400, 1]);
  });

  it("takes raw bytes with ?filename=, and a PNG's text chunks are not served", async () => {
    const me = await owner();
    const input = await pngWithText({ width: 700, height: 500 });
    expect(containsAny(input, ["PNGTEXT", "tEXt"])).toEqual(["PNGTEXT", "tEXt"]);
    const media = await me.created(await me.uploadRaw(input, "chart.png", "image/png"));
    expect(media).toMatchObject({ mimeType: "image/png", width: 700, height: 500, alt: "" });
    for (const url of [media.url, ...media.variants.map((v) => v.url)]) {
      const bytes = new Uint8Array(await (await served(url)).arrayBuffer());
      expect(containsAny(bytes, ["PNGTEXT", "tEXt", "GPS"]), url).toEqual([]);
    }
  });

  it("keeps an animated GIF animated", async () => {
    const me = await owner();
    const media = await me.created(await me.upload(await animatedGif(), "blink.gif"));
    expect(media).toMatchObject({ mimeType: "image/gif", width: 400, height: 300 });
    const original = await sharp(new Uint8Array(await (await served(media.url)).arrayBuffer())).metadata();
    expect(original.pages).toBe(3);
    const variant = await sharp(new Uint8Array(await (await served(media.variants[0].url)).arrayBuffer())).metadata();
    expect([variant.format, variant.pages]).toEqual(["webp", 3]);
  });

  it("refuses what is not an accepted image with 415 and keeps nothing", async () => {
    const me = await owner();
    const cases: [Uint8Array, string, string?][] = [
      [SVG, "logo.svg", "image/svg+xml"],
      [SVG, "logo.png"],
      [TEXT_AS_JPG, "photo.jpg", "image/jpeg"],
      [await pngWithText(), "really-a-png.jpg"],
      [await photoJpeg({ width: 100, height: 80 }), "photo.jpg", "image/png"],
      [new Uint8Array(0), "empty.jpg"],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await me.upload(bytes, name, { type });
      expect(res.status, name).toBe(415);
      expect(await res.json()).toEqual({ error: "Unsupported media type" });
    }
    expect(await db().media.count({ where: { ownerId: me.user.id } })).toBe(0);
  });

  it("answers 400 for a truncated image and for more than 50 megapixels", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 800, height: 600 });
    const truncated = await me.upload(photo.subarray(0, Math.floor(photo.length / 2)), "cut.jpg");
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toEqual({ error: "Unreadable image" });

    const huge = await me.upload(await hugePng(8000, 7500), "sixty-megapixels.png");
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ error: "Image too large", limit: "50 megapixels" });
    expect(await db().media.count({ where: { ownerId: me.user.id } })).toBe(0);
  });

  it("answers 413 past 4 MiB in one request, pointing at the upload flow", async () => {
    const me = await owner();
    const big = new Uint8Array(4 * 1024 * 1024 + 1);
    const res = await me.uploadRaw(big, "big.jpg", "image/jpeg");
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "File too large", limit: 4 * 1024 * 1024, uploads: "/api/media/uploads" });
  });

  it("answers 413 with used and limit when the account's storage is full", async () => {
    const me = await owner();
    // An account that has already stored almost all of its 100 MiB.
    await db().media.create({
      data: { id: `med_${uniqueName("full").replace(/-/g, "")}`, ownerId: me.user.id, filename: "old.jpg", storedName: "old.jpg", mimeType: "image/jpeg", size: 1, width: 1, height: 1, placeholder: "", variants: [], etag: '"x"', storedBytes: BigInt(QUOTA_BYTES.free - 1000) },
    });
    const res = await me.upload(await photoJpeg({ width: 400, height: 300 }), "one-more.jpg");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Storage quota exceeded", used: QUOTA_BYTES.free - 1000, limit: QUOTA_BYTES.free });
    const start = await me.call("POST", "/api/media/uploads", { filename: "big.jpg", size: 5_000_000, mimeType: "image/jpeg" });
    expect(start.status).toBe(413);
    expect(await start.json()).toMatchObject({ error: "Storage quota exceeded", limit: QUOTA_BYTES.free });
    expect(await db().media.count({ where: { ownerId: me.user.id } })).toBe(1);
  });

  it("needs media:write to upload and media:read to list; sessions are unscoped", async () => {
    const readOnly = await owner(["media:read"]);
    const refused = await readOnly.upload(await photoJpeg({ width: 50, height: 50 }), "a.jpg");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Insufficient scope", required: ["media:write"] });
    const writeOnly = await owner(["media:write"]);
    const list = await writeOnly.call("GET", "/api/media");
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual({ error: "Insufficient scope", required: ["media:read"] });
    expect((await fetch(`${baseUrl()}/api/media`)).status).toBe(401);

    const cookie = await sessionCookieFor(readOnly.user.id);
    const form = new FormData();
    form.set("file", new File([bytes(await photoJpeg({ width: 50, height: 50 }))], "session.jpg"));
    const bySession = await fetch(`${baseUrl()}/api/media`, { method: "POST", headers: { Cookie: cookie }, body: form });
    expect(bySession.status).toBe(201);
  });
});

describe("the two-step upload on local storage", () => {
  it("starts, takes the bytes at the app's one-time URL, and completes into a medium", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 1000, height: 700 });
    const start = await me.call("POST", "/api/media/uploads", { filename: "big.jpg", size: photo.length, mimeType: "image/jpeg" });
    expect(start.status).toBe(201);
    const upload = (await start.json()) as { uploadId: string; uploadUrl: string; method: string; headers: Record<string, string>; expiresAt: string };
    expect(upload).toMatchObject({ method: "PUT", headers: { "Content-Type": "image/jpeg" } });
    expect(upload.uploadUrl).toContain(`/api/media/uploads/${upload.uploadId}?`);

    const early = await me.call("POST", `/api/media/uploads/${upload.uploadId}/complete`, {});
    expect(early.status).toBe(409);

    const tampered = await fetch(upload.uploadUrl.replace(/signature=[^&]+/, "signature=forged"), { method: "PUT", body: bytes(photo) });
    expect(tampered.status).toBe(403);
    const wrongType = await fetch(upload.uploadUrl, { method: "PUT", headers: { "Content-Type": "image/png" }, body: bytes(photo) });
    expect(wrongType.status).toBe(415);
    const tooMuch = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: bytes(Buffer.concat([photo, Buffer.alloc(10)])) });
    expect(tooMuch.status).toBe(413);
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: bytes(photo) });
    expect(put.status).toBe(200);
    const again = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: bytes(photo) });
    expect(again.status).toBe(404);

    const media = await me.created(await me.call("POST", `/api/media/uploads/${upload.uploadId}/complete`, { alt: "Big" }));
    expect(media).toMatchObject({ filename: "big.jpg", width: 1000, height: 700, alt: "Big" });
    const twice = await me.call("POST", `/api/media/uploads/${upload.uploadId}/complete`, {});
    expect(twice.status).toBe(404);
    expect(await db().mediaUpload.count({ where: { ownerId: me.user.id } })).toBe(0);
  });

  it("checks type and size before any byte is sent, and deletes refused bytes with their upload", async () => {
    const me = await owner();
    const svg = await me.call("POST", "/api/media/uploads", { filename: "x.svg", size: 100, mimeType: "image/svg+xml" });
    expect(svg.status).toBe(415);
    const mismatch = await me.call("POST", "/api/media/uploads", { filename: "x.png", size: 100, mimeType: "image/jpeg" });
    expect(mismatch.status).toBe(415);
    const huge = await me.call("POST", "/api/media/uploads", { filename: "x.jpg", size: 21 * 1024 * 1024, mimeType: "image/jpeg" });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "File too large", limit: 20 * 1024 * 1024 });

    const start = await me.call("POST", "/api/media/uploads", { filename: "liar.jpg", size: TEXT_AS_JPG.length, mimeType: "image/jpeg" });
    const upload = (await start.json()) as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
    expect((await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: bytes(TEXT_AS_JPG) })).status).toBe(200);
    const done = await me.call("POST", `/api/media/uploads/${upload.uploadId}/complete`, {});
    expect(done.status).toBe(415);
    expect(await done.json()).toEqual({ error: "Unsupported media type" });
    expect(await db().mediaUpload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(existsSync(mediaDir("uploads", upload.uploadId))).toBe(false);
  });
});
