// Export benchmark (issue 26): seeds one account with N posts (default 10,000; each a few
// paragraphs, two tags) in a database of its own, then runs `writeExport` in a child process per
// format and reports the time to the last byte of the zip and the child's peak RSS (its
// resourceUsage().maxRSS), beside the same child's RSS before it starts exporting: flat memory
// means the peak does not grow with N (run two sizes to see it).
//
//   npm run bench:portability [-- --posts 10000 --formats json,markdown]
//
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { withDatabaseName } from "../../tests/support/test-database";

// --max-old-space MB: the export child runs with V8's old space capped there. Uncapped, V8 grows its
// heap lazily and the peak RSS says more about V8's choice than about what the export holds; an
// export that holds memory per post fails under a cap that a flat one keeps to.
const { values } = parseArgs({ options: { posts: { type: "string", default: "10000" }, formats: { type: "string", default: "json,markdown" }, "max-old-space": { type: "string" } } });
const posts = Number(values.posts);
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `inkbase_bench_export_${randomBytes(3).toString("hex")}`;

async function seed(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = `bench_${randomBytes(6).toString("hex")}`;
    await client.query(`INSERT INTO "User" (id, username, email, "passwordHash", "updatedAt") VALUES ($1, 'bench', 'bench@example.test', 'x', now())`, [ownerId]);
    const paragraph = (n: string) => `{"type":"paragraph","content":[{"type":"text","text":"Paragraph ' || ${n} || ' of a benchmark post, long enough to look like writing: the quick brown fox jumps over the lazy dog."}]}`;
    await client.query(`
      INSERT INTO "Post" (id, "ownerId", slug, title, excerpt, content, status, "publishedAt", "updatedAt")
      SELECT 'bp' || i, $1, 'post-' || i, 'Benchmark post ' || i, 'An excerpt ' || i,
             ('{"type":"doc","content":[' || ${[1, 2, 3, 4].map(() => `'${paragraph("i")}'`).join(" || ',' || ")} || ']}')::jsonb,
             'published', now() - (i || ' minutes')::interval, now()
      FROM generate_series(1, $2::int) AS i`, [ownerId, posts]);
    await client.query(`INSERT INTO "Tag" (id, "ownerId", name, slug) VALUES ('bt1', $1, 'One', 'one'), ('bt2', $1, 'Two', 'two')`, [ownerId]);
    await client.query(`INSERT INTO "PostTag" ("postId", "tagId") SELECT 'bp' || i, t FROM generate_series(1, $1::int) AS i, (VALUES ('bt1'), ('bt2')) AS tags(t)`, [posts]);
    return ownerId;
  } finally {
    await client.end();
  }
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = withDatabaseName(serverUrl, name);
try {
  await applyPendingMigrations({ url });
  const started = Date.now();
  const ownerId = await seed(url);
  console.log(`[bench:portability] ${posts} posts seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const format of values.formats.split(",")) {
    const cap = values["max-old-space"] ? [`--max-old-space-size=${Number(values["max-old-space"])}`] : [];
    const child = spawnSync(process.execPath, [...cap, "--import", "tsx", path.join(import.meta.dirname, "export-child.ts"), ownerId, format], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`export child failed: ${child.stderr}`);
    const result = JSON.parse(child.stdout.trim().split("\n").pop()!) as { ms: number; bytes: number; rssBeforeMb: number; peakRssMb: number };
    console.log(`[bench:portability] ${format}${cap.length ? ` (old space ≤ ${values["max-old-space"]} MB)` : ""}: ${posts} posts → ${(result.bytes / 1024 / 1024).toFixed(1)} MiB zip in ${(result.ms / 1000).toFixed(2)} s; RSS ${result.rssBeforeMb} MB before, peak ${result.peakRssMb} MB`);
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
