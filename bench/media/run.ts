// `npm run bench:media`: the media budgets of MEDIA.md, on the production build and a real
// PostgreSQL (a fresh database), local storage in a temporary DATA_DIR:
//   1. upload to 201 of a 12-megapixel JPEG with all its variants — budget under 3 s on one core:
//      the server process is pinned to one core with `taskset` (where it exists) for this part;
//      median and worst of BENCH_UPLOADS uploads, each through the flow the SDK would pick;
//   2. the server's memory for one upload: peak RSS (sampled from /proc every 10 ms) minus the idle
//      server's RSS just before — budget under 300 MB — and the same for ten uploads at once (the
//      processing queue bounds them);
//   3. serving a variant: req/s at BENCH_CONNECTIONS connections as a ratio to GET /api/health on
//      the same server in the same run (rounds interleaved) — budget at least 0.8;
//   4. the public post page in Chromium: the width of the image each <img> actually loaded
//      (currentSrc) at 390 px (DPR 1 and 2) and 1280 px — the largest must be a variant no wider
//      than twice the viewport.
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_MEGAPIXELS (12), BENCH_UPLOADS (5), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
// BENCH_ROUNDS (3). A tiny check that it runs: BENCH_MEGAPIXELS=0.5 BENCH_UPLOADS=1 BENCH_SECONDS=1 BENCH_ROUNDS=1.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { createApiKey } from "../../lib/auth/create-api-key";
import { disconnectDb } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { hasChromium, launchChromium } from "../../tests/support/chromium";
import { startNextServer } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { testServerEnv } from "../../tests/support/test-server-env";
import { photoJpeg } from "../../tests/support/test-images";

