// Importing the same export again reuses the images the library already holds instead of copying
// them a second time (docs/portability.md "Images"): by the URL an earlier import recorded, by the
// bytes' hash (`Media.sourceHash`), or — for media older than that column — by the hash of the
// original they serve, which is what our own export carries. A dry run goes through the same
// checks, reports the same `images` counts and stores nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TiptapDocument } from "../../lib/content/tiptap-document";
import { db } from "../../lib/db";
import { createMedia } from "../../lib/media/create-media";
import { parseMediaUrl } from "../../lib/media/media-urls";
import { writeExport } from "../../lib/portability/write-export";
import { createPost } from "../../lib/posts/create-post";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { importNow, streamToBuffer, zipOf } from "../support/portability";
import { photoJpeg, TEXT_AS_JPG } from "../support/test-images";

connectTestDatabase();

const imageSrcs = (content: unknown): string[] => [...JSON.stringify(content).matchAll(/"src":"([^"]+)"/g)].map((m) => m[1]);
const mediaIdsOf = (post: { content: unknown; coverImage: string | null }) => [...imageSrcs(post.content), post.coverImage ?? ""].map((src) => parseMediaUrl(src)?.id ?? src);

let jpeg: Buffer;
let other: Buffer;
let server: Server;
let base = "";
const fetched: string[] = [];
beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
  jpeg = await photoJpeg({ width: 320, height: 200 });
  other = await photoJpeg({ width: 200, height: 320 });
  server = createServer((req, res) => {
    fetched.push(req.url ?? "");
    const body = req.url?.startsWith("/moss") || req.url?.startsWith("/copy-of-moss") ? jpeg : req.url?.startsWith("/fern") ? other : req.url?.startsWith("/text") ? TEXT_AS_JPG : null;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "image/jpeg" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("importing the same images again", () => {
  it("a re-imported URL points at the medium the first import made: one medium, not fetched again", async () => {
    const user = await createTestUser();
    const md = `---\ntitle: Garden\ncover: ${base}/moss.jpg?u=${user.id}\n---\n\n![Moss](${base}/moss.jpg?u=${user.id})\n`;
    const first = await importNow(user.id, "markdown", Buffer.from(md), { filename: "garden.md" });
    expect(first).toMatchObject({ status: "succeeded", created: 1, images: { copied: 1, reused: 0, failed: 0 }, warnings: [] });
    const fetchedBefore = fetched.filter((url) => url.includes(user.id)).length;

    const second = await importNow(user.id, "markdown", Buffer.from(md), { filename: "garden.md" });
    expect(second).toMatchObject({ status: "succeeded", updated: 1, images: { copied: 0, reused: 1, failed: 0 }, warnings: [] });
    expect(fetched.filter((url) => url.includes(user.id)).length).toBe(fetchedBefore);
    const media = await db().media.findMany({ where: { ownerId: user.id } });
    expect(media).toHaveLength(1);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(mediaIdsOf(post)).toEqual([media[0].id, media[0].id]);
  });

  it("a Markdown zip imported twice: its images are found by their bytes, one medium each", async () => {
    const user = await createTestUser();
    const files = { "posts/garden.md": "---\ntitle: Garden\ncover: images/moss.jpg\n---\n\n![Moss](images/moss.jpg)\n\n![Fern](images/fern.jpg)\n", "posts/images/moss.jpg": jpeg, "posts/images/fern.jpg": other };
    const first = await importNow(user.id, "markdown", await zipOf(files), { filename: "garden.zip" });
    expect(first).toMatchObject({ status: "succeeded", images: { copied: 2, reused: 0, failed: 0 } });
    // Another zip, the same pictures under other names.
    const renamed = { "notes/garden-again.md": files["posts/garden.md"].replace(/images\//g, "pics/").replace("title: Garden", "title: Garden again\nslug: garden-again"), "notes/pics/moss.jpg": jpeg, "notes/pics/fern.jpg": other };
    const second = await importNow(user.id, "markdown", await zipOf(renamed), { filename: "garden-again.zip" });
    expect(second).toMatchObject({ status: "succeeded", created: 1, images: { copied: 0, reused: 2, failed: 0 } });

    const media = await db().media.findMany({ where: { ownerId: user.id }, orderBy: { createdAt: "asc" } });
    expect(media).toHaveLength(2);
    const posts = await db().post.findMany({ where: { ownerId: user.id } });
    expect(posts).toHaveLength(2);
    const ids = new Set(media.map((m) => m.id));
    for (const post of posts) for (const id of mediaIdsOf(post)) expect(ids.has(id)).toBe(true);
  });

  it("an image already uploaded, or the same bytes at two URLs of one import, is one medium", async () => {
    const user = await createTestUser();
    const uploaded = await createMedia({ ownerId: user.id, bytes: other, filename: "fern.jpg" });
    const md = `---\ntitle: Twice\n---\n\n![A](${base}/moss.jpg?v=${user.id})\n\n![B](${base}/copy-of-moss.jpg?v=${user.id})\n\n![C](${base}/fern.jpg?v=${user.id})\n`;
    const report = await importNow(user.id, "markdown", Buffer.from(md), { filename: "twice.md" });
    expect(report).toMatchObject({ status: "succeeded", images: { copied: 1, reused: 2, failed: 0 }, warnings: [] });
    const media = await db().media.findMany({ where: { ownerId: user.id } });
    expect(media).toHaveLength(2);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    const [a, b, c] = mediaIdsOf(post);
    expect(a).toBe(b);
    expect(c).toBe(uploaded.id);
  });

  it("our own export imported back into its account reuses its media, even those stored before sourceHash", async () => {
    const author = await createTestUser({ plan: "pro" });
    const medium = await createMedia({ ownerId: author.id, bytes: jpeg, filename: "moss.jpg", alt: "Moss" });
    // A medium from before the column: only the hash of what it serves can find it.
    await db().media.update({ where: { id: medium.id }, data: { sourceHash: null } });
    await createPost({ owner: author, input: { title: "With a picture", slug: "with-a-picture", status: "published", content: { type: "doc", content: [{ type: "image", attrs: { src: medium.url, alt: "Moss" } }] } as TiptapDocument, coverImage: medium.url } });
    const zip = await streamToBuffer(writeExport({ id: author.id, username: author.username }, "json"));
    await db().post.deleteMany({ where: { ownerId: author.id } });

    const report = await importNow(author.id, "inkbase", zip, { filename: "export.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 1, images: { copied: 0, reused: 1, failed: 0 } });
    expect(await db().media.count({ where: { ownerId: author.id } })).toBe(1);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: author.id } });
    expect(mediaIdsOf(post)).toEqual([medium.id, medium.id]);
  });
});

describe("a batch that rolls back", () => {
  it("takes the images it copied with it; one an earlier batch's post uses stays", async () => {
    const user = await createTestUser();
    // Batches of 20, 20, 5; p25 (second batch) has a title the database cannot store (NUL).
    const files: Record<string, string | Buffer> = { "images/moss.jpg": jpeg, "images/fern.jpg": other };
    for (let i = 0; i < 45; i++) files[`p${String(i).padStart(2, "0")}.md`] = `---\ntitle: Post ${i}\n---\n\nBody ${i}.\n`;
    files["p05.md"] = `---\ntitle: Early\n---\n\n![Moss](images/moss.jpg)\n`;
    files["p25.md"] = `---\ntitle: "Bad \\0 title"\n---\n\n![Fern](images/fern.jpg)\n\n![Moss](images/moss.jpg)\n`;
    const report = await importNow(user.id, "markdown", await zipOf(files), { filename: "many.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 25, skipped: 20, images: { copied: 1, reused: 0, failed: 0 } });
    const media = await db().media.findMany({ where: { ownerId: user.id } });
    expect(media).toHaveLength(1);
    const early = await db().post.findFirstOrThrow({ where: { ownerId: user.id, title: "Early" } });
    expect(mediaIdsOf({ content: early.content, coverImage: null })[0]).toBe(media[0].id);
    expect(await db().importedMedia.count({ where: { import: { ownerId: user.id } } })).toBe(1);
  });
});

describe("a dry run's images", () => {
  it("are checked and counted as a real run would, and nothing is stored or recorded", async () => {
    const user = await createTestUser();
    await createMedia({ ownerId: user.id, bytes: other, filename: "fern.jpg" });
    const md = `---\ntitle: Plan\ncover: ${base}/moss.jpg?d=${user.id}\n---\n\n![A](${base}/moss.jpg?d=${user.id})\n\n![B](${base}/fern.jpg?d=${user.id})\n\n![C](${base}/gone.jpg)\n\n![D](${base}/text.jpg)\n`;

    const dry = await importNow(user.id, "markdown", Buffer.from(md), { filename: "plan.md", dryRun: true });
    expect(dry).toMatchObject({ status: "succeeded", dryRun: true, created: 1, images: { copied: 1, reused: 1, failed: 2 } });
    expect(dry.warnings).toEqual([
      { item: "plan.md", message: `Image ${base}/gone.jpg was not copied (answered 404); the post keeps its URL` },
      { item: "plan.md", message: `Image ${base}/text.jpg was not copied (Unsupported media type); the post keeps its URL` },
    ]);
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
    expect(await db().importedMedia.count({ where: { import: { ownerId: user.id } } })).toBe(0);
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(0);

    // The real run does what the dry run said.
    const real = await importNow(user.id, "markdown", Buffer.from(md), { filename: "plan.md" });
    expect(real).toMatchObject({ status: "succeeded", dryRun: false, created: 1, images: dry.images, warnings: dry.warnings });
    expect(await db().media.count({ where: { ownerId: user.id } })).toBe(2);
  });
});
