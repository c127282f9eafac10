// The smoke list's import steps: a 6 MB Markdown archive sent in one request is refused by the
// front (Vercel's 4.5 MB body limit, below the API's 32 MiB promise), and the same archive goes
// through the direct-to-storage flow: POST /api/imports/uploads, the PUT straight to the store,
// then POST /api/imports { uploadId, source }, followed to its report.
import { randomBytes } from "node:crypto";
import yazl from "yazl";
import { expectStatus } from "./smoke-client";
import type { SmokeStep } from "./smoke-context";

const POSTS = 12;

/** A zip of Markdown posts, stored uncompressed so its size is what it says: at least `bytes`. */
export async function markdownArchive(bytes: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const perPost = Math.ceil(bytes / POSTS);
  for (let i = 1; i <= POSTS; i++) {
    // Words of hex: text that is all different, so no two posts are alike.
    const words = randomBytes(Math.ceil((perPost * 8) / 9 / 2)).toString("hex").replace(/(.{8})/g, "$1 ");
    const text = `---\ntitle: Imported ${i}\nslug: imported-${i}\ntags: [check]\n---\n\n${words}\n`;
    zip.addBuffer(Buffer.from(text), `posts/imported-${i}.md`, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export const importRefusedByFront: SmokeStep = {
  name: "POST /api/imports, 6 MB in one request: the front's 413",
  async run({ client, key }) {
    const archive = await markdownArchive(6_000_000);
    const form = new FormData();
    form.set("source", "markdown");
    form.set("file", new File([new Uint8Array(archive)], "posts.zip", { type: "application/zip" }));
    const answer = await client.request("/api/imports", { method: "POST", key, body: form });
    expectStatus(answer, 413, "a 6 MB import in one request");
    if (answer.headers.get("x-vercel-error") !== "FUNCTION_PAYLOAD_TOO_LARGE") throw new Error(`413 without FUNCTION_PAYLOAD_TOO_LARGE: ${answer.text}`);
    return `413 FUNCTION_PAYLOAD_TOO_LARGE (${archive.length.toLocaleString("en")} bytes)`;
  },
};

export const directImport: SmokeStep = {
  name: "a 6 MB import direct to storage",
  async run(context) {
    const { client, key } = context;
    if (!context.routes.has("api/imports/uploads")) {
      context.pending.push("the 6 MB import direct to storage: POST /api/imports/uploads is not in this build yet (vercel-features change)");
      return "PENDING: POST /api/imports/uploads is not in this build";
    }
    const archive = await markdownArchive(6_000_000);
    const json = { "Content-Type": "application/json" };
    const created = await client.request("/api/imports/uploads", { method: "POST", key, headers: json, body: JSON.stringify({ filename: "posts.zip", size: archive.length }) });
    expectStatus(created, 201, "POST /api/imports/uploads");
    const upload = created.json as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: upload.headers, body: new Uint8Array(archive) });
    if (!put.ok) throw new Error(`PUT to the store: ${put.status} ${await put.text()}`);
    const started = await client.request("/api/imports", { method: "POST", key, headers: json, body: JSON.stringify({ uploadId: upload.uploadId, source: "markdown" }) });
    expectStatus(started, 202, "POST /api/imports { uploadId }");
    const { id } = started.json as { id: string };
    const deadline = Date.now() + 120_000;
    for (;;) {
      const report = await client.request(`/api/imports/${id}`, { key });
      expectStatus(report, 200, `GET /api/imports/${id}`);
      const { status, created: made } = report.json as { status: string; created: number };
      if (status === "succeeded" && made === POSTS) return `202, then succeeded: ${made} posts from ${archive.length.toLocaleString("en")} bytes`;
      if (status !== "running") throw new Error(`the import ended ${status}: ${report.text}`);
      if (Date.now() > deadline) throw new Error(`the import still runs after 2 minutes: ${report.text}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  },
};
