// `npm run bench:dashboard`: the dashboard budgets of DASHBOARD.md, on the production build and a
// real PostgreSQL (a fresh database seeded with the "bench" author's 10,000 posts):
//   1. first-load JavaScript per route, gzip: every script a cold Chromium load of the page runs,
//      each gzipped at level 9 (what a CDN sends), summed — budget 150 KB for list and settings
//      pages, 350 KB for the editor;
//   2. server render of /dashboard/posts (and the editor page) with 10,000 posts: sequential
//      requests with the session cookie, p50 — budget 100 ms; /api/health alongside as the floor;
//   2b. server render of a collection entry page and its compare view with 1,000 versions written
//      (10 retained) — budget 100 ms — and the label-history endpoint of a label with few moves on
//      an entry whose other label moved 1,000 times (it reads one index range: O(that label's moves));
//   3. typing to "Saved" on a 5,000-word post in Chromium: from the last keystroke to the status
//      line saying "Saved at", median of several edits — budget 1.5 s (1 s of it is the autosave
//      debounce).
// Prints a table and writes it to bench/dashboard/last-run.md. Environment: BENCH_DATABASE_URL
// (default postgresql://postgres@127.0.0.1:5432/postgres), BENCH_RENDERS (40), BENCH_EDITS (5).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { launchChromium } from "../../tests/support/chromium";
import { startNextServer } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";

