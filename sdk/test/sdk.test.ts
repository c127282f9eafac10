// @inkbase/sdk against the built server on the test database: the built package (sdk/dist, made
// by `npm run sdk:build`, which `npm test` runs first) is what is imported, as a user would.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Inkbase, InkbaseError, ONE_REQUEST_MAX_BYTES, verifyWebhook, WebhookVerificationError } from "../dist/index.js";
import { SCOPES } from "../../lib/auth/scopes";
import { signWebhook } from "../../lib/webhooks/sign-webhook";
import { generateWebhookSecret } from "../../lib/webhooks/generate-webhook-secret";
import { connectTestDatabase, createTestKey, createTestUser, uniqueName } from "../../tests/support/fixtures";
import { uniqueIp } from "../../tests/support/posts-api";
import { noisePng, photoJpeg } from "../../tests/support/test-images";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";

connectTestDatabase();

async function client(options: { plan?: "free" | "pro" } = {}) {
  const user = await createTestUser(options);
  const apiKey = await createTestKey(user.id, [...SCOPES]);
  // A client IP of its own, so the public per-IP limit is this test's alone.
  return { user, inkbase: new Inkbase({ baseUrl: inject("baseUrl"), apiKey, headers: { "X-Forwarded-For": uniqueIp() } }) };
}

const doc = (text: string) => ({ type: "doc" as const, content: [{ type: "paragraph" as const, content: [{ type: "text" as const, text }] }] });

describe("@inkbase/sdk posts", () => {
  it("creates, lists and revokes preview links", async () => {
    const { inkbase } = await client();
    const { id } = await inkbase.posts.create({ title: "Shared draft", slug: uniqueName("sdk-preview"), content: doc("Soon") });
    const link = await inkbase.posts.previewLinks.create(id, { expiresInHours: 2 });
    expect(link.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const byDefault = await inkbase.posts.previewLinks.create(id);
    expect(Date.parse(byDefault.expiresAt) - Date.parse(link.expiresAt)).toBeGreaterThan(69 * 3_600_000);
    const { data } = await inkbase.posts.previewLinks.list(id);
    expect(data.map((item) => item.id)).toEqual([byDefault.id, link.id]);
    await inkbase.posts.previewLinks.revoke(id, link.id);
    expect((await inkbase.posts.previewLinks.list(id)).data.map((item) => item.id)).toEqual([byDefault.id]);
    const again = await inkbase.posts.previewLinks.revoke(id, link.id).catch((err: unknown) => err);
    expect((again as InkbaseError).status).toBe(404);
  });

  it("requests, lists, withdraws reviews and reads and changes the project's settings", async () => {
    const { inkbase } = await client();
    const { id } = await inkbase.posts.create({ title: "For review", slug: uniqueName("sdk-review"), content: doc("Look") });
    const review = await inkbase.reviews.requestPost(id, { note: "Please" });
    expect(review).toMatchObject({ kind: "post", postId: id, status: "open", note: "Please" });
    const own = await inkbase.reviews.decide(review.id, { decision: "approve" }).catch((err: unknown) => err);
    expect((own as InkbaseError).status).toBe(403);
    expect((await inkbase.reviews.list({ status: "open" })).data.map((item) => item.id)).toEqual([review.id]);
    expect(await inkbase.reviews.withdraw(review.id)).toMatchObject({ id: review.id, status: "withdrawn" });
    expect(await inkbase.reviews.get(review.id)).toMatchObject({ status: "withdrawn" });
    expect(await inkbase.project.get()).toEqual({ reviewRequired: false });
    expect(await inkbase.project.update({ reviewRequired: true })).toEqual({ reviewRequired: true });
  });

  it("creates, reads, updates with If-Match, publishes and lists a post", async () => {
    const { user, inkbase } = await client();
    const me = await inkbase.me();
    expect(me).toMatchObject({ id: user.id, username: user.username, scopes: expect.arrayContaining(["posts:write"]) });

    const slug = uniqueName("sdk");
    const { id } = await inkbase.posts.create({ title: "From the SDK", slug, content: doc("Hello") });
    const { post, etag } = await inkbase.posts.getWithEtag(id, { format: "html" });
    expect(post).toMatchObject({ id, slug, status: "draft", format: "html" });
    expect(post.rendered).toContain("<p>Hello</p>");
    expect(etag).toBeTruthy();

    const updated = await inkbase.posts.update(id, { title: "Renamed" }, { ifMatch: etag });
    expect(updated.success).toBe(true);
    // The old ETag is now stale: a second write with it is refused, typed.
    const stale = await inkbase.posts.update(id, { title: "Lost" }, { ifMatch: etag }).catch((err: unknown) => err);
    expect(stale).toBeInstanceOf(InkbaseError);
    expect((stale as InkbaseError).status).toBe(412);
    expect((stale as InkbaseError).body.error).toBe("precondition_failed");

    await inkbase.posts.publish(id);
    const list = await inkbase.posts.list(user.username);
    expect(Array.isArray(list) && list.map((p) => p.slug)).toEqual([slug]);
    const page = await inkbase.posts.list(user.username, { page: 1, perPage: 5 });
    expect(page).toMatchObject({ pageInfo: { total: 1, page: 1, perPage: 5, hasMore: false } });
    const single = await inkbase.posts.getPublic(user.username, slug);
    expect(single).toMatchObject({ title: "Renamed", adjacent: { prev: null, next: null } });
    expect(await inkbase.posts.search(user.username, "Renamed")).toHaveLength(1);

    const bulk = await inkbase.posts.bulk({ ids: [id, "nope"], action: "unpublish" }, { representation: true });
    expect(bulk).toMatchObject({ success: true, affected: 1, results: [{ id, status: 200 }, { id: "nope", status: 404 }] });
    await inkbase.posts.delete(id);
    expect((await inkbase.posts.mine()).length).toBe(0);
  });

  it("throws one typed error with status, body and request id", async () => {
    const { inkbase } = await client();
    const err = await inkbase.posts.create({ title: "", slug: "Not A Slug" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InkbaseError);
    const error = err as InkbaseError;
    expect(error.status).toBe(400);
    expect(error.body.error).toBe("Invalid input");
    expect(error.fieldError("slug")).toBeTruthy();
    expect(error.requestId).toMatch(/\S+/);

    const anonymous = new Inkbase({ baseUrl: inject("baseUrl") });
    const unauthorized = await anonymous.posts.mine().catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
  });

  it("serves a repeat public read from its ETag store on 304", async () => {
    const { user, inkbase } = await client();
    await inkbase.posts.create({ title: "Cached", slug: uniqueName("c"), status: "published" });
    const seen: number[] = [];
    const cached = new Inkbase({
      baseUrl: inject("baseUrl"),
      conditionalGets: true,
      headers: { "X-Forwarded-For": uniqueIp() },
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.status);
        return response;
      },
    });
    const first = await cached.posts.tags(user.username);
    const second = await cached.posts.tags(user.username);
    expect(seen).toEqual([200, 304]);
    expect(second).toEqual(first);
  });
});

