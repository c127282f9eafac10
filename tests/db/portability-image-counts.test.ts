// An import's image counts stay exact and its copies single when runs overlap (docs/portability.md
// "Images"): import.completed carries the report's `images`; an import (or a dry run) resumed
// after its server stopped mid-batch counts each source once, in its final outcome, and the run
// that lost its claim records nothing more; and two imports of the same image at the same moment
// make one medium, the second reusing the first's copy.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { createMedia } from "../../lib/media/create-media";
import { parseMediaUrl } from "../../lib/media/media-urls";
import { createImport } from "../../lib/portability/create-import";
import { getImport } from "../../lib/portability/get-import";
import { resumeStalledImports } from "../../lib/portability/resume-stalled-imports";
import { runImport } from "../../lib/portability/run-import";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { importNow, zipOf } from "../support/portability";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

let moss: Buffer;
let fern: Buffer;
let server: Server;
let base = "";
/** Requests by path; a test may take over how a path is answered. */
const seen = new Map<string, number>();
const answers = new Map<string, (req: IncomingMessage, res: ServerResponse, nth: number) => void>();
const send = (res: ServerResponse, body: Buffer | null) => (body ? res.writeHead(200, { "Content-Type": "image/jpeg" }).end(body) : res.writeHead(404).end());

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
  moss = await photoJpeg({ width: 320, height: 200 });
  fern = await photoJpeg({ width: 200, height: 320 });
  server = createServer((req, res) => {
    const path = req.url ?? "";
    const nth = (seen.get(path) ?? 0) + 1;
    seen.set(path, nth);
    const answer = answers.get(path);
    if (answer) answer(req, res, nth);
    else send(res, path.startsWith("/moss") ? moss : path.startsWith("/fern") ? fern : null);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("import.completed", () => {
  it("carries the report's image counts", async () => {
    const user = await createTestUser();
    await createMedia({ ownerId: user.id, bytes: fern, filename: "fern.jpg" });
    const md = `---\ntitle: Counted\n---\n\n![A](${base}/moss.jpg?e=${user.id})\n\n![B](${base}/fern.jpg?e=${user.id})\n\n![C](${base}/gone.jpg?e=${user.id})\n`;
    const report = await importNow(user.id, "markdown", Buffer.from(md), { filename: "counted.md" });
    expect(report.images).toEqual({ copied: 1, reused: 1, failed: 1 });
    const event = await db().outboxEvent.findFirstOrThrow({ where: { ownerId: user.id, type: "import.completed" } });
    expect((event.body as { data: { images: unknown } }).data.images).toEqual(report.images);
  });
});

/**
 * 25 posts, so two batches (20 and 5). `p05` (first batch) and `p21` (second) use `shared`; `p21`
 * also uses `stall`, whose first request is held open: the first run hangs there, mid-batch, like
 * a server that stopped. Its lease is then made to lapse and the cron tick's step resumes it.
 */
async function importInterruptedMidBatch(user: { id: string }, shared: string, stall: string, answerStall: (res: ServerResponse, nth: number) => void, dryRun = false) {
  const files: Record<string, string> = {};
  for (let i = 0; i < 25; i++) files[`p${String(i).padStart(2, "0")}.md`] = `---\ntitle: Post ${i}\n---\n\nBody ${i}.\n`;
  files["p05.md"] = `---\ntitle: Early\n---\n\n![Shared](${base}${shared})\n`;
  files["p21.md"] = `---\ntitle: Late\n---\n\n![Shared](${base}${shared})\n\n![Stall](${base}${stall})\n`;
  const { id } = await createImport({ ownerId: user.id, source: "markdown", dryRun, filename: "many.zip", bytes: await zipOf(files) });

  let stalled!: () => void;
  const firstStallRequest = new Promise<void>((resolve) => (stalled = resolve));
  let releaseHeld!: () => void;
  answers.set(stall, (_req, res, nth) => {
    if (nth > 1) return answerStall(res, nth);
    releaseHeld = () => answerStall(res, nth);
    stalled();
  });

  const first = runImport(id);
  await firstStallRequest;
  expect((await getImport({ ownerId: user.id, id })).report.progress.done).toBe(20);
  await db().importJob.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
  expect(await resumeStalledImports({ ownerId: user.id })).toBe(1);
  const settled = (await getImport({ ownerId: user.id, id })).report;
  const records = await db().importedMedia.findMany({ where: { importId: id }, orderBy: { sourceKey: "asc" } });
  // The first run wakes up to find its claim taken: it writes nothing more, records included.
  releaseHeld();
  expect(await first).toBe("not-claimed");
  expect(await db().importedMedia.findMany({ where: { importId: id }, orderBy: { sourceKey: "asc" } })).toEqual(records);
  expect((await getImport({ ownerId: user.id, id })).report).toEqual(settled);
  return { report: settled, records };
}

describe("an import resumed after its server stopped mid-batch", () => {
  it("counts an image that failed before the interruption, and fails again in the resumed batch, once", async () => {
    const user = await createTestUser();
    const { report, records } = await importInterruptedMidBatch(user, `/gone.jpg?r=${user.id}`, `/moss.jpg?r=${user.id}`, (res) => send(res, moss));
    expect(records.map((r) => ({ failed: r.failed, copied: r.copied }))).toEqual([
      { failed: true, copied: false },
      { failed: false, copied: true },
    ]);
    expect(report).toMatchObject({ status: "succeeded", created: 25, skipped: 0 });
    expect(report.images).toEqual({ copied: 1, reused: 0, failed: 1 });
    expect(report.warnings.filter((w) => w.message.includes("gone.jpg"))).toHaveLength(2); // one per post that uses it
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
  });

  it("counts an image that failed before the interruption and was copied after it as copied, not also failed", async () => {
    const user = await createTestUser();
    const flaky = `/flaky-fern.jpg?r=${user.id}`;
    answers.set(flaky, (_req, res, nth) => send(res, nth === 1 ? null : fern));
    const { report } = await importInterruptedMidBatch(user, flaky, `/moss.jpg?t=${user.id}`, (res) => send(res, moss));
    expect(report).toMatchObject({ status: "succeeded", created: 25 });
    expect(report.images).toEqual({ copied: 2, reused: 0, failed: 0 });
    const late = await db().post.findFirstOrThrow({ where: { ownerId: user.id, title: "Late" } });
    const ids = [...JSON.stringify(late.content).matchAll(/"src":"([^"]+)"/g)].map((m) => parseMediaUrl(m[1])?.id);
    expect(ids.every(Boolean)).toBe(true);
  });
});

describe("a dry run resumed after its server stopped mid-batch", () => {
  it("counts each image once too, stores nothing, and keeps no record once it ends", async () => {
    const user = await createTestUser();
    const { report } = await importInterruptedMidBatch(user, `/gone.jpg?d=${user.id}`, `/moss.jpg?d=${user.id}`, (res) => send(res, moss), true);
    expect(report).toMatchObject({ status: "succeeded", dryRun: true, created: 25 });
    expect(report.images).toEqual({ copied: 1, reused: 0, failed: 1 });
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await db().importedMedia.count({ where: { import: { ownerId: user.id } } })).toBe(0);
  });
});

describe("two imports of the same image at the same moment", () => {
  // Runs on both databases: the race is between statements, not inside one transaction, so the
  // embedded database (one transaction at a time) shows it as well (red there too without the fix).
  it("make one medium: the second reuses the first's copy", { timeout: 60_000 }, async () => {
    const user = await createTestUser();
    const path = `/moss.jpg?c=${user.id}`;
    // Both imports have looked in the library and found nothing before either gets the bytes.
    const held: ServerResponse[] = [];
    answers.set(path, (_req, res) => {
      held.push(res);
      if (held.length === 2) for (const r of held) send(r, moss);
    });
    const md = (slug: string) => Buffer.from(`---\ntitle: ${slug}\nslug: ${slug}\n---\n\n![Moss](${base}${path})\n`);
    const [a, b] = await Promise.all([importNow(user.id, "markdown", md("first"), { filename: "first.md" }), importNow(user.id, "markdown", md("second"), { filename: "second.md" })]);
    expect(seen.get(path)).toBe(2);
    for (const report of [a, b]) expect(report).toMatchObject({ status: "succeeded", created: 1, warnings: [] });
    expect([a.images, b.images]).toEqual(expect.arrayContaining([{ copied: 1, reused: 0, failed: 0 }, { copied: 0, reused: 1, failed: 0 }]));
    const media = await db().media.findMany({ where: { ownerId: user.id } });
    expect(media).toHaveLength(1);
    const posts = await db().post.findMany({ where: { ownerId: user.id } });
    for (const post of posts) expect(parseMediaUrl(JSON.stringify(post.content).match(/"src":"([^"]+)"/)![1])?.id).toBe(media[0].id);
    // One media.created: the second copy never became a row.
    expect(await db().outboxEvent.count({ where: { ownerId: user.id, type: "media.created" } })).toBe(1);
  });
});
