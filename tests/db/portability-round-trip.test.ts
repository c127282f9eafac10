// PORTABILITY "Export": export a seeded account as JSON, import the zip into an empty account,
// and compare field by field: posts of every status and visibility (tags, co-authors, SEO fields,
// dates, content), a collection with its schema, entries, every kept version and their labels and
// label history. Then the Markdown export holds one file per post with front matter.
import { describe, expect, it } from "vitest";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { putLabel } from "../../lib/collections/put-label";
import { updateEntry } from "../../lib/collections/update-entry";
import { putLabelBody } from "../../lib/collections/label-input";
import { formatVersion } from "../../lib/collections/version-id";
import { db } from "../../lib/db";
import { readZip } from "../../lib/portability/read-zip";
import { writeExport } from "../../lib/portability/write-export";
import { createPost } from "../../lib/posts/create-post";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { importNow, streamToBuffer } from "../support/portability";

connectTestDatabase();

const doc = (text: string) => ({ type: "doc" as const, content: [{ type: "paragraph" as const, content: [{ type: "text" as const, text, marks: [{ type: "bold" as const }] }] }] });

async function seed() {
  const owner = await createTestUser({ plan: "pro" });
  const friend = await createTestUser();
  const seo = { seoTitle: "SEO title", seoDescription: "SEO description", canonicalUrl: "https://example.org/canonical", ogTitle: "OG", ogDescription: "OG d", ogImage: "https://example.org/og.png", twitterTitle: "TW", twitterDescription: "TW d", twitterImage: "https://example.org/tw.png", robots: "noindex" };
  const posts = [
    { title: "Published public", slug: "published-public", status: "published" as const, publishedAt: "2021-05-01T10:00:00.000Z", visibility: "public" as const, tagNames: ["Alpha", "Beta"], coauthors: [{ username: friend.username }, { externalName: "Guest Writer", externalHandle: "@guest", externalUrl: "https://guest.example.org" }], ...seo, excerpt: "Given excerpt", subtitle: "Sub", featured: true, coverImage: "https://example.org/cover.jpg" },
    { title: "Published private", slug: "published-private", status: "published" as const, publishedAt: "2021-06-01T10:00:00.000Z", visibility: "private" as const },
    { title: "Link only", slug: "link-only", status: "published" as const, publishedAt: "2021-07-01T10:00:00.000Z", visibility: "link-only" as const, tagNames: ["Beta"] },
    { title: "Scheduled", slug: "scheduled", status: "published" as const, publishedAt: "2099-01-01T00:00:00.000Z" },
    { title: "Draft", slug: "draft", status: "draft" as const },
  ];
  for (const [i, input] of posts.entries()) await createPost({ owner, input: { ...input, content: doc(`Body ${i}`) } });

  const actor = { id: owner.id, username: owner.username };
  await createCollection({ owner: actor, input: { slug: "recipes", name: "Recipes", schema: { fields: [{ name: "title", type: "string", required: true }, { name: "related", type: "reference", collection: "recipes" }], indexes: { title: "title" } } } });
  const soup = await createEntry({ owner: actor, collectionId: "recipes", input: { data: { title: "Soup v1" }, label: "production" } });
  await updateEntry({ owner: actor, collectionId: "recipes", entryId: soup.id, input: { data: { title: "Soup v2" } } });
  await updateEntry({ owner: actor, collectionId: "recipes", entryId: soup.id, input: { data: { title: "Soup v3" } } });
  await putLabel({ owner: actor, collectionId: "recipes", entryId: soup.id, name: "staging", input: putLabelBody.parse({ version: formatVersion(3), meta: { note: "check" } }) });
  await putLabel({ owner: actor, collectionId: "recipes", entryId: soup.id, name: "production", input: putLabelBody.parse({ version: formatVersion(2) }) });
  await createEntry({ owner: actor, collectionId: "recipes", input: { data: { title: "Bread", related: soup.id } } });
  return { owner, friend };
}

function omit<T extends object, K extends keyof T>(value: T, keys: K[]): Omit<T, K> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

async function snapshotPosts(ownerId: string) {
  const rows = await db().post.findMany({ where: { ownerId }, orderBy: { slug: "asc" }, include: { tags: { include: { tag: true } }, coauthors: { orderBy: { position: "asc" } } } });
  // Everything but what names the copy (ids, owner), what the import itself sets (updatedAt,
  // announcedAt) and a co-author's own blog choice.
  return rows.map(({ tags, coauthors, ...post }) => ({
    ...omit(post, ["id", "ownerId", "announcedAt", "updatedAt"]),
    tags: tags.map((t) => t.tag.name).sort(),
    coauthors: coauthors.map(({ userId, externalName, externalHandle, externalUrl, position }) => ({ userId, externalName, externalHandle, externalUrl, position })),
  }));
}

function labelCountsOf(rows: { name: string; entryCount: number }[], slots: { name: string; delta: number }[]) {
  const counts = new Map(rows.map((row) => [row.name, row.entryCount]));
  for (const slot of slots) counts.set(slot.name, (counts.get(slot.name) ?? 0) + slot.delta);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, entryCount]) => ({ name, entryCount }));
}