const megapixels = Number(process.env.BENCH_MEGAPIXELS || 12);
const uploads = Number(process.env.BENCH_UPLOADS || 5);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Pins every thread of the process to one CPU (or to all again); false without taskset. */
function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync("taskset", ["-a", "-cp", cpus, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` while sampling the server's RSS; resolves with its result and the peak. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** The SDK's choice: one request up to 4 MiB, else start → PUT → complete. Resolves at the 201. */
async function upload(base: string, key: string, bytes: Buffer, filename: string): Promise<{ id: string; url: string; variants: { width: number; url: string }[] }> {
  const auth = { Authorization: `Bearer ${key}` };
  if (bytes.length <= 4 * 1024 * 1024) {
    const res = await fetch(`${base}/api/media?filename=${filename}`, { method: "POST", headers: { ...auth, "Content-Type": "image/jpeg" }, body: bytes as Uint8Array<ArrayBuffer> });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return res.json();
  }
  const start = await fetch(`${base}/api/media/uploads`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ filename, size: bytes.length, mimeType: "image/jpeg" }) });
  const flow = (await start.json()) as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
  await fetch(flow.uploadUrl, { method: "PUT", headers: flow.headers, body: bytes as Uint8Array<ArrayBuffer> });
  const done = await fetch(`${base}/api/media/uploads/${flow.uploadId}/complete`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" });
  if (done.status !== 201) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
  return done.json();
}

async function rate(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function main() {
  const database = await createTestDatabase("inkbase_bench_media", "postgres");
  const server = await startNextServer({ ...testServerEnv({ databaseUrl: database.url, cronSecret: "bench" }), RATE_LIMIT_KEY_PER_MIN: "100000000", RATE_LIMIT_PUBLIC_PER_MIN: "100000000" });
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    process.env.DATABASE_URL = database.url;
    const user = await createUser({ username: "bench-media", email: "bench-media@example.test", password: "bench-password-1", plan: "pro" });
    const { key } = await createApiKey({ userId: user.id, scopes: ["media:read", "media:write", "posts:write"] });
    const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
    const height = Math.round((width * 3) / 4);
    const photo = await photoJpeg({ width, height, quality: 92 });
    say(`# Media bench (${new Date().toISOString()})\n`);
    say(`Image: ${width}×${height} JPEG (${(width * height / 1e6).toFixed(1)} MP), ${(photo.length / 1024 / 1024).toFixed(2)} MiB, ${photo.length <= 4 * 1024 * 1024 ? "one request" : "two-step upload"}.`);

    // 1 and 2: upload to 201 on one core, with the server's peak RSS.
    await upload(server.url, key, await photoJpeg({ width: 400, height: 300 }), "warm.jpg"); // loads sharp, warms the routes
    const pinned = pin(server.pid, "0");
    const times: number[] = [];
    const peaks: number[] = [];
    let first: Awaited<ReturnType<typeof upload>> | undefined;
    const idleMb = rssMb(server.pid);
    for (let i = 0; i < uploads; i++) {
      const started = performance.now();
      const { result, peakMb } = await withPeakRss(server.pid, () => upload(server.url, key, photo, `photo-${i}.jpg`));
      times.push(performance.now() - started);
      peaks.push(peakMb);
      first ??= result;
    }
    if (pinned) pin(server.pid, "0-1023");
    say(`\n| Measure | Result | Budget |\n|---|---|---|`);
    say(`| Upload to 201, ${megapixels} MP JPEG, ${pinned ? "server pinned to one core" : "server NOT pinned (no taskset)"} | median ${Math.round(median(times))} ms, worst ${Math.round(Math.max(...times))} ms (${uploads} uploads) | < 3000 ms |`);
    // The budget is the upload's own memory: the peak above what the idle server already holds.
    say(`| Server memory for one upload (peak RSS − idle RSS) | ${Math.round(Math.max(...peaks) - idleMb)} MB (peak ${Math.round(Math.max(...peaks))} MB, idle ${Math.round(idleMb)} MB) | < 300 MB |`);
    const ten = await withPeakRss(server.pid, () => Promise.all(Array.from({ length: 10 }, (_, i) => upload(server.url, key, photo, `ten-${i}.jpg`))));
    say(`| Ten uploads at once (peak RSS − idle RSS) | ${Math.round(ten.peakMb - idleMb)} MB (peak ${Math.round(ten.peakMb)} MB; two processed at a time) | does not exhaust memory |`);

    // 3: a variant against /api/health, interleaved rounds.
    const variant = first!.variants.find((v) => v.width === 640) ?? first!.variants[0];
    const variantUrl = `${server.url}${new URL(variant.url).pathname}`;
    const ratios: number[] = [];
    const variantRates: number[] = [];
    const healthRates: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const health = await rate(`${server.url}/api/health`);
      const served = await rate(variantUrl);
      healthRates.push(health);
      variantRates.push(served);
      ratios.push(served / health);
    }
    say(`| Serving a ${variant.width} px variant (${connections} connections, ${seconds} s × ${rounds}) | ${Math.round(median(variantRates))} req/s vs health ${Math.round(median(healthRates))} req/s: ratio ${median(ratios).toFixed(2)} | ≥ 0.80 |`);

    // 4: what the public post page makes a browser download.
    const post = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Bench post", slug: "bench-post", status: "published", coverImage: first!.url, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Text." }] }, { type: "image", attrs: { src: first!.url, alt: "Photo" } }] } }),
    });
    if (post.status !== 201) throw new Error(`post create answered ${post.status}`);
    if (hasChromium) {
      const browser = await launchChromium();
      try {
        for (const [viewport, scale] of [[390, 1], [390, 2], [1280, 1]] as const) {
          const context = await browser.newContext({ viewport: { width: viewport, height: 844 }, deviceScaleFactor: scale });
          const page = await context.newPage();
          await page.goto(`${server.url}/bench-media/bench-post`);
          await page.evaluate(() => Promise.all([...document.images].map((img) => (img.loading = "eager", img.decode().catch(() => {})))));
          // The pixel width of the file each image loaded: its srcset descriptor (naturalWidth is divided by the density).
          const loaded = await page.evaluate(() =>
            [...document.images].map((img) => {
              const chosen = img.srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)).find(([url]) => url === img.currentSrc);
              return { src: img.currentSrc, width: chosen ? Number.parseInt(chosen[1], 10) : img.naturalWidth };
            }),
          );
          const largest = Math.max(...loaded.map((img) => img.width));
          say(`| Post page at ${viewport} px, DPR ${scale}: widest image loaded | ${largest} px (${loaded.map((img) => path.basename(img.src)).join(", ")}) | ≤ ${viewport * 2} px |`);
          await context.close();
        }
      } finally {
        await browser.close();
      }
    }
    writeFileSync(path.join(import.meta.dirname, "last-run.md"), `${lines.join("\n")}\n`);
  } finally {
    await disconnectDb();
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
