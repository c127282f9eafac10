// Instant purge (VERCEL.md "What Inkbase adds" 3). Every public response kind carries
// `Vercel-Cache-Tag` (its blog, its post, or the sitemap), on the 200 and the 304 alike, with the
// ETag as before; and every kind of change that alters public output calls @vercel/functions'
// invalidateByTag with the tags of what it altered, after the answer is sent. The calls are
// watched through the real path: the server runs with tests/support/vercel-request-context.mjs,
// which installs a request context like the one Vercel's runtime gives each request (with a purge
// API that logs each call and whether the answer had gone). Off Vercel (no context) nothing is
// called: tests/unit/cache-purge.test.ts.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";
import { zipOf } from "../support/portability";
import { uniqueIp } from "../support/posts-api";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

const CRON = "purge-test-cron-secret";
const PRELOAD = path.resolve(import.meta.dirname, "../support/vercel-request-context.mjs");
let dir: string;
let log: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "inkbase-purge-"));
  log = path.join(dir, "purges.jsonl");
  server = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: CRON }), INKBASE_TEST_PURGE_LOG: log }, { nodeArgs: ["--import", PRELOAD] });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Purge = { kind: string; tags: string[]; request: { method: string; path: string; id: string | null }; answered: boolean };
const purges = (): Purge[] => {
  try {
    return readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Purge);
  } catch {
    return [];
  }
};

/** The purges a request caused, once at least one has arrived (they run after its answer). */
async function purgesOf(requestId: string, timeoutMs = 5_000): Promise<Purge[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = purges().filter((entry) => entry.request.id === requestId);
    if (found.length || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The tags a request purged: every call made after its answer was sent, by invalidateByTag. */
async function purgedBy(requestId: string): Promise<string[]> {
  const found = await purgesOf(requestId);
  for (const entry of found) {
    expect(entry.kind).toBe("invalidateByTag");
    expect(entry.answered, `${entry.request.method} ${entry.request.path} purged before its answer`).toBe(true);
  }
  return found.flatMap((entry) => entry.tags).sort();
}

async function author() {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, ["posts:read", "posts:write", "posts:delete", "media:read", "media:write"]);
  const cookie = await sessionCookieFor(user.id);
  /** Returns the response and the id its purges are logged under. */
  const call = async (method: string, p: string, body?: unknown, options: { session?: boolean; form?: FormData } = {}) => {
    const id = randomUUID();
    const headers: Record<string, string> = { "x-test-request": id, ...(options.session ? { Cookie: cookie } : { Authorization: `Bearer ${key}` }) };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${server.url}${p}`, { method, headers, body: options.form ?? (body === undefined ? undefined : JSON.stringify(body)) });
    return { res, id };
  };
  const create = async (body: Record<string, unknown>) => {
    const slug = uniqueName("post");
    const { res, id } = await call("POST", "/api/posts", { title: "A post", slug, ...body });
    expect(res.status, await res.clone().text()).toBe(201);
    return { post: { ...((await res.json()) as { id: string }), slug }, id };
  };
  return { user, key, call, create };
}

const tagsOf = (res: Response) => (res.headers.get("vercel-cache-tag") ?? "").split(",").filter(Boolean).sort();
const project = (userId: string) => `project-${userId}`;
const post = (postId: string) => `post-${postId}`;

describe("Vercel-Cache-Tag on public responses", () => {
  it("tags every public page, feed, sitemap and API read by its blog and post, on the 200 and the 304, ETags as before", async () => {
    const me = await author();
    const { post: p } = await me.create({ status: "published", tagNames: ["Moss"], content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Searchable moss" }] }] } });
    const u = me.user.username;
    const ip = uniqueIp();
    const get = (p2: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p2}`, { headers: { "X-Forwarded-For": ip, ...headers } });
    const blog = [project(me.user.id)];
    const both = [post(p.id), project(me.user.id)].sort();
    const cases: [string, string[]][] = [
      [`/${u}/${p.slug}`, both],
      [`/${u}/${p.slug}/og-image`, both],
      [`/${u}`, blog],
      [`/${u}/tags/moss`, blog],
      [`/${u}/feed.xml`, blog],
      [`/${u}/atom.xml`, blog],
      [`/${u}/feed.json`, blog],
      [`/sitemap.xml`, ["sitemap"]],
      [`/api/posts/by-username/${u}`, blog],
      [`/api/posts/by-username/${u}?page=1&perPage=5`, blog],
      [`/api/posts/by-username/${u}/${p.slug}`, both],
      [`/api/posts/by-username/${u}/${p.slug}?format=html`, both],
      [`/api/posts/by-username/${u}/tags`, blog],
    ];
    for (const [url, tags] of cases) {
      // The sitemap spans every project, so another test file's write (they share the run's
      // database) may change its ETag between two requests: it gets a few tries at a stable one.
      for (let attempt = 1; ; attempt++) {
        const first = await get(url);
        expect(first.status, url).toBe(200);
        expect(tagsOf(first), url).toEqual(tags);
        const etag = first.headers.get("etag");
        expect(etag, url).toMatch(/^"/);
        // Twice: the second may come from the body cache (or the proxy's), tagged the same.
        const again = await get(url);
        const notModified = await get(url, { "If-None-Match": etag! });
        const changedMeanwhile = again.headers.get("etag") !== etag || notModified.status === 200;
        if (changedMeanwhile && url === "/sitemap.xml" && attempt < 5) continue;
        expect(again.headers.get("etag"), url).toBe(etag);
        expect(tagsOf(again), url).toEqual(tags);
        expect(notModified.status, url).toBe(304);
        expect(notModified.headers.get("etag"), url).toBe(etag);
        expect(tagsOf(notModified), url).toEqual(tags);
        break;
      }
    }
    const search = await get(`/api/posts/by-username/${u}/search?q=moss`);
    expect(search.status).toBe(200);
    expect(tagsOf(search)).toEqual(blog);
  });

  it("leaves untagged what no CDN may keep: a 404 and the owner's preview", async () => {
    const me = await author();
    const { post: draft } = await me.create({ status: "draft" });
    const missing = await fetch(`${server.url}/${me.user.username}/no-such-post`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("vercel-cache-tag")).toBeNull();
    const preview = await fetch(`${server.url}/${me.user.username}/${draft.slug}`, { headers: { Cookie: await sessionCookieFor(me.user.id) } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("vercel-cache-tag")).toBeNull();
  });
});

