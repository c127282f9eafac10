// The smoke list's media steps: a 3 MB image in one request (under Vercel's 4.5 MB body limit),
// the same request with 6 MB refused by the front before any function, and a 6 MB image through
// the direct-to-storage flow: POST /api/media/uploads, the PUT straight to the store, complete.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { MAX_REQUEST_BYTES } from "./edge-front";
import { expectStatus, type SmokeClient } from "./smoke-client";
import type { SmokeStep } from "./smoke-context";

/** A JPEG of noise (which does not compress) of at least `bytes`. */
export async function jpegOfAtLeast(bytes: number): Promise<Buffer> {
  let pixels = bytes / 0.8;
  for (;;) {
    const width = Math.ceil(Math.sqrt(pixels * 1.5));
    const height = Math.ceil(pixels / width);
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    if (jpeg.length >= bytes) return jpeg;
    pixels *= (bytes / jpeg.length) * 1.02;
  }
}

function multipartUpload(client: SmokeClient, key: string | undefined, file: Buffer, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(file)], name, { type: "image/jpeg" }));
  form.set("alt", "Noise, for the check");
  return client.request("/api/media", { method: "POST", key, body: form });
}

export const uploadThreeMb: SmokeStep = {
  name: "POST /api/media, 3 MB",
  async run({ client, key }) {
    const file = await jpegOfAtLeast(3_000_000);
    const answer = await multipartUpload(client, key, file, "three.jpg");
    expectStatus(answer, 201, "a 3 MB upload");
    const medium = answer.json as { id: string; url: string; width: number };
    const served = await client.request(new URL(medium.url, client.base).pathname);
    expectStatus(served, 200, `GET ${medium.url}`);
    return `201 ${medium.id} (${file.length} bytes, ${medium.width} px wide) in ${answer.ms.toFixed(0)} ms; its file 200`;
  },
};

export const sixMbRefusedByFront: SmokeStep = {
  name: "POST /api/media, 6 MB: the front's 413",
  async run({ client, key, front }) {
    const total = () => [...front.invocations.values()].reduce((a, b) => a + b, 0);
    const before = total();
    const file = await jpegOfAtLeast(6_000_000);
    const answer = await multipartUpload(client, key, file, "six.jpg");
    expectStatus(answer, 413, "a 6 MB body");
    if (answer.headers.get("x-vercel-error") !== "FUNCTION_PAYLOAD_TOO_LARGE") throw new Error(`413 without FUNCTION_PAYLOAD_TOO_LARGE: ${answer.text}`);
    if (total() !== before) throw new Error("a function was invoked for a body over the limit");
    return `413 FUNCTION_PAYLOAD_TOO_LARGE (${file.length.toLocaleString("en")} bytes, over ${MAX_REQUEST_BYTES.toLocaleString("en")}), no function invoked`;
  },
};

export const directUpload: SmokeStep = {
  name: "a 6 MB image direct to storage",
  async run({ client, key }) {
    const file = await jpegOfAtLeast(6_000_000);
    const json = { "Content-Type": "application/json" };
    const created = await client.request("/api/media/uploads", { method: "POST", key, headers: json, body: JSON.stringify({ filename: "six.jpg", size: file.length, mimeType: "image/jpeg" }) });
    expectStatus(created, 201, "POST /api/media/uploads");
    const upload = created.json as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: new Uint8Array(file) });
    if (!put.ok) throw new Error(`PUT to the store: ${put.status} ${await put.text()}`);
    const completed = await client.request(`/api/media/uploads/${upload.uploadId}/complete`, { method: "POST", key, headers: json, body: "{}" });
    expectStatus(completed, 201, "complete");
    const medium = completed.json as { id: string; size: number };
    return `201, PUT ${put.status} to ${new URL(upload.uploadUrl).host}, complete 201: ${medium.id} (${file.length} bytes) in ${completed.ms.toFixed(0)} ms`;
  },
};
