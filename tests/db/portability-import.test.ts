// Imports through the domain on a real database: each source's mapping (dates, statuses, tags,
// excerpts, slugs, co-authors, SEO), dangerous markup dropped and reported, idempotent
// re-imports, slugs taken by the author's own posts, dry runs, malformed files naming the line,
// a batch that fails alone, and import.completed.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { createPost } from "../../lib/posts/create-post";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { fixture, folderFiles, importNow, zipOf } from "../support/portability";

connectTestDatabase();

const postsOf = (ownerId: string) =>
  db().post.findMany({ where: { ownerId }, include: { tags: { include: { tag: true } }, coauthors: { orderBy: { position: "asc" } } }, orderBy: { slug: "asc" } });
const textOf = (content: unknown) => JSON.stringify(content);

describe("a Ghost 5 export", () => {
  it("maps posts, statuses, dates, tags, excerpts, co-authors and SEO fields, and drops scripts, frames and forms", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "ghost", fixture("ghost-5.json"));
    expect(report).toMatchObject({ status: "succeeded", progress: { done: 4, total: 4 }, created: 4, updated: 0, skipped: 0 });
    const posts = await postsOf(user.id);
    expect(posts.map((p) => p.slug)).toEqual(["ferns-coming-soon", "lichens-draft", "moss-on-north-walls", "spores"]);
    const moss = posts.find((p) => p.slug === "moss-on-north-walls")!;
    expect(moss).toMatchObject({ title: "Moss on north walls", status: "published", featured: true, excerpt: "Where moss grows and why.", excerptAuto: false, seoTitle: "Moss | The Garden", seoDescription: "A short guide to moss.", visibility: "public" });
    expect(moss.publishedAt?.toISOString()).toBe("2023-03-02T10:30:00.000Z");
    expect(moss.createdAt.toISOString()).toBe("2023-03-01T09:00:00.000Z");
    expect(moss.tags.map((t) => t.tag.name).sort()).toEqual(["Botany", "Shade plants"]);
    expect(moss.coauthors).toMatchObject([{ externalName: "Ben Botanist", externalHandle: "ben", externalUrl: "https://ben.example.org" }]);
    expect(textOf(moss.content)).toContain('"type":"heading"');
    expect(textOf(moss.content)).toContain("https://example.org/moss");
    expect(textOf(moss.content)).not.toMatch(/alert|evil\.example|script|iframe/);
    expect(report.warnings).toEqual(expect.arrayContaining([{ item: 'post "moss-on-north-walls"', message: expect.stringMatching(/script.*iframe|iframe.*script/) }]));
    expect(report.warnings).toEqual(expect.arrayContaining([{ item: 'post "lichens-draft"', message: expect.stringContaining("form") }]));

    const draft = posts.find((p) => p.slug === "lichens-draft")!;
    expect(draft).toMatchObject({ status: "draft", publishedAt: null });
    const scheduled = posts.find((p) => p.slug === "ferns-coming-soon")!;
    expect(scheduled.status).toBe("published");
    expect(scheduled.publishedAt?.toISOString()).toBe("2099-06-01T08:00:00.000Z");
    expect(posts.find((p) => p.slug === "spores")!.visibility).toBe("private");
    // One revision per imported post, through the history writer, with the reason its status gives.
    const revisions = await db().postRevision.findMany({ where: { post: { ownerId: user.id } }, include: { post: { select: { slug: true } } } });
    expect(Object.fromEntries(revisions.map((r) => [r.post.slug, `${r.revision} ${r.reason}`]))).toEqual({
      "ferns-coming-soon": "1 schedule",
      "lichens-draft": "1 create",
      "moss-on-north-walls": "1 publish",
      spores: "1 publish",
    });
  });

  it("is idempotent: a second import updates what the first created, and never touches the author's own post", async () => {
    const user = await createTestUser();
    // The author already has a post at one of the slugs.
    await createPost({ owner: user, input: { title: "My own spores", slug: "spores", status: "draft" } });
    const first = await importNow(user.id, "ghost", fixture("ghost-5.json"));
    expect(first).toMatchObject({ created: 3, updated: 0, skipped: 1 });
    expect(first.warnings).toEqual(expect.arrayContaining([{ item: 'post "spores"', message: expect.stringContaining("taken by a post that did not come from this item") }]));
    const second = await importNow(user.id, "ghost", fixture("ghost-5.json"));
    expect(second).toMatchObject({ status: "succeeded", created: 0, updated: 3, skipped: 1 });
    const posts = await postsOf(user.id);
    expect(posts).toHaveLength(4);
    expect(posts.find((p) => p.slug === "spores")!.title).toBe("My own spores");
  });

  it("fires no per-post event, and one import.completed with the counts", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "ghost", fixture("ghost-5.json"));
    const events = await db().outboxEvent.findMany({ where: { ownerId: user.id } });
    expect(events.map((e) => e.type)).toEqual(["import.completed"]);
    expect((events[0].body as { data: unknown }).data).toMatchObject({ id: report.id, source: "ghost", status: "succeeded", created: 4, updated: 0, skipped: 0 });
  });

  it("a dry run reports the same and writes nothing", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "ghost", fixture("ghost-5.json"), { dryRun: true });
    expect(report).toMatchObject({ status: "succeeded", dryRun: true, created: 4, progress: { done: 4, total: 4 } });
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("a malformed file fails the import with a message naming the line, and imports nothing", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "ghost", fixture("ghost-malformed.json"), { filename: "ghost-malformed.json" });
    expect(report.status).toBe("failed");
    expect(report.error).toMatch(/^ghost-malformed\.json: invalid JSON at line 8, column 10/);
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(0);
  });
});