describe("@inkbase/sdk collections", () => {
  it("creates an entry with a label, updates with ifVersion, moves and removes labels", async () => {
    const { inkbase } = await client({ plan: "pro" });
    const slug = uniqueName("docs");
    const collection = await inkbase.collections.create({ name: "Docs", slug });
    expect(collection).toMatchObject({ id: slug, entryCount: 0 });

    const created = await inkbase.entries.create(slug, { data: { title: "One" }, label: "production" });
    expect(created).toMatchObject({ version: "v_1", labels: { production: { version: "v_1", meta: null } } });
    const v2 = await inkbase.entries.update(slug, created.id, { data: { title: "Two" }, ifVersion: "v_1" });
    expect(v2.version).toBe("v_2");
    const conflict = await inkbase.entries.update(slug, created.id, { data: { title: "Three" }, ifVersion: "v_1" }).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ status: 409, body: { error: "version_conflict", current: "v_2" } });

    expect(await inkbase.entries.get(slug, created.id)).toMatchObject({ version: "v_1", data: { title: "One" } });
    await inkbase.labels.move(slug, created.id, "production", { version: "v_2", meta: { by: "sdk" } });
    expect(await inkbase.labels.get(slug, created.id, "production")).toEqual({ label: "production", version: "v_2", meta: { by: "sdk" } });
    await inkbase.labels.rollBack(slug, created.id, "v_1");
    const published = await inkbase.entries.listByLabel(slug, "production");
    expect(published.entries.map((entry) => entry.version)).toEqual(["v_1"]);
    expect((await inkbase.versions.list(slug, created.id)).map((v) => v.version)).toEqual(["v_2", "v_1"]);
    expect(await inkbase.versions.get(slug, created.id, "v_2")).toMatchObject({ version: "v_2", data: { title: "Two" } });

    const bulk = await inkbase.entries.bulk(slug, { entries: [{ data: { title: "A" } }, { data: { title: "B" }, label: "staging" }] });
    expect(bulk.results.map((result) => result.status)).toEqual([201, 201]);
    const history = await inkbase.labels.history(slug, created.id, "production");
    expect(history.data.map((move) => [move.previousVersion, move.version])).toEqual([["v_2", "v_1"], ["v_1", "v_2"], [null, "v_1"]]);
    await inkbase.labels.remove(slug, created.id, "production");
    await inkbase.entries.delete(slug, created.id);
    await inkbase.collections.delete(slug);
  });

  it("changes a collection's schema (nested object fields) and reports the re-projection", async () => {
    const { inkbase } = await client({ plan: "pro" });
    const slug = uniqueName("guides");
    await inkbase.collections.create({ name: "Guides", slug, schema: { fields: [{ name: "title", type: "string" }] } });
    await inkbase.entries.create(slug, { data: { title: "One", seo: { title: "SEO one" } } });
    const fields = [
      { name: "title", type: "string" as const, required: true },
      { name: "seo", type: "object" as const, fields: [{ name: "title", type: "string" as const, max: 70 }] },
    ];
    const updated = await inkbase.collections.update(slug, { name: "Guides 2", schema: { fields, indexes: { title: "seo.title" } } });
    expect(updated).toMatchObject({ name: "Guides 2", schema: { fields }, reprojected: { updated: 1, skipped: 0, truncated: false } });
    expect((await inkbase.entries.list(slug)).entries.map((entry) => entry.title)).toEqual(["SEO one"]);
    const invalid = await inkbase.collections.update(slug, { schema: { fields: [{ name: "seo", type: "object", fields: [{ name: "x", type: "string", items: "string" }] }] } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, body: { error: "Invalid input" } });
    expect((invalid as InkbaseError).fieldError("schema.fields.0.fields.0.items")).toBe("items applies to array fields only");
  });

  it("models references with include, diffs before promoting, and schedules and cancels a move", async () => {
    const { inkbase } = await client({ plan: "pro" });
    const authors = uniqueName("authors");
    const articles = uniqueName("articles");
    await inkbase.collections.create({ name: "Authors", slug: authors, fields: [{ name: "name", type: "string" }] });
    await inkbase.collections.create({ name: "Articles", slug: articles, fields: [{ name: "title", type: "string" }, { name: "author", type: "reference", collection: authors }] });
    const ada = await inkbase.entries.create(authors, { data: { name: "Ada" }, label: "production" });
    const article = await inkbase.entries.create(articles, { data: { title: "One", author: ada.id }, label: "production" });
    const read = await inkbase.entries.get(articles, article.id, { include: "1" });
    expect(read.includes?.entries.map((entry) => [entry.id, entry.data])).toEqual([[ada.id, { name: "Ada" }]]);

    await inkbase.entries.update(articles, article.id, { data: { title: "Two", author: ada.id } });
    const diff = await inkbase.entries.diff(articles, article.id, { from: "production", to: "v_2" });
    expect(diff).toEqual({ from: { version: "v_1", label: "production" }, to: { version: "v_2" }, changes: [{ path: "/title", kind: "changed", before: "One", after: "Two" }] });

    const { scheduled } = await inkbase.labels.schedule(articles, article.id, "production", { version: "v_2", at: new Date(Date.now() + 3_600_000) });
    expect(scheduled).toMatchObject({ label: "production", version: "v_2", createdBy: { type: "key" } });
    expect((await inkbase.labels.scheduled(articles, { entryId: article.id })).data.map((move) => move.id)).toEqual([scheduled.id]);
    await inkbase.labels.cancelSchedule(articles, scheduled.id);
    const again = await inkbase.labels.cancelSchedule(articles, scheduled.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 404, body: { error: "Scheduled move not found" } });
    const blocked = await inkbase.entries.delete(authors, ada.id).catch((e: unknown) => e);
    expect(blocked).toMatchObject({ status: 409, body: { error: "Entry is referenced" } });
    expect(await inkbase.entries.delete(authors, ada.id, { force: true })).toEqual({ success: true });
  });
});