const here = import.meta.dirname;
const AUTH_SECRET = "bench-auth-secret-0123456789abcdef";
const renders = Number(process.env.BENCH_RENDERS || 40);
const edits = Number(process.env.BENCH_EDITS || 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function seed(url: string): Promise<void> {
  const sql = readFileSync(path.join(here, "../posts/seed-bench-posts.sql"), "utf8").replaceAll(":count", "10000");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

function fiveThousandWords() {
  const sentence = "The quick brown fox jumps over the lazy dog while the moss grows slowly on old stones";
  const paragraphs = Array.from({ length: 250 }, (_, i) => ({ type: "paragraph", content: [{ type: "text", text: `${i + 1}. ${sentence}` }] }));
  return { type: "doc", content: paragraphs }; // 250 × 20 words
}

/** A Pro collection with one entry: 1,000 versions written through the API, `production` moved 1,000 times, `staging` twice. */
async function seedEntry(url: string, base: string, cookie: string): Promise<{ page: string; api: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`UPDATE "User" SET plan = 'pro' WHERE id = 'bench-user'`);
  await client.end();
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${base}${route}`, { method, headers: { cookie, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const doc = (n: number) => ({ type: "doc", content: Array.from({ length: 20 }, (_, i) => ({ type: "paragraph", content: [{ type: "text", text: `Paragraph ${i} of version ${n}: the quick brown fox jumps over the lazy dog.` }] })) });
  await call("POST", "/api/collections", {
    name: "Bench",
    slug: "bench",
    schema: { fields: [{ name: "title", type: "string" }, { name: "body", type: "richtext" }, { name: "seo", type: "object" }], indexes: { title: "title" } },
  });
  const { id } = (await call("POST", "/api/collections/bench/entries", { data: { title: "Version 1", body: doc(1), seo: { title: "v1" } } })) as { id: string };
  const api = `/api/collections/bench/entries/${id}`;
  for (let n = 2; n <= 1000; n++) await call("PATCH", api, { data: { title: `Version ${n}`, body: doc(n), seo: { title: `v${n}` } } });
  for (let i = 0; i < 1000; i++) await call("PUT", `${api}/labels/production`, { version: `v_${991 + (i % 10)}` });
  await call("PUT", `${api}/labels/staging`, { version: "v_999" });
  await call("PUT", `${api}/labels/staging`, { version: "v_1000" });
  return { page: `/dashboard/collections/bench/entries/${id}`, api };
}

async function timeRenders(url: string, cookie: string): Promise<number> {
  await fetch(url, { headers: { cookie } }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main() {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  const database = await createTestDatabase("inkbase_bench_dashboard", "postgres");
  const server = await startNextServer({ DATABASE_URL: database.url, INKBASE_EMBEDDED_DB: "", AUTH_SECRET, TRUST_PROXY: "1" });
  const browser = await launchChromium();
  try {
    await seed(database.url);
    const token = await encode({ token: { sub: "bench-user" }, secret: AUTH_SECRET });
    const cookie = `next-auth.session-token=${token}`;
    const created = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Five thousand words", slug: "five-thousand-words", content: fiveThousandWords() }),
    });
    const { id: longPost } = (await created.json()) as { id: string };

    const rows: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "next-auth.session-token", value: token, url: server.url }]);

    // 1. First-load JavaScript per route.
    const routes: [string, string, number][] = [
      ["posts list", "/dashboard/posts", 150],
      ["account (settings)", "/dashboard/account", 150],
      ["API keys", "/dashboard/keys", 150],
      ["members", "/dashboard/members", 150],
      ["webhooks", "/dashboard/webhooks", 150],
      ["editor", `/dashboard/posts/${longPost}`, 350],
    ];
    const jsRows: string[] = [];
    for (const [name, route, budget] of routes) {
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        try {
          scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
        } catch {
          // redirects carry no body
        }
      });
      await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
      await page.close();
      const kb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
      jsRows.push(`| ${name} | \`${route.replace(longPost, "[id]")}\` | ${scripts.size} | ${kb.toFixed(1)} KB | ≤ ${budget} KB | ${kb <= budget ? "met" : "**over**"} |`);
    }

    // 2. Server render with 10,000 posts.
    const health = await timeRenders(`${server.url}/api/health`, cookie);
    const list = await timeRenders(`${server.url}/dashboard/posts`, cookie);
    const listPage = await timeRenders(`${server.url}/dashboard/posts?page=250&q=bench`, cookie);
    const editor = await timeRenders(`${server.url}/dashboard/posts/${longPost}`, cookie);

    // 2b. A collection entry with 1,000 versions written and 1,000 moves of one label.
    const entry = await seedEntry(database.url, server.url, cookie);
    const entryPage = await timeRenders(`${server.url}${entry.page}`, cookie);
    const comparePage = await timeRenders(`${server.url}${entry.page}?compare=v_991...v_1000`, cookie);
    const quietHistory = await timeRenders(`${server.url}${entry.api}/labels/staging/history`, cookie);
    const busyHistory = await timeRenders(`${server.url}${entry.api}/labels/production/history`, cookie);
    {
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        try {
          scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
        } catch {
          // redirects carry no body
        }
      });
      await page.goto(`${server.url}${entry.page}`, { waitUntil: "networkidle" });
      await page.close();
      const kb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
      jsRows.push(`| collection entry (form, editor, dialogs) | \`/dashboard/collections/[id]/entries/[entryId]\` | ${scripts.size} | ${kb.toFixed(1)} KB | ≤ 350 KB | ${kb <= 350 ? "met" : "**over**"} |`);
    }

    // 3. Typing to "Saved" on the 5,000-word post, timed inside the page: from the last keydown to
    // the status line's change to "Saved at".
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/posts/${longPost}`);
    const content = page.getByRole("textbox", { name: "Content" });
    await content.click();
    await page.keyboard.press("Control+End");
    await page.evaluate(() => {
      const w = window as unknown as { lastKey: number; savedAt: number };
      w.lastKey = 0;
      w.savedAt = 0;
      document.addEventListener("keydown", () => (w.lastKey = performance.now()), true);
      const status = document.querySelector('[role="status"]')!;
      new MutationObserver(() => {
        if (status.textContent?.startsWith("Saved at")) w.savedAt = performance.now();
      }).observe(status, { childList: true, subtree: true, characterData: true });
    });
    const savedTimes: number[] = [];
    for (let i = 0; i < edits; i++) {
      await page.keyboard.type(` edit ${i}`, { delay: 30 });
      await page.waitForFunction(() => {
        const w = window as unknown as { lastKey: number; savedAt: number };
        return w.savedAt > w.lastKey;
      }, undefined, { timeout: 20_000 });
      savedTimes.push(Math.round(await page.evaluate(() => {
        const w = window as unknown as { lastKey: number; savedAt: number };
        return w.savedAt - w.lastKey;
      })));
      await page.waitForTimeout(300);
    }
    const saved = median(savedTimes);

    rows.push(
      "## First-load JavaScript (gzip)",
      "",
      "| page | route | scripts | gzip total | budget | |",
      "|---|---|---:|---:|---:|---|",
      ...jsRows,
      "",
      "## Server render, 10,000 posts (p50 of sequential requests)",
      "",
      "| request | p50 | budget | |",
      "|---|---:|---:|---|",
      `| floor: GET /api/health | ${health.toFixed(1)} ms | | |`,
      `| GET /dashboard/posts (page 1 of 500) | ${list.toFixed(1)} ms | ≤ 100 ms | ${list <= 100 ? "met" : "**over**"} |`,
      `| GET /dashboard/posts?page=250&q=bench | ${listPage.toFixed(1)} ms | ≤ 100 ms | ${listPage <= 100 ? "met" : "**over**"} |`,
      `| GET /dashboard/posts/[id] (5,000 words) | ${editor.toFixed(1)} ms | | |`,
      "",
      "## Collection entry, 1,000 versions written (10 retained), 1,000 moves of `production` (p50)",
      "",
      "| request | p50 | budget | |",
      "|---|---:|---:|---|",
      `| GET entry page | ${entryPage.toFixed(1)} ms | ≤ 100 ms | ${entryPage <= 100 ? "met" : "**over**"} |`,
      `| GET entry page ?compare=v_991...v_1000 | ${comparePage.toFixed(1)} ms | ≤ 100 ms | ${comparePage <= 100 ? "met" : "**over**"} |`,
      `| GET …/labels/staging/history (2 moves) | ${quietHistory.toFixed(1)} ms | O(moves of the label) | ratio to health ${(quietHistory / health).toFixed(2)} |`,
      `| GET …/labels/production/history (1,000 moves) | ${busyHistory.toFixed(1)} ms | | ratio to health ${(busyHistory / health).toFixed(2)} |`,
      "",
      "## Typing to Saved, 5,000-word post",
      "",
      "| measure | median | budget | |",
      "|---|---:|---:|---|",
      `| last keystroke → "Saved at" (${edits} edits: ${savedTimes.join(", ")} ms) | ${saved} ms | ≤ 1500 ms | ${saved <= 1500 ? "met" : "**over**"} |`,
    );
    const table = rows.join("\n");
    console.log(`\n${table}\n`);
    writeFileSync(path.join(here, "last-run.md"), `# bench:dashboard, ${new Date().toISOString()}\n\n${table}\n`);
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