describe("a WordPress 6 WXR file", () => {
  it("imports posts (not pages), categories and tags as tags, statuses, GMT dates, excerpts, Co-Authors Plus authors", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "wordpress", fixture("wordpress-6.xml"));
    expect(report).toMatchObject({ status: "succeeded", created: 3, progress: { total: 3 } });
    const posts = await postsOf(user.id);
    expect(posts.map((p) => p.slug)).toEqual(["compost-in-winter", "seed-catalogue-notes", "spring-planting"]);
    const compost = posts[0];
    expect(compost).toMatchObject({ status: "published", excerpt: "Winter compost, briefly." });
    expect(compost.publishedAt?.toISOString()).toBe("2023-01-05T10:00:00.000Z");
    expect(compost.tags.map((t) => t.tag.name).sort()).toEqual(["Gardening", "compost"]);
    expect(compost.coauthors).toMatchObject([{ externalName: "Cleo Compost", externalHandle: "cleo" }]);
    // WordPress's paragraphs (blank lines) became paragraphs, the script went and was reported.
    const content = compost.content as { content: { type: string }[] };
    expect(content.content.filter((n) => n.type === "paragraph")).toHaveLength(2);
    expect(textOf(content)).not.toContain("cookie");
    expect(report.warnings).toEqual(expect.arrayContaining([{ item: 'post "compost-in-winter"', message: expect.stringContaining("script") }]));
    expect(posts[1]).toMatchObject({ status: "draft", publishedAt: null, title: "Seed catalogue notes" });
    expect(posts[2].publishedAt?.toISOString()).toBe("2099-03-01T08:00:00.000Z");
    expect(posts[2].tags).toHaveLength(0);
  });

  it("a malformed WXR fails naming the line", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "wordpress", fixture("wordpress-malformed.xml"), { filename: "export.xml" });
    expect(report).toMatchObject({ status: "failed", error: expect.stringMatching(/^export\.xml: invalid XML at line 7/) });
  });
});

describe("Markdown with front matter", () => {
  it("imports a .zip of files (nested folders), drafts and dates from the front matter", async () => {
    const user = await createTestUser();
    const report = await importNow(user.id, "markdown", await zipOf(folderFiles("markdown")), { filename: "posts.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 2, skipped: 0 });
    const posts = await postsOf(user.id);
    expect(posts.map((p) => p.slug)).toEqual(["hello-world", "unfinished"]);
    expect(posts[0]).toMatchObject({ title: "Hello, world", status: "published", excerpt: "The first post." });
    expect(posts[0].publishedAt?.toISOString()).toBe("2022-08-15T12:00:00.000Z");
    expect(posts[0].tags.map((t) => t.tag.name).sort()).toEqual(["intro", "meta"]);
    expect(textOf(posts[0].content)).toContain('"type":"bold"');
    expect(textOf(posts[0].content)).not.toContain("alert");
    expect(report.warnings).toEqual([{ item: "hello-world.md", message: expect.stringContaining("script") }]);
    expect(posts[1]).toMatchObject({ title: "Unfinished thoughts", status: "draft" });
  });

  it("imports one file, and a bad front matter fails naming the file and line", async () => {
    const user = await createTestUser();
    const one = await importNow(user.id, "markdown", fixture("markdown/hello-world.md"), { filename: "hello-world.md" });
    expect(one).toMatchObject({ status: "succeeded", created: 1 });
    const bad = await importNow(user.id, "markdown", fixture("markdown-bad-front-matter.md"), { filename: "broken.md" });
    expect(bad).toMatchObject({ status: "failed", error: expect.stringMatching(/^broken\.md: invalid front matter at line \d+/) });
  });
});

describe("images", () => {
  it("an image on a private address is refused by the SSRF guard: the post keeps its URL, with a warning", async () => {
    const user = await createTestUser();
    const md = "---\ntitle: Pictures\n---\n\n![A moss](http://127.0.0.1:9/moss.jpg)\n";
    const report = await importNow(user.id, "markdown", Buffer.from(md), { filename: "pictures.md" });
    expect(report).toMatchObject({ status: "succeeded", created: 1 });
    expect(report.warnings).toEqual([{ item: "pictures.md", message: expect.stringMatching(/^Image http:\/\/127\.0\.0\.1:9\/moss\.jpg was not copied \(refused: Resolves to 127\.0\.0\.1 .*not a public address\)/) }]);
    const post = await db().post.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(textOf(post.content)).toContain("http://127.0.0.1:9/moss.jpg");
  });
});

describe("batches", () => {
  it("a batch whose write fails rolls back alone and the report names it", async () => {
    const user = await createTestUser();
    // 45 files: batches of 20, 20, 5. One in the second batch has a title the database cannot store (NUL).
    const files: Record<string, string> = {};
    for (let i = 0; i < 45; i++) files[`p${String(i).padStart(2, "0")}.md`] = `---\ntitle: Post ${i}\n---\n\nBody ${i}.\n`;
    files["p25.md"] = `---\ntitle: "Bad \\0 title"\n---\n\nBody.\n`;
    const report = await importNow(user.id, "markdown", await zipOf(files), { filename: "many.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 25, skipped: 20, progress: { done: 45, total: 45 } });
    expect(report.warnings).toEqual([{ item: "batch of items 21–40", message: expect.stringContaining("Not imported: the batch was rolled back") }]);
    expect(await db().post.count({ where: { ownerId: user.id } })).toBe(25);
  });
});