describe("@inkbase/sdk webhooks", () => {
  it("adds an endpoint, sends a test event, reads its delivery, redelivers failures and rotates the secret", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { inkbase } = await client();
      const endpoint = await inkbase.webhooks.create({ url: receiver.url, events: ["post.published"] });
      expect(endpoint.secret).toBeTruthy();
      expect((await inkbase.webhooks.list()).data.map((item) => item.id)).toEqual([endpoint.id]);
      expect(await inkbase.webhooks.update(endpoint.id, { active: true })).toMatchObject({ id: endpoint.id, active: true });

      const { deliveryId } = await inkbase.webhooks.test(endpoint.id);
      const [ping] = await receiver.waitFor(1);
      expect(await verifyWebhook(ping.body, ping.headers, endpoint.secret)).toMatchObject({ type: "ping" });
      expect((await inkbase.webhooks.deliveries.get(endpoint.id, deliveryId)).id).toBe(deliveryId);
      expect((await inkbase.webhooks.deliveries.list(endpoint.id)).data.map((delivery) => delivery.id)).toContain(deliveryId);
      // Nothing failed: nothing to redeliver.
      expect(await inkbase.webhooks.deliveries.redeliverFailed(endpoint.id, { since: new Date(0).toISOString() })).toEqual({ deliveryIds: [], hasMore: false });

      const rotated = await inkbase.webhooks.rotateSecret(endpoint.id);
      expect(rotated.secret).not.toBe(endpoint.secret);
      await inkbase.webhooks.delete(endpoint.id);
      expect((await inkbase.webhooks.list()).data).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe("@inkbase/sdk retries", () => {
  it("retries a 429 after Retry-After, at most maxRetries times", async () => {
    let calls = 0;
    const server = http.createServer((_req, res) => {
      calls++;
      if (calls <= 2) res.writeHead(429, { "Retry-After": "0", "Content-Type": "application/json" }).end(JSON.stringify({ error: "rate_limited", retryAfter: 0 }));
      else res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await new Inkbase({ baseUrl, maxRetries: 2 }).request("GET", "/x")).data).toEqual({ ok: true });
      expect(calls).toBe(3);
      calls = 0;
      const err = await new Inkbase({ baseUrl, maxRetries: 1 }).request("GET", "/x").catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 429, body: { error: "rate_limited" } });
      expect(calls).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("@inkbase/sdk media", () => {
  it("uploads in one request up to 4 MiB and through the two-step flow above, then lists, updates and deletes", async () => {
    const { inkbase } = await client();
    const small = await inkbase.media.upload(await photoJpeg({ width: 500, height: 400 }), { filename: "small.jpg", alt: "Small" });
    expect(small).toMatchObject({ filename: "small.jpg", width: 500, height: 400, alt: "Small" });

    const big = await noisePng(1300, 1100); // over 4 MiB: start, PUT to the upload URL, complete
    expect(big.length).toBeGreaterThan(ONE_REQUEST_MAX_BYTES);
    const sent: number[] = [];
    const large = await inkbase.media.upload(new Blob([big as Uint8Array<ArrayBuffer>], { type: "image/png" }), { filename: "noise.png", onProgress: (bytes) => sent.push(bytes) });
    expect(large).toMatchObject({ filename: "noise.png", mimeType: "image/png", width: 1300, height: 1100 });
    expect(sent.at(-1)).toBe(big.length);

    const page = await inkbase.media.list({ q: "noise" });
    expect(page.data.map((m) => m.id)).toEqual([large.id]);
    expect((await inkbase.media.update(small.id, { alt: "Smaller" })).alt).toBe("Smaller");
    await inkbase.media.delete(small.id);
    const gone = await inkbase.media.get(small.id).catch((err: unknown) => err);
    expect(gone).toBeInstanceOf(InkbaseError);
    expect((gone as InkbaseError).body.error).toBe("Media not found");
    const svg = await inkbase.media.upload(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), { filename: "x.svg" }).catch((err: unknown) => err);
    expect((svg as InkbaseError).status).toBe(415);
  });
});

describe("verifyWebhook", () => {
  const body = JSON.stringify({ id: "evt_1", type: "post.published", data: { id: "p1" } });

  it("accepts a delivery signed the way the server signs it, by either scheme", async () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ deliveryId: "d1", eventType: "post.published", body, secrets: [secret], timestamp: new Date() });
    expect((await verifyWebhook(body, headers, secret)).type).toBe("post.published");
    expect(await verifyWebhook(body, new Headers(headers), secret, { scheme: "standard" })).toMatchObject({ id: "evt_1" });
    expect(await verifyWebhook(Buffer.from(body), { "x-service-signature": headers["X-Service-Signature"] }, secret, { scheme: "service" })).toMatchObject({ id: "evt_1" });
  });

  it("accepts either secret during a rotation", async () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook({ deliveryId: "d2", eventType: "ping", body, secrets: [current, previous], timestamp: new Date() });
    await expect(verifyWebhook(body, headers, previous, { scheme: "standard" })).resolves.toBeTruthy();
  });

  it("rejects a changed body, a wrong secret, an old timestamp and missing headers", async () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ deliveryId: "d3", eventType: "ping", body, secrets: [secret], timestamp: new Date() });
    await expect(verifyWebhook(body.replace("p1", "p2"), headers, secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyWebhook(body, headers, generateWebhookSecret())).rejects.toBeInstanceOf(WebhookVerificationError);
    const old = signWebhook({ deliveryId: "d4", eventType: "ping", body, secrets: [secret], timestamp: new Date(Date.now() - 10 * 60_000) });
    await expect(verifyWebhook(body, old, secret, { scheme: "standard" })).rejects.toThrow(/tolerance/);
    await expect(verifyWebhook(body, { "content-type": "application/json" }, secret)).rejects.toThrow(/No signature/);
    // The service scheme alone is the documented HMAC of the raw body with the whole secret.
    const service = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    await expect(verifyWebhook(body, { "X-Service-Signature": service }, secret)).resolves.toBeTruthy();
  });
});