describe("invalidateByTag after every change to public output", () => {
  it("publish, edit, unpublish, delete: the post, its blog, its user co-authors' blogs and the sitemap; a draft's edits purge nothing", async () => {
    const me = await author();
    const friend = await author();
    const draft = await me.create({ status: "draft" });
    const edited = await me.call("PATCH", `/api/posts/${draft.post.id}`, { title: "Still a draft" });
    expect(edited.res.status).toBe(200);

    const published = await me.call("PATCH", `/api/posts/${draft.post.id}`, { status: "published", coauthors: [{ username: friend.user.username }] });
    expect(published.res.status).toBe(200);
    const expected = [post(draft.post.id), project(me.user.id), project(friend.user.id), "sitemap"].sort();
    expect(await purgedBy(published.id)).toEqual(expected);
    // By now the draft's own writes have long had their turn after their answers: none purged.
    expect(purges().filter((entry) => entry.request.id === draft.id || entry.request.id === edited.id)).toEqual([]);

    const edit = await me.call("PATCH", `/api/posts/${draft.post.id}`, { title: "Edited in public" });
    expect(await purgedBy(edit.id)).toEqual(expected);
    // The same PATCH again changes nothing: nothing purged.
    const same = await me.call("PATCH", `/api/posts/${draft.post.id}`, { title: "Edited in public" });
    const unpublish = await me.call("PATCH", `/api/posts/${draft.post.id}`, { status: "draft" });
    expect(await purgedBy(unpublish.id)).toEqual(expected);
    expect(purges().filter((entry) => entry.request.id === same.id)).toEqual([]);

    const created = await me.create({ status: "published" });
    expect(await purgedBy(created.id)).toEqual([post(created.post.id), project(me.user.id), "sitemap"].sort());
    const deleted = await me.call("DELETE", `/api/posts/${created.post.id}`);
    expect(deleted.res.status).toBe(200);
    expect(await purgedBy(deleted.id)).toEqual([post(created.post.id), project(me.user.id), "sitemap"].sort());
  });

  it("co-author changes: the blogs of the co-authors removed and added, and a co-author showing it on their blog", async () => {
    const me = await author();
    const a = await author();
    const b = await author();
    const { post: p } = await me.create({ status: "published", coauthors: [{ username: a.user.username }] });
    const swap = await me.call("PATCH", `/api/posts/${p.id}`, { coauthors: [{ username: b.user.username }] });
    expect(await purgedBy(swap.id)).toEqual([post(p.id), project(me.user.id), project(a.user.id), project(b.user.id), "sitemap"].sort());
    const show = await b.call("PUT", `/api/posts/${p.id}/coauthorship`, { showOnBlog: true });
    expect(show.res.status).toBe(200);
    expect(await purgedBy(show.id)).toEqual([project(b.user.id)]);
  });

  it("a bulk action purges the posts it changed; a restore purges the restored post", async () => {
    const me = await author();
    const one = await me.create({ status: "draft" });
    const two = await me.create({ status: "draft" });
    const publish = await me.call("POST", "/api/posts/bulk", { ids: [one.post.id, two.post.id], action: "publish" });
    expect(publish.res.status).toBe(200);
    expect(await purgedBy(publish.id)).toEqual([post(one.post.id), post(two.post.id), project(me.user.id), "sitemap"].sort());

    await me.call("PATCH", `/api/posts/${one.post.id}`, { title: "Second title" });
    const restore = await me.call("POST", `/api/posts/${one.post.id}/revisions/1/restore`);
    expect(restore.res.status, await restore.res.clone().text()).toBe(200);
    expect(await purgedBy(restore.id)).toEqual([post(one.post.id), project(me.user.id), "sitemap"].sort());

    const remove = await me.call("POST", "/api/posts/bulk", { ids: [one.post.id, two.post.id], action: "delete" });
    expect(remove.res.status).toBe(200);
    expect(await purgedBy(remove.id)).toEqual([post(one.post.id), post(two.post.id), project(me.user.id), "sitemap"].sort());
  });

  it("the tick purges a scheduled post when it is announced", async () => {
    const me = await author();
    const { post: p, id: created } = await me.create({ status: "published", publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    // Scheduled a day ahead: nothing public yet, nothing purged (checked below, once the tick's purge shows time has passed).
    // Its time comes (moved into the past here rather than waited for); the tick announces it.
    await db().post.update({ where: { id: p.id }, data: { publishedAt: new Date(Date.now() - 1000) } });
    const id = randomUUID();
    const tick = await fetch(`${server.url}/api/cron/tick`, { headers: { Authorization: `Bearer ${CRON}`, "x-test-request": id } });
    expect(tick.status).toBe(200);
    expect((await tick.json()).published).toBeGreaterThanOrEqual(1);
    const tags = await purgedBy(id);
    expect(tags).toEqual(expect.arrayContaining([post(p.id), project(me.user.id), "sitemap"]));
    expect(purges().filter((entry) => entry.request.id === created)).toEqual([]);
  });

  it("a display name purges the blogs that show it: the author's and those of posts they co-author", async () => {
    const me = await author();
    const owner = await author();
    await owner.create({ status: "published", coauthors: [{ username: me.user.username }] });
    const rename = await me.call("PATCH", "/api/me", { displayName: "Renamed Author" }, { session: true });
    expect(rename.res.status).toBe(200);
    expect(await purgedBy(rename.id)).toEqual([project(me.user.id), project(owner.user.id)].sort());
  });

  it("media used by posts: changing or deleting a medium purges the posts that show it", async () => {
    const me = await author();
    const photo = await photoJpeg({ width: 400, height: 300 });
    const upload = await fetch(`${server.url}/api/media?filename=cover.jpg`, { method: "POST", headers: { Authorization: `Bearer ${me.key}`, "Content-Type": "image/jpeg" }, body: photo as Uint8Array<ArrayBuffer> });
    expect(upload.status).toBe(201);
    const media = (await upload.json()) as { id: string; url: string };
    const { post: p } = await me.create({ status: "published", coverImage: media.url });
    const alt = await me.call("PATCH", `/api/media/${media.id}`, { alt: "A cover" });
    expect(alt.res.status).toBe(200);
    expect(await purgedBy(alt.id)).toEqual([post(p.id), project(me.user.id), "sitemap"].sort());
    const removed = await me.call("DELETE", `/api/media/${media.id}?force=true`);
    expect(removed.res.status).toBe(200);
    expect(await purgedBy(removed.id)).toEqual([post(p.id), project(me.user.id), "sitemap"].sort());
  });

  it("an import purges its blog and the sitemap once it has written; a dry run purges nothing", async () => {
    const me = await author();
    const form = (dryRun: boolean) => {
      const body = new FormData();
      body.set("file", new File(["---\ntitle: Imported\n---\n\nHello.\n"], "imported.md"));
      body.set("source", "markdown");
      if (dryRun) body.set("dryRun", "true");
      return body;
    };
    const dry = await me.call("POST", "/api/imports", undefined, { form: form(true) });
    expect(dry.res.status).toBe(202);
    const real = await me.call("POST", "/api/imports", undefined, { form: form(false) });
    expect(real.res.status).toBe(202);
    expect(await purgedBy(real.id)).toEqual([project(me.user.id), "sitemap"].sort());
    expect(purges().filter((entry) => entry.request.id === dry.id)).toEqual([]);
    // The zip route is the same code path (runImport): one more source for good measure.
    const zip = await zipOf({ "a.md": "# A\n" });
    const zipForm = new FormData();
    zipForm.set("file", new File([zip as Uint8Array<ArrayBuffer>], "posts.zip"));
    zipForm.set("source", "markdown");
    const zipped = await me.call("POST", "/api/imports", undefined, { form: zipForm });
    expect(await purgedBy(zipped.id)).toEqual([project(me.user.id), "sitemap"].sort());
  });
});
