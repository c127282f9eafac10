// Imports sent straight to storage (VERCEL.md "What Inkbase adds" 1, PORTABILITY.md): POST
// /api/imports/uploads → PUT the file to its URL → POST /api/imports { uploadId, source }. A file
// over Vercel's 4.5 MB body limit imports whole on every store: local disk (the app's one-time
// URL), S3 (a presigned URL of a real S3-protocol server, s3rver) and Vercel Blob (Blob's upload
// URL with a client token, on a local server speaking Blob's HTTP API). The upload is consumed
// (a second start is 404), the staged object goes, and the errors are the spec's. The SDK picks
// the flow by size, as media.upload does.
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Inkbase } from "@inkbase/sdk";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { s3Storage } from "../../lib/media/storage-s3";
import { startBlobServer, type BlobTestServer } from "../support/blob-server";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { zipOf } from "../support/portability";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";

connectTestDatabase();

type Store = { name: string; url: () => string; staged: (uploadId: string) => Promise<boolean> };

let s3: S3TestServer;
let s3App: RunningServer;
let blob: BlobTestServer;
let blobApp: RunningServer;
beforeAll(async () => {
  s3 = await startS3Server();
  blob = await startBlobServer();
  const env = testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" });
  [s3App, blobApp] = await Promise.all([startNextServer({ ...env, ...s3.env }), startNextServer({ ...env, ...blob.env })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([s3App?.stop(), blobApp?.stop()]);
  await Promise.all([s3?.stop(), blob?.stop()]);
});

const stores: Store[] = [
  {
    name: "local disk (the app's one-time URL)",
    url: () => inject("baseUrl"),
    staged: async (uploadId) => existsSync(path.join(inject("dataDir"), "media", "uploads", uploadId)),
  },
  {
    name: "S3 (a presigned URL of s3rver)",
    url: () => s3App.url,
    staged: async (uploadId) => {
      const bucket = s3Storage({ endpoint: s3.endpoint, region: "us-east-1", bucket: s3.bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
      for await (const object of bucket.list()) if (object.key === `uploads/${uploadId}`) return true;
      return false;
    },
  },
  {
    name: "Vercel Blob (Blob's upload URL with a client token)",
    url: () => blobApp.url,
    staged: async (uploadId) => blob.pathnames().includes(`uploads/${uploadId}`),
  },
];

/** A Markdown zip of about 6 MB that does not compress (the posts, and random bytes beside them). */
async function bigMarkdownZip(posts: number): Promise<Buffer> {
  const files: Record<string, string | Buffer> = { "attachments/noise.bin": randomBytes(6 * 1024 * 1024) };
  for (let i = 1; i <= posts; i++) files[`post-${i}.md`] = `---\ntitle: Big import ${i}\nslug: big-import-${i}\n---\n\nPost ${i} of a large export.\n`;
  return zipOf(files);
}

async function account(base: string) {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, ["posts:read", "posts:write", "media:read", "media:write"]);
  const auth = { Authorization: `Bearer ${key}` };
  const json = (method: string, p: string, body?: unknown) =>
    fetch(`${base}${p}`, { method, headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { user, key, auth, json };
}

async function waitForReport(base: string, auth: Record<string, string>, id: string) {
  for (let i = 0; i < 600; i++) {
    const report = await (await fetch(`${base}/api/imports/${id}`, { headers: auth })).json();
    if (report.status !== "running") return report;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the import did not finish");
}

type Upload = { uploadId: string; uploadUrl: string; method: "PUT"; headers: Record<string, string>; expiresAt: string };

describe.each(stores)("on $name", (store) => {
  it("imports a 6 MB export sent straight to storage, consumes the upload and removes the staged file", async () => {
    const base = store.url();
    const me = await account(base);
    const zip = await bigMarkdownZip(3);
    expect(zip.length).toBeGreaterThan(4_500_000);

    const start = await me.json("POST", "/api/imports/uploads", { filename: "big.zip", size: zip.length });
    expect(start.status, await start.clone().text()).toBe(201);
    const upload = (await start.json()) as Upload;
    expect(upload).toMatchObject({ uploadId: expect.stringMatching(/^upl_/), method: "PUT", headers: { "Content-Type": "application/octet-stream" } });
    expect(Date.parse(upload.expiresAt)).toBeGreaterThan(Date.now());

    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: zip as Uint8Array<ArrayBuffer> });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await store.staged(upload.uploadId)).toBe(true);

    const started = await me.json("POST", "/api/imports", { uploadId: upload.uploadId, source: "markdown" });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id, status } = await started.json();
    expect(status).toBe("running");
    expect(started.headers.get("location")).toBe(`/api/imports/${id}`);
    const report = await waitForReport(base, me.auth, id);
    expect(report).toMatchObject({ status: "succeeded", source: "markdown", created: 3, progress: { done: 3, total: 3 } });
    const posts = await db().post.findMany({ where: { ownerId: me.user.id }, select: { slug: true }, orderBy: { slug: "asc" } });
    expect(posts.map((p) => p.slug)).toEqual(["big-import-1", "big-import-2", "big-import-3"]);
    expect((await db().importJob.findUniqueOrThrow({ where: { id } })).filename).toBe("big.zip");

    expect(await db().mediaUpload.count({ where: { id: upload.uploadId } })).toBe(0);
    expect(await store.staged(upload.uploadId)).toBe(false);
    const again = await me.json("POST", "/api/imports", { uploadId: upload.uploadId, source: "markdown" });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Upload not found" });
  });

  it("refuses a file over 32 MiB before a byte is sent, a start before the file arrived, and another account's upload", async () => {
    const base = store.url();
    const me = await account(base);
    const tooBig = await me.json("POST", "/api/imports/uploads", { filename: "huge.zip", size: 32 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: "File too large", limit: 32 * 1024 * 1024 });
    expect(await db().mediaUpload.count({ where: { ownerId: me.user.id } })).toBe(0);

    const upload = (await (await me.json("POST", "/api/imports/uploads", { filename: "later.md", size: 20 })).json()) as Upload;
    const early = await me.json("POST", "/api/imports", { uploadId: upload.uploadId, source: "markdown" });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Upload not received", uploadId: upload.uploadId });

    const other = await account(base);
    const notYours = await other.json("POST", "/api/imports", { uploadId: upload.uploadId, source: "markdown" });
    expect(notYours.status).toBe(404);
    expect(await db().importJob.count({ where: { ownerId: { in: [me.user.id, other.user.id] } } })).toBe(0);
  });
});

describe("the two kinds of upload", () => {
  it("keeps an image's upload and an import's apart, and checks the JSON body", async () => {
    const base = inject("baseUrl");
    const me = await account(base);
    const image = (await (await me.json("POST", "/api/media/uploads", { filename: "p.jpg", size: 1000, mimeType: "image/jpeg" })).json()) as Upload;
    const asImport = await me.json("POST", "/api/imports", { uploadId: image.uploadId, source: "markdown" });
    expect(asImport.status).toBe(404);

    const file = (await (await me.json("POST", "/api/imports/uploads", { filename: "a.md", size: 9 })).json()) as Upload;
    // The app's one-time URL takes the declared type only (as a presigned URL signs it).
    const wrongType = await fetch(file.uploadUrl, { method: "PUT", headers: { "Content-Type": "text/html" }, body: "# Hi\n\nyo" });
    expect(wrongType.status).toBe(415);
    expect((await fetch(file.uploadUrl, { method: "PUT", headers: file.headers, body: "# Hi\n\nyo" })).status).toBe(200);
    const asImage = await me.json("POST", `/api/media/uploads/${file.uploadId}/complete`, {});
    expect(asImage.status).toBe(404);

    const invalid = await me.json("POST", "/api/imports", { uploadId: file.uploadId, source: "blogger", dryRun: "yes" });
    expect(invalid.status).toBe(400);
    const body = await invalid.json();
    expect(body.error).toBe("Invalid input");
    expect(body.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(["dryRun", "source"]);
    const text = await fetch(`${base}/api/imports`, { method: "POST", headers: { ...me.auth, "Content-Type": "text/plain" }, body: "x" });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: "Unsupported Media Type", expected: "multipart/form-data or application/json" });

    const dry = await me.json("POST", "/api/imports", { uploadId: file.uploadId, source: "markdown", dryRun: true });
    expect(dry.status).toBe(202);
    const report = await waitForReport(base, me.auth, (await dry.json()).id);
    expect(report).toMatchObject({ status: "succeeded", dryRun: true, created: 1 });
    expect(await db().post.count({ where: { ownerId: me.user.id } })).toBe(0);
  });

  it("needs posts:write", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    const res = await fetch(`${inject("baseUrl")}/api/imports/uploads`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify({ filename: "a.md", size: 10 }) });
    expect(res.status).toBe(403);
  });
});

