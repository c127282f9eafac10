// The S3 driver end to end (MEDIA.md "Storage"): a server with MEDIA_STORAGE=s3 against a real
// S3-protocol server this test starts on a loopback port (s3rver; not a mock of the SDK). Files
// land in the bucket and are served from it; the two-step upload goes through a presigned URL
// straight to the store; a delete removes the objects; with the store down an upload is 503
// and nothing is written; an import run twice stores its images once. The same with a browser:
// tests/e2e/media.spec.ts.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { db } from "../../lib/db";
import type { MediaResponse } from "../../lib/media/to-media";
import { s3Storage } from "../../lib/media/storage-s3";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { zipOf } from "../support/portability";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

let s3: S3TestServer;
let server: RunningServer;
beforeAll(async () => {
  s3 = await startS3Server();
  server = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), ...s3.env });
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const bucket = () => s3Storage({ endpoint: s3.endpoint, region: "us-east-1", bucket: s3.bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });

async function keysOf(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket().list()) if (object.key.startsWith(prefix)) keys.push(object.key);
  return keys.sort();
}

async function owner() {
  const user = await createTestUser();
  const key = await createTestKey(user.id, ["media:read", "media:write"]);
  const auth = { Authorization: `Bearer ${key}` };
  const json = (method: string, p: string, body?: unknown) =>
    fetch(`${server.url}${p}`, { method, headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { user, auth, json };
}

describe("MEDIA_STORAGE=s3 against a real S3-protocol server", () => {
  it("stores an upload's files in the bucket, serves them from it, and deletes them with the medium", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 900, height: 600 });
    const res = await fetch(`${server.url}/api/media?filename=s3.jpg`, { method: "POST", headers: { ...me.auth, "Content-Type": "image/jpeg" }, body: photo as Uint8Array<ArrayBuffer> });
    expect(res.status, await res.clone().text()).toBe(201);
    const media = (await res.json()) as MediaResponse;
    expect(await keysOf(media.id)).toEqual([`${media.id}/s3-320.webp`, `${media.id}/s3-640.webp`, `${media.id}/s3.jpg`]);

    const served = await fetch(`${server.url}${new URL(media.url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await served.arrayBuffer()).byteLength).toBe(media.size);

    expect((await me.json("DELETE", `/api/media/${media.id}`)).status).toBe(200);
    expect(await keysOf(media.id)).toEqual([]);
    expect((await fetch(`${server.url}${new URL(media.url).pathname}`)).status).toBe(404);
  });

  it("hands out a presigned URL of the store for the two-step upload", async () => {
    const me = await owner();
    const photo = await photoJpeg({ width: 1200, height: 900 });
    const start = await me.json("POST", "/api/media/uploads", { filename: "direct.jpg", size: photo.length, mimeType: "image/jpeg" });
    expect(start.status).toBe(201);
    const upload = (await start.json()) as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
    expect(upload.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/${upload.uploadId}?`)).toBe(true);
    expect(upload.uploadUrl).toContain("X-Amz-Signature=");

    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: photo as Uint8Array<ArrayBuffer> });
    expect(put.status).toBe(200);
    expect(await keysOf("uploads/")).toContain(`uploads/${upload.uploadId}`);

    const done = await me.json("POST", `/api/media/uploads/${upload.uploadId}/complete`, { alt: "Sent to the store" });
    expect(done.status, await done.clone().text()).toBe(201);
    const media = (await done.json()) as MediaResponse;
    expect(media).toMatchObject({ filename: "direct.jpg", width: 1200, height: 900, alt: "Sent to the store" });
    expect(await keysOf(`uploads/${upload.uploadId}`)).toEqual([]);
    expect((await keysOf(media.id)).length).toBe(4);
  });

  it("an export imported twice stores its images once; a dry run stores nothing", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:write", "media:read"]);
    const auth = { Authorization: `Bearer ${key}` };
    const files = { "posts/garden.md": "---\ntitle: Garden\ncover: images/moss.jpg\n---\n\n![Moss](images/moss.jpg)\n", "posts/images/moss.jpg": await photoJpeg({ width: 400, height: 300 }) };
    const zip = await zipOf(files);
    const run = async (dryRun: boolean) => {
      const form = new FormData();
      form.set("file", new File([zip as Uint8Array<ArrayBuffer>], "garden.zip"));
      form.set("source", "markdown");
      if (dryRun) form.set("dryRun", "true");
      const { id } = await (await fetch(`${server.url}/api/imports`, { method: "POST", headers: auth, body: form })).json();
      for (let i = 0; i < 300; i++) {
        const report = await (await fetch(`${server.url}/api/imports/${id}`, { headers: auth })).json();
        if (report.status !== "running") return report;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("the import did not finish");
    };
    const before = await keysOf("");
    expect(await run(true)).toMatchObject({ status: "succeeded", images: { copied: 1, reused: 0, failed: 0 } });
    expect(await keysOf("")).toEqual(before);
    expect(await run(false)).toMatchObject({ status: "succeeded", images: { copied: 1, reused: 0, failed: 0 } });
    const [medium] = await db().media.findMany({ where: { ownerId: user.id } });
    const stored = await keysOf(medium.id);
    expect(stored.length).toBeGreaterThan(0);
    expect(await run(false)).toMatchObject({ status: "succeeded", images: { copied: 0, reused: 1, failed: 0 } });
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
    expect((await keysOf("")).filter((k) => !before.includes(k))).toEqual(stored);
  });

  it("answers 503 Storage unavailable with the store down, and keeps no row", async () => {
    const me = await owner();
    await s3.stop();
    try {
      const res = await fetch(`${server.url}/api/media?filename=down.jpg`, { method: "POST", headers: me.auth, body: (await photoJpeg({ width: 400, height: 300 })) as Uint8Array<ArrayBuffer> });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: "Storage unavailable" });
      expect(await db().media.count({ where: { ownerId: me.user.id } })).toBe(0);
    } finally {
      s3 = await startS3Server();
    }
  });
});