async function snapshotCollections(ownerId: string) {
  const collections = await db().collection.findMany({ where: { ownerId }, include: { entries: { orderBy: { title: "asc" }, include: { versions: { orderBy: { version: "asc" } }, labels: { orderBy: { name: "asc" } }, labelMoves: { orderBy: { id: "asc" } } } }, labelCounts: { orderBy: { name: "asc" } }, labelCountSlots: true, entryCountSlots: true } });
  return collections.map((c) => {
    const ids = new Map(c.entries.map((e) => [e.id, `entry:${e.title}`]));
    const swap = (data: unknown) => JSON.parse(JSON.stringify(data), (_k, v) => (typeof v === "string" && ids.has(v) ? ids.get(v) : v));
    return {
      slug: c.slug, name: c.name, schema: c.schema,
      // The count the API shows: the column plus the count slots creates left (the restore writes the column).
      entryCount: c.entryCount + c.entryCountSlots.reduce((sum, slot) => sum + slot.delta, 0),
      // Likewise each label's row plus its slots (the restore writes the rows).
      labelCounts: labelCountsOf(c.labelCounts, c.labelCountSlots),
      entries: c.entries.map((e) => ({
        version: e.version, data: swap(e.data), title: e.title, createdAt: e.createdAt, updatedAt: e.updatedAt,
        versions: e.versions.map((v) => ({ version: v.version, data: swap(v.data), title: v.title, createdAt: v.createdAt })),
        labels: e.labels.map((l) => ({ name: l.name, version: l.version, meta: l.meta })),
        labelMoves: e.labelMoves.map((m) => ({ name: m.name, version: m.version, previousVersion: m.previousVersion, movedAt: m.movedAt, scheduled: m.scheduled })),
      })),
    };
  });
}

describe("the JSON export imported into an empty account", () => {
  it("reproduces posts, collections, entries, versions and labels field by field", async () => {
    const { owner } = await seed();
    const zip = await streamToBuffer(writeExport(owner, "json"));
    const files = await readZip(zip, "export.zip");
    expect(files.map((f) => f.path).sort()).toEqual(["collections/recipes.json", "media/media.json", "posts.json"]);

    const target = await createTestUser({ plan: "pro" });
    const report = await importNow(target.id, "inkbase", zip, { filename: "export.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 6, updated: 0, skipped: 0, progress: { done: 6, total: 6 } });
    // The cover's and the social cards' host does not resolve here: the post keeps their URLs,
    // with a warning for each.
    expect(report.warnings).toEqual(
      ["cover.jpg", "og.png", "tw.png"].map((file) => ({ item: 'post "published-public"', message: expect.stringContaining(`https://example.org/${file} was not copied`) })),
    );

    const before = await snapshotPosts(owner.id);
    const after = await snapshotPosts(target.id);
    expect(after).toHaveLength(5);
    expect(after).toEqual(before);
    expect(await snapshotCollections(target.id)).toEqual(await snapshotCollections(owner.id));
    // Each post's revisions came along, numbered as they were, and the import's own revision follows them.
    const revisions = async (ownerId: string) =>
      (await db().postRevision.findMany({ where: { post: { ownerId } }, orderBy: [{ slug: "asc" }, { revision: "asc" }], include: { post: { select: { slug: true } } } })).map(
        ({ post, ...r }) => ({ ...omit(r, ["postId"]), slug: post.slug }),
      );
    const sourceRevisions = await revisions(owner.id);
    const targetRevisions = await revisions(target.id);
    expect(sourceRevisions.length).toBeGreaterThanOrEqual(5);
    for (const slug of new Set(sourceRevisions.map((r) => r.slug))) {
      const before = sourceRevisions.filter((r) => r.slug === slug);
      const after = targetRevisions.filter((r) => r.slug === slug);
      expect(after.slice(0, -1)).toEqual(before);
      expect(after.at(-1)).toMatchObject({ revision: before.length + 1, reason: slug === "draft" ? "create" : slug === "scheduled" ? "schedule" : "publish", actorType: "user", actorId: target.id });
    }
    // The reference index follows the new ids.
    const bread = await db().entry.findFirstOrThrow({ where: { collection: { ownerId: target.id }, title: "Bread" }, select: { id: true, data: true } });
    const soup = await db().entry.findFirstOrThrow({ where: { collection: { ownerId: target.id }, title: "Soup v3" }, select: { id: true } });
    expect(await db().entryReference.findMany({ where: { sourceEntryId: bread.id } })).toMatchObject([{ targetEntryId: soup.id, path: "/related" }]);

    // Imported a second time: every post updated in place, the collection skipped, nothing duplicated.
    const again = await importNow(target.id, "inkbase", zip, { filename: "export.zip" });
    expect(again).toMatchObject({ status: "succeeded", created: 0, updated: 5, skipped: 1 });
    expect(await snapshotPosts(target.id)).toEqual(before);
  });

  it("the Markdown export has one file per post with front matter that imports back", async () => {
    const { owner } = await seed();
    const zip = await streamToBuffer(writeExport(owner, "markdown"));
    const files = await readZip(zip, "export.zip");
    expect(files.map((f) => f.path).sort()).toEqual(["draft.md", "link-only.md", "media/media.json", "published-private.md", "published-public.md", "scheduled.md"]);
    const text = files.find((f) => f.path === "published-public.md")!.bytes.toString("utf8");
    expect(text).toMatch(/^---\ntitle: Published public\nslug: published-public\ndate: 2021-05-01T10:00:00.000Z\ntags:\n  - Alpha\n  - Beta\ndraft: false\n/);
    expect(text).toContain("**Body 0**");
    const target = await createTestUser();
    const report = await importNow(target.id, "markdown", zip, { filename: "export.zip" });
    expect(report).toMatchObject({ status: "succeeded", created: 5 });
    const draft = await db().post.findFirstOrThrow({ where: { ownerId: target.id, slug: "draft" } });
    expect(draft.status).toBe("draft");
  });
});