describe("the SDK's imports.create", () => {
  it("sends a file over 4 MiB straight to storage and a small one in one request", async () => {
    const base = inject("baseUrl");
    const me = await account(base);
    const calls: string[] = [];
    const inkbase = new Inkbase({
      baseUrl: base,
      apiKey: me.key,
      fetch: (url, init) => {
        calls.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
        return fetch(url, init);
      },
    });
    const zip = await bigMarkdownZip(2);
    const progress: number[] = [];
    const big = await inkbase.imports.create(new Blob([zip as Uint8Array<ArrayBuffer>]), { source: "markdown", filename: "sdk.zip", onProgress: (sent) => progress.push(sent) });
    expect(calls).toEqual(["POST /api/imports/uploads", expect.stringMatching(/^PUT \/api\/media\/uploads\/upl_/), "POST /api/imports"]);
    expect(progress.at(-1)).toBe(zip.length);
    expect(await waitForReport(base, me.auth, big.id)).toMatchObject({ status: "succeeded", created: 2 });

    calls.length = 0;
    const small = await inkbase.imports.create(new Blob(["# Small\n"]), { source: "markdown", filename: "small.md" });
    expect(calls).toEqual(["POST /api/imports"]);
    expect(await waitForReport(base, me.auth, small.id)).toMatchObject({ status: "succeeded", created: 1 });
  });
});
