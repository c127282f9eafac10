// The portability endpoints over HTTP (PORTABILITY.md): POST /api/imports (202, the multipart
// body and its errors, scopes), GET /api/imports/:id (the exact report shape, another account's
// import is 404), images fetched from a loopback server into the media library (the test server
// allows private targets, like the webhook tests), and GET /api/export (a streamed zip, scopes).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "../../lib/auth/scopes";
import { db } from "../../lib/db";
import { readZip } from "../../lib/portability/read-zip";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor } from "../support/fixtures";
import { fixture } from "../support/portability";
import { baseUrl } from "../support/posts-api";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

const ALL: Scope[] = ["posts:read", "posts:write", "collections:read", "collections:write", "media:read", "media:write"];

async function account(scopes: Scope[] = ALL) {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, scopes);
  return { user, auth: { Authorization: `Bearer ${key}` } };
}

function importForm(file: Uint8Array | string, filename: string, source: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("file", new File([typeof file === "string" ? file : (file as Uint8Array<ArrayBuffer>)], filename));
  form.set("source", source);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

async function waitForReport(auth: Record<string, string>, id: string) {
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${baseUrl()}/api/imports/${id}`, { headers: auth });
    expect(res.status).toBe(200);
    const report = await res.json();
    if (report.status !== "running") return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the import did not finish");
}

let images: Server;
let imageBase = "";
beforeAll(async () => {
  const jpeg = await photoJpeg({ width: 320, height: 200 });
  images = createServer((req, res) => {
    if (req.url === "/moss.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end(jpeg);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

describe("POST /api/imports and GET /api/imports/:id", () => {
  it("answers 202 { id, status: running }, then the report in its exact shape", async () => {
    const { user, auth } = await account();
    const res = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm(fixture("ghost-5.json"), "ghost.json", "ghost") });
    expect(res.status).toBe(202);
    const started = await res.json();
    expect(started).toEqual({ id: expect.stringMatching(/^imp_/), status: "running" });
    const report = await waitForReport(auth, started.id);
    expect(Object.keys(report).sort()).toEqual(["created", "dryRun", "id", "images", "progress", "skipped", "source", "status", "updated", "warnings"]);
    expect(report).toMatchObject({ id: started.id, source: "ghost", status: "succeeded", progress: { done: 4, total: 4 }, created: 4, updated: 0, skipped: 0 });
    expect(report.warnings.every((w: { item: string; message: string }) => typeof w.item === "string" && typeof w.message === "string")).toBe(true);
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(4);

    // Another account cannot read it.
    const other = await account();
    expect((await fetch(`${baseUrl()}/api/imports/${started.id}`, { headers: other.auth })).status).toBe(404);
  });

  it("works with the dashboard session, and dryRun=true writes nothing", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user.id);
    const headers = { Cookie: cookie, Origin: baseUrl() };
    const res = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers, body: importForm(fixture("wordpress-6.xml"), "export.xml", "wordpress", { dryRun: "true" }) });
    expect(res.status).toBe(202);
    const report = await waitForReport(headers, (await res.json()).id);
    expect(report).toMatchObject({ status: "succeeded", dryRun: true, created: 3 });
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("a malformed file is a failed import whose error names the line", async () => {
    const { auth } = await account();
    const res = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm(fixture("wordpress-malformed.xml"), "bad.xml", "wordpress") });
    const report = await waitForReport(auth, (await res.json()).id);
    expect(report).toMatchObject({ status: "failed", error: expect.stringMatching(/^bad\.xml: invalid XML at line 7/), created: 0 });
  });

  it("refuses bodies it cannot read, and keys without posts:write", async () => {
    const { auth } = await account();
    const noFile = new FormData();
    noFile.set("source", "ghost");
    const missing = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: noFile });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Invalid input", issues: [{ path: ["file"] }] });
    const badSource = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm("x", "x.json", "blogger") });
    expect(badSource.status).toBe(400);
    expect(await badSource.json()).toMatchObject({ issues: [{ path: ["source"] }] });
    // JSON names a file sent straight to storage (tests/api/import-uploads.test.ts); anything else is 415.
    const json = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: "Invalid input", issues: [{ path: ["uploadId"] }, { path: ["source"] }] });
    const text = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: { ...auth, "Content-Type": "text/plain" }, body: "x" });
    expect(text.status).toBe(415);
    const reader = await account(["posts:read"]);
    expect((await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: reader.auth, body: importForm("x", "x.md", "markdown") })).status).toBe(403);
    expect((await fetch(`${baseUrl()}/api/imports/imp_nothing`, { headers: auth })).status).toBe(404);
  });

  it("copies images into the media library (the post points at the copy); one that fails stays with a warning", async () => {
    const { user, auth } = await account();
    const md = `---\ntitle: Pictures\ncover: ${imageBase}/moss.jpg\n---\n\n![A moss](${imageBase}/moss.jpg)\n\n![Gone](${imageBase}/missing.jpg)\n`;
    const res = await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm(md, "pictures.md", "markdown") });
    const report = await waitForReport(auth, (await res.json()).id);
    expect(report).toMatchObject({ status: "succeeded", created: 1 });
    expect(report.warnings).toEqual([{ item: "pictures.md", message: `Image ${imageBase}/missing.jpg was not copied (answered 404); the post keeps its URL` }]);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    const media = await db().media.findMany({ where: { ownerId: user.id } });
    expect(media).toHaveLength(1);
    const images = JSON.stringify(post.content).match(/"src":"([^"]+)"/g)!;
    expect(images).toHaveLength(2);
    expect(post.coverImage).toMatch(new RegExp(`/media/${media[0].id}/`));
    expect(JSON.stringify(post.content)).toContain(media[0].id);
    expect(JSON.stringify(post.content)).toContain(`${imageBase}/missing.jpg`);
    expect(report.images).toEqual({ copied: 1, reused: 0, failed: 1 });

    // The same file again: a dry run says the image is already in the library and writes nothing;
    // the real run then points the post at the same medium.
    const dry = await waitForReport(auth, (await (await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm(md, "pictures.md", "markdown", { dryRun: "true" }) })).json()).id);
    expect(dry).toMatchObject({ status: "succeeded", dryRun: true, updated: 1, images: { copied: 0, reused: 1, failed: 1 } });
    const again = await waitForReport(auth, (await (await fetch(`${baseUrl()}/api/imports`, { method: "POST", headers: auth, body: importForm(md, "pictures.md", "markdown") })).json()).id);
    expect(again).toMatchObject({ status: "succeeded", dryRun: false, images: { copied: 0, reused: 1, failed: 1 } });
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
    const after = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(after.coverImage).toBe(post.coverImage);
  });
});

describe("GET /api/export", () => {
  it("streams a zip with posts.json, and needs posts:read and collections:read", async () => {
    const { auth } = await account();
    await fetch(`${baseUrl()}/api/posts`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ title: "Exported", slug: "exported", status: "published" }) });
    const res = await fetch(`${baseUrl()}/api/export?format=json`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="inkbase-u-[a-f0-9]+-json-\d{4}-\d\d-\d\d\.zip"$/);
    const files = await readZip(new Uint8Array(await res.arrayBuffer()), "export.zip");
    const posts = JSON.parse(files.find((f) => f.path === "posts.json")!.bytes.toString("utf8"));
    expect(posts).toMatchObject({ source: "inkbase", version: 1, posts: [{ slug: "exported", title: "Exported", status: "published", revisions: [{ revision: 1, reason: "publish" }] }] });

    const markdown = await fetch(`${baseUrl()}/api/export?format=markdown`, { headers: auth });
    const mdFiles = await readZip(new Uint8Array(await markdown.arrayBuffer()), "export.zip");
    expect(mdFiles.map((f) => f.path).sort()).toEqual(["exported.md", "media/media.json"]);

    const postsOnly = await account(["posts:read"]);
    expect((await fetch(`${baseUrl()}/api/export`, { headers: postsOnly.auth })).status).toBe(403);
  });
});
