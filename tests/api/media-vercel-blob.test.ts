// The Vercel Blob driver end to end (MEDIA_STORAGE=vercel-blob, VERCEL.md "What Inkbase adds" 4):
// a server pointed through VERCEL_BLOB_API_URL at a local server speaking Blob's HTTP API
// (tests/support/blob-server.ts; the SDK and the test talk HTTP to it, nothing of the SDK is
// replaced). Files land in the store and are served through the app; the two-step upload goes
// browser → Blob with a client token that allows exactly that pathname, size, type and one write,
// and Inkbase's own `complete` makes the medium; a delete and the orphan sweep remove objects.
import { put as clientPut } from "@vercel/blob/client";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { db } from "../../lib/db";
import { sweepOrphanMedia } from "../../lib/media/sweep-orphan-media";
import { vercelBlobStorage } from "../../lib/media/storage-vercel-blob";
import type { MediaResponse } from "../../lib/media/to-media";
import { startBlobServer, type BlobTestServer } from "../support/blob-server";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

let blob: BlobTestServer;
let server: RunningServer;
beforeAll(async () => {
  blob = await startBlobServer();
  server = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), ...blob.env });
});
afterAll(async () => {
  await server?.stop();
  await blob?.stop();
});

async function owner() {
  const user = await createTestUser();
  const key = await createTestKey(user.id, ["media:read", "media:write"]);
  const auth = { Authorization: `Bearer ${key}` };
  const json = (method: string, p: string, body?: unknown) =>
    fetch(`${server.url}${p}`, { method, headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { user, auth, json };
}

type Upload = { uploadId: string; uploadUrl: string; headers: Record<string, string> };
const stored = (prefix: string) => blob.pathnames().filter((name) => name.startsWith(prefix));

describe("MEDIA_STORAGE=vercel-blob against a server speaking Blob's API", () => {
  it("stores an upload's files in the store, serves them through the app, and deletes them with the medium", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 900, height: 600 });
    const res = await fetch(`${server.url}/api/media?filename=blob.jpg`, { method: "POST", headers: { ...me.auth, "Content-Type": "image/jpeg" }, body: photo as Uint8Array<ArrayBuffer> });
    expect(res.status, await res.clone().text()).toBe(201);
    const media = (await res.json()) as MediaResponse;
    expect(stored(media.id)).toEqual([`${media.id}/blob-320.webp`, `${media.id}/blob-640.webp`, `${media.id}/blob.jpg`]);

    const served = await fetch(`${server.url}${new URL(media.url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await served.arrayBuffer()).byteLength).toBe(media.size);

    expect((await me.json("DELETE", `/api/media/${media.id}`)).status).toBe(200);
    expect(stored(media.id)).toEqual([]);
    expect((await fetch(`${server.url}${new URL(media.url).pathname}`)).status).toBe(404);
  });

  it("sends a large image browser → Blob with a client token, and `complete` makes the medium", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 1600, height: 1200 });
    const start = await me.json("POST", "/api/media/uploads", { filename: "direct.jpg", size: photo.length, mimeType: "image/jpeg" });
    expect(start.status).toBe(201);
    const upload = (await start.json()) as Upload;
    expect(upload.uploadUrl).toBe(`${blob.apiUrl}/?pathname=uploads%2F${upload.uploadId}`);
    expect(upload.headers.Authorization).toMatch(/^Bearer vercel_blob_client_/);
    expect(JSON.stringify(upload)).not.toContain(blob.token);

    // The token allows this pathname only, this type only, and no more bytes than declared.
    const token = upload.headers.Authorization.slice("Bearer ".length);
    const elsewhere = await fetch(`${blob.apiUrl}/?pathname=uploads%2Fupl_someoneelse1234`, { method: "PUT", headers: upload.headers, body: photo as Uint8Array<ArrayBuffer> });
    expect(elsewhere.status).toBe(400);
    const asHtml = await fetch(upload.uploadUrl, { method: "PUT", headers: { ...upload.headers, "x-content-type": "text/html" }, body: photo as Uint8Array<ArrayBuffer> });
    expect((await asHtml.json()).error.message).toMatch(/not allowed/);
    const longer = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: Buffer.concat([photo, Buffer.alloc(10)]) as Uint8Array<ArrayBuffer> });
    expect((await longer.json()).error.message).toMatch(/cannot be greater than/);
    expect(stored("uploads/")).not.toContain(`uploads/${upload.uploadId}`);

    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: photo as Uint8Array<ArrayBuffer> });
    expect(put.status, await put.clone().text()).toBe(200);
    // One write: the same token cannot replace what was sent.
    expect((await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: photo as Uint8Array<ArrayBuffer> })).status).toBe(400);
    expect(token).toBeTruthy();

    const done = await me.json("POST", `/api/media/uploads/${upload.uploadId}/complete`, { alt: "Sent to Blob" });
    expect(done.status, await done.clone().text()).toBe(201);
    const media = (await done.json()) as MediaResponse;
    expect(media).toMatchObject({ filename: "direct.jpg", width: 1600, height: 1200, alt: "Sent to Blob" });
    expect(stored(`uploads/${upload.uploadId}`)).toEqual([]);
    expect(stored(media.id).length).toBeGreaterThanOrEqual(4);
  });

  it("issues a client token that @vercel/blob/client's own upload accepts", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 500, height: 400 });
    const upload = (await (await me.json("POST", "/api/media/uploads", { filename: "sdk.jpg", size: photo.length, mimeType: "image/jpeg" })).json()) as Upload;
    const clientToken = upload.headers.Authorization.slice("Bearer ".length);
    const previous = process.env.VERCEL_BLOB_API_URL;
    process.env.VERCEL_BLOB_API_URL = blob.apiUrl;
    try {
      const result = await clientPut(`uploads/${upload.uploadId}`, new Blob([photo as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), { access: "public", token: clientToken, contentType: "image/jpeg" });
      expect(result.pathname).toBe(`uploads/${upload.uploadId}`);
    } finally {
      if (previous === undefined) delete process.env.VERCEL_BLOB_API_URL;
      else process.env.VERCEL_BLOB_API_URL = previous;
    }
    expect((await me.json("POST", `/api/media/uploads/${upload.uploadId}/complete`, {})).status).toBe(201);
  });

  it("`complete` before the bytes arrived is 409 and keeps the upload; refused bytes are deleted with it", async () => {
    const me = await owner();
    const upload = (await (await me.json("POST", "/api/media/uploads", { filename: "x.png", size: 64, mimeType: "image/png" })).json()) as Upload;
    const early = await me.json("POST", `/api/media/uploads/${upload.uploadId}/complete`, {});
    expect(early.status).toBe(409);
    expect(await db().mediaUpload.count({ where: { id: upload.uploadId } })).toBe(1);
    const notAPng = Buffer.alloc(64, 7);
    expect((await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: notAPng as Uint8Array<ArrayBuffer> })).status).toBe(200);
    const refused = await me.json("POST", `/api/media/uploads/${upload.uploadId}/complete`, {});
    expect(refused.status).toBe(415);
    expect(stored(`uploads/${upload.uploadId}`)).toEqual([]);
    expect(await db().mediaUpload.count({ where: { id: upload.uploadId } })).toBe(0);
  });

  it("the orphan sweep lists the store and removes objects no row names", async () => {
    const storage = vercelBlobStorage({ token: blob.token, apiUrl: blob.apiUrl });
    const previous = process.env.VERCEL_BLOB_API_URL;
    process.env.VERCEL_BLOB_API_URL = blob.apiUrl;
    try {
      await storage.put("med_orphanorphan01/lost.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
      const listed: string[] = [];
      for await (const object of storage.list()) listed.push(object.key);
      expect(listed).toContain("med_orphanorphan01/lost.jpg");
      const result = await sweepOrphanMedia({ storage, graceMs: 0, now: new Date(Date.now() + 1000) });
      expect(result.deleted).toBeGreaterThanOrEqual(1);
      expect(stored("med_orphanorphan01/")).toEqual([]);
      expect(await storage.get("med_orphanorphan01/lost.jpg")).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.VERCEL_BLOB_API_URL;
      else process.env.VERCEL_BLOB_API_URL = previous;
    }
  });
});
