// Images that come with an import (PORTABILITY "Import", docs/portability.md "Images"): our own
// export's media/ files go into the importing account's library and its posts (content and cover)
// point at the copies; a Markdown zip's relative images are uploaded from the zip; and a copy is
// made once per source per import, so a batch run again after a crash (a resume) finds its
// copies instead of fetching and storing the images a second time.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TiptapDocument } from "../../lib/content/tiptap-document";
import { db } from "../../lib/db";
import { createMedia } from "../../lib/media/create-media";
import { parseMediaUrl } from "../../lib/media/media-urls";
import { claimImport } from "../../lib/portability/claim-import";
import { copyImagesIntoLibrary, newCopyCache } from "../../lib/portability/copy-images";
import { createImport } from "../../lib/portability/create-import";
import type { ImportPost } from "../../lib/portability/import-item";
import { writeExport } from "../../lib/portability/write-export";
import { createPost } from "../../lib/posts/create-post";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { importNow, streamToBuffer, zipOf } from "../support/portability";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

const imageDoc = (...srcs: string[]): TiptapDocument => ({ type: "doc", content: srcs.map((src) => ({ type: "image", attrs: { src, alt: "moss" } })) }) as TiptapDocument;
const imageSrcs = (content: unknown): string[] => [...JSON.stringify(content).matchAll(/"src":"([^"]+)"/g)].map((m) => m[1]);

let jpeg: Buffer;
let server: Server;
let requests = 0;
let imageUrl = "";
beforeAll(async () => {
  jpeg = await photoJpeg({ width: 320, height: 200 });
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { "Content-Type": "image/jpeg" });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  imageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/moss.jpg`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("images an import brings", () => {
  it("our own export's media files go into the new account's library, and its posts (content, cover, social cards) point at the copies", async () => {
    const author = await createTestUser({ plan: "pro" });
    const medium = await createMedia({ ownerId: author.id, bytes: jpeg, filename: "moss.jpg", alt: "Moss on a wall" });
    const variant = medium.variants[0]?.url ?? medium.url;
    await createPost({ owner: author, input: { title: "With pictures", slug: "with-pictures", status: "published", content: imageDoc(medium.url, variant), coverImage: medium.url, ogImage: variant, twitterImage: medium.url } });
    const zip = await streamToBuffer(writeExport({ id: author.id, username: author.username }, "json"));

    const reader = await createTestUser({ plan: "pro" });
    const report = await importNow(reader.id, "inkbase", zip, { filename: "export.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 1, warnings: [] });
    const copies = await db().media.findMany({ where: { ownerId: reader.id } });
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ alt: "Moss on a wall", width: medium.width, height: medium.height });
    const post = await db().post.findFirstOrThrow({ where: { ownerId: reader.id } });
    // The original and its variant both name the old medium: both now point at the new one.
    const srcs = imageSrcs(post.content);
    expect(srcs).toHaveLength(2);
    for (const src of [...srcs, post.coverImage!, post.ogImage!, post.twitterImage!]) expect(parseMediaUrl(src)?.id).toBe(copies[0].id);
  });

  it("a Markdown zip's relative images are uploaded from the zip (one copy for two uses)", async () => {
    const user = await createTestUser();
    const md = "---\ntitle: Garden\ncover: images/moss.jpg\n---\n\n![Moss](images/moss.jpg)\n\n![Elsewhere](../outside.jpg)\n";
    const zip = await zipOf({ "posts/garden.md": md, "posts/images/moss.jpg": jpeg });
    const report = await importNow(user.id, "markdown", zip, { filename: "garden.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 1, warnings: [] });
    const copies = await db().media.findMany({ where: { ownerId: user.id } });
    expect(copies).toHaveLength(1);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(parseMediaUrl(post.coverImage!)?.id).toBe(copies[0].id);
    const srcs = imageSrcs(post.content);
    expect(parseMediaUrl(srcs[0])?.id).toBe(copies[0].id);
    // A path outside the zip's folders is not the zip's: left as written.
    expect(srcs[1]).toBe("../outside.jpg");
  });

  it("a batch run again (a resume after a crash) finds its copies: no second fetch, no second medium", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
    try {
      const user = await createTestUser();
      const { id: importId } = await createImport({ ownerId: user.id, source: "markdown", dryRun: false, filename: "a.md", bytes: Buffer.from("# A\n") });
      // Records are kept only for the run that holds the import's claim.
      const claimToken = "clm_resumed";
      expect(await claimImport(importId, claimToken)).not.toBeNull();
      const item = { kind: "post", key: "a.md", label: "a.md" } as ImportPost;
      const before = requests;
      const fields = { coverImage: imageUrl, ogImage: imageUrl, twitterImage: null };
      const run = () => copyImagesIntoLibrary({ ownerId: user.id, importId, claimToken, item, content: imageDoc(imageUrl), fields, zip: null, cache: newCopyCache() });
      const first = await run();
      // A new process resuming the import: a fresh cache, the same import.
      const again = await run();
      expect(requests - before).toBe(1);
      expect(await db().media.count({ where: { ownerId: user.id } })).toBe(1);
      expect(again.content).toEqual(first.content);
      expect(again.fields).toEqual(first.fields);
      expect(parseMediaUrl(first.fields.coverImage!)).not.toBeNull();
      // The social-card image names the same source: the same copy.
      expect(first.fields.ogImage).toBe(first.fields.coverImage);
      expect(first.fields.twitterImage).toBeNull();
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    }
  });
});
