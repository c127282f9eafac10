// The migration that adds post history gives every post that already exists one revision of how
// it is (HISTORY.md: nothing an author overwrites after the upgrade is lost), on both backends:
// the migrations before it are applied, a post is written in SQL, then the history migration.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "../../scripts/lib/embedded-server";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { dropDatabase } from "../../scripts/lib/schema-engine";
import { queryOnce } from "../support/query-once";

const root = path.resolve(import.meta.dirname, "../..");
const serverUrl = process.env.TEST_DATABASE_URL;
const HISTORY_MIGRATION = readdirSync(path.join(root, "prisma/migrations")).find((name) => name.endsWith("_post_revisions"))!;

type Database = { url: string; drop(): Promise<void> };
const backends: { name: string; create(): Promise<Database> }[] = [
  {
    name: "embedded",
    async create() {
      const server = await startEmbeddedServer({ dataDir: "memory://" });
      return { url: server.url, drop: () => server.close() };
    },
  },
];
if (serverUrl) {
  backends.push({
    name: "postgres",
    async create() {
      const name = `inkbase_history_migration_${Date.now()}_${randomBytes(3).toString("hex")}`;
      await queryOnce(serverUrl, `CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
    },
  });
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe.each(backends)("the post history migration ($name)", (backend) => {
  it("backfills one revision per existing post: its fields, tags, co-authors, owner and word count", async () => {
    const database = await backend.create();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "inkbase-history-migration-"));
      scratch.push(dir);
      const migrations = path.join(dir, "migrations");
      cpSync(path.join(root, "prisma/migrations"), migrations, { recursive: true });
      const later = readdirSync(migrations).filter((name) => name >= HISTORY_MIGRATION);
      const held = path.join(dir, "held");
      for (const name of later) cpSync(path.join(migrations, name), path.join(held, name), { recursive: true });
      for (const name of later) rmSync(path.join(migrations, name), { recursive: true });
      await applyPendingMigrations({ url: database.url, migrationsDir: migrations });

      const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Old words " }, { type: "text", text: "stay", marks: [{ type: "bold" }] }] }, { type: "paragraph" }, { type: "paragraph", content: [{ type: "text", text: "here too" }] }] };
      await queryOnce(
        database.url,
        `INSERT INTO "User" (id, username, email, "passwordHash", "updatedAt") VALUES ('u1', 'old-owner', 'old@example.test', 'x', now());
         INSERT INTO "Post" (id, "ownerId", slug, title, content, excerpt, status, "publishedAt", visibility, "seoTitle", "updatedAt")
           VALUES ('p1', 'u1', 'old-post', 'Old post', '${JSON.stringify(content)}', 'Old words stay', 'published', '2026-01-02T03:04:05Z', 'link-only', 'SEO', '2026-02-03T04:05:06Z'),
                  ('p2', 'u1', 'draft-post', 'Draft', '{"type":"doc","content":[]}', '', 'draft', NULL, 'public', NULL, '2026-02-04T00:00:00Z');
         INSERT INTO "Tag" (id, "ownerId", name, slug) VALUES ('t1', 'u1', 'Zebra', 'zebra'), ('t2', 'u1', 'Apple', 'apple');
         INSERT INTO "PostTag" ("postId", "tagId") VALUES ('p1', 't1'), ('p1', 't2');
         INSERT INTO "PostCoauthor" (id, "postId", position, "externalName", "externalHandle") VALUES ('c1', 'p1', 0, 'Ann', '@ann');`,
      );

      for (const name of later) cpSync(path.join(held, name), path.join(migrations, name), { recursive: true });
      await applyPendingMigrations({ url: database.url, migrationsDir: migrations });

      const rows = await queryOnce<Record<string, unknown>>(database.url, `SELECT *, "createdAt"::text AS "createdText", "publishedAt"::text AS "publishedText" FROM "PostRevision" ORDER BY "postId"`);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        postId: "p1",
        revision: 1,
        reason: "publish",
        actorType: "user",
        actorId: "u1",
        actorPrefix: null,
        title: "Old post",
        slug: "old-post",
        excerpt: "Old words stay",
        visibility: "link-only",
        status: "published",
        seoTitle: "SEO",
        tags: [{ name: "Apple", slug: "apple" }, { name: "Zebra", slug: "zebra" }],
        coauthors: [{ externalName: "Ann", externalHandle: "@ann", externalUrl: null }],
        content,
        wordCount: 5,
      });
      expect(rows[0]).toMatchObject({ createdText: "2026-02-03 04:05:06", publishedText: "2026-01-02 03:04:05" });
      expect(rows[1]).toMatchObject({ postId: "p2", revision: 1, reason: "create", tags: [], coauthors: [], wordCount: 0 });
    } finally {
      await database.drop();
    }
  });
});
