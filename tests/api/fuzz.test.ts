// Property-based fuzzing of every API route against the running server (issue 14). The routes
// are enumerated from app/api/**/route.ts and their exported methods, so a route merged later
// without a generator here fails the first test. Each request carries valid credentials and
// hostile params, queries and bodies; every answer must be below 500, every error body must have
// the documented shape ({ error: string }, `issues` on Invalid input, Retry-After on 429), and a
// refused write must leave the owner's data exactly as it was.
import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPES } from "../../lib/auth/scopes";
import { db } from "../../lib/db";
import { ARTICLE_SCHEMA, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase, createTestKey, sessionCookieFor, uniqueName } from "../support/fixtures";
import { baseUrl, uniqueIp } from "../support/posts-api";
import { hostileJson, hostileString, rawBodies, type FuzzBody } from "../support/fuzz-values";
import { enumerateRoutes, GENERATORS, QUERY_NAMES, WRITE_METHODS, type Generator } from "../support/fuzz-routes";

connectTestDatabase();

/** Runs per route method: about 30 methods × this, a couple of thousand requests in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

type World = {
  ownerId: string;
  username: string;
  postId: string;
  postSlug: string;
  collectionId: string;
  entryId: string;
  cookie: string;
  nextKey(): Promise<string>;
};

let world: World;
let requests = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  const owner = await proOwner();
  const allScopes = [...SCOPES];
  // Keys rotate before the per-key limit (300 a minute) is reached, so most requests get past it.
  let key = await createTestKey(owner.user.id, allScopes);
  let used = 0;
  const postSlug = uniqueName("fuzz");
  const created = await fetch(`${baseUrl()}/api/posts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title: "Fuzz target", slug: postSlug, status: "published", tagNames: ["fuzz"] }),
  });
  if (created.status !== 201) throw new Error(`post create failed: ${created.status} ${await created.text()}`);
  const postId = ((await created.json()) as { id: string }).id;
  const collectionId = await makeCollection(owner.api, { schema: ARTICLE_SCHEMA });
  const entryId = await makeEntry(owner.api, collectionId, { title: "Fuzz", slug: "fuzz" }, "production");
  world = {
    ownerId: owner.user.id,
    username: owner.user.username,
    postId,
    postSlug,
    collectionId,
    entryId,
    cookie: await sessionCookieFor(owner.user.id),
    async nextKey() {
      if (++used > 250) {
        key = await createTestKey(owner.user.id, allScopes);
        used = 1;
      }
      return key;
    },
  };
}, 120_000);

afterAll(() => {
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
  console.log(`[fuzz] ${requests} requests tried over ${enumerateRoutes().length} route methods (${summary})`);
});

/** The owner's data in one comparable value: counts plus the newest write times. */
async function fingerprint(ownerId: string): Promise<string> {
  const client = db();
  const collection = { collection: { ownerId } };
  const values = await Promise.all([
    client.post.count({ where: { ownerId } }),
    client.post.aggregate({ where: { ownerId }, _max: { updatedAt: true } }),
    client.postRevision.count({ where: { post: { ownerId } } }),
    client.postRevision.aggregate({ where: { post: { ownerId } }, _max: { createdAt: true } }),
    client.tag.count({ where: { ownerId } }),
    client.collection.count({ where: { ownerId } }),
    client.collection.aggregate({ where: { ownerId }, _max: { updatedAt: true } }),
    client.entry.count({ where: collection }),
    client.entry.aggregate({ where: collection, _max: { updatedAt: true } }),
    client.entryVersion.count({ where: { entry: collection } }),
    client.entryLabel.count({ where: { entry: collection } }),
    client.scheduledLabelMove.count({ where: collection }),
    client.outboxEvent.count({ where: { ownerId } }),
    client.webhookSubscription.count({ where: { ownerId } }),
    client.media.count({ where: { ownerId } }),
    client.user.findUnique({ where: { id: ownerId }, select: { displayName: true, updatedAt: true } }),
  ]);
  return JSON.stringify(values);
}

function paramValue(name: string): fc.Arbitrary<string> {
  const valid: Record<string, () => string> = {
    id: () => (Math.random() < 0.5 ? world.collectionId : world.postId),
    entryId: () => world.entryId,
    project: () => world.username,
    slug: () => world.postSlug,
    name: () => "production",
    version: () => "v_1",
    revision: () => "1",
    nextauth: () => "session",
  };
  const good = valid[name];
  return fc.oneof(
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(null).map(() => (good ? good() : "x")) },
  );
}

/** Fills the route template: `[x]` one segment, `[...x]` one or more. */
function pathFor(template: string): fc.Arbitrary<string> {
  const parts = template.split("/").map((segment) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    if (catchAll) return fc.array(fc.oneof(paramValue(catchAll[1]), fc.constantFrom("csrf", "session", "providers", "signin", "callback/credentials", "signout", "error")), { minLength: 1, maxLength: 3 }).map((values) => values.map((value) => value.split("/").map(encodeSegment).join("/")).join("/"));
    const single = /^\[(\w+)\]$/.exec(segment);
    if (single) return paramValue(single[1]).map(encodeSegment);
    return fc.constant(segment);
  });
  return fc.tuple(...parts).map((segments) => segments.join("/"));
}

/**
 * One path segment, percent-encoded ("/" too, so a value never splits into two segments). A
 * lone surrogate cannot be UTF-8: it goes out as the invalid bytes %ED%A0%80. "." and ".." would
 * be resolved away by the URL parser before reaching the route, so they get a suffix.
 */
function encodeSegment(value: string): string {
  const segment = value === "." || value === ".." ? `${value}x` : value;
  return encodeURIComponent(segment.toWellFormed()).replaceAll("%EF%BF%BD", "%ED%A0%80");
}

const queryArb = fc
  .dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), hostileString), hostileString, { maxKeys: 3 })
  .map((entries) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(entries)) search.append(name.toWellFormed(), value.toWellFormed());
    // URLSearchParams cannot carry a lone surrogate: put the NULs back in raw percent form.
    return search.toString();
  });

function bodyFor(generator: Generator): fc.Arbitrary<FuzzBody | undefined> {
  if (!generator.fields) return fc.constant(undefined);
  const fields = generator.fields;
  const mixed = fc
    .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: Math.min(4, fields.length) })
    .chain((names) => fc.tuple(...names.map(() => hostileJson)).map((values) => Object.fromEntries(names.map((name, i) => [name, values[i]]))));
  return fc.oneof(
    { weight: 4, arbitrary: mixed.map((value): FuzzBody => ({ kind: "json", value })) },
    { weight: 2, arbitrary: hostileJson.map((value): FuzzBody => ({ kind: "json", value })) },
    { weight: 1, arbitrary: rawBodies },
  );
}

/** Writes sometimes carry an Idempotency-Key: a fresh one, or a malformed one (400, nothing runs). */
const idempotencyKeyArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom("", "k".repeat(256), "tab\there", "caf\u00e9") },
);

async function send(method: string, generator: Generator, url: string, body: FuzzBody | undefined, idempotencyKey?: string): Promise<Response> {
  const headers: Record<string, string> = { "X-Forwarded-For": uniqueIp() };
  if (idempotencyKey !== undefined && WRITE_METHODS.has(method) && !generator.foreign) headers["Idempotency-Key"] = idempotencyKey;
  if (generator.auth === "key") headers.Authorization = `Bearer ${await world.nextKey()}`;
  if (generator.auth === "session") headers.Cookie = world.cookie;
  if (generator.auth === "cron") headers.Authorization = `Bearer ${process.env.CRON_SECRET_FOR_FUZZ ?? "test-cron-secret"}`;
  let payload: string | undefined;
  if (body?.kind === "json") {
    headers["Content-Type"] = generator.foreign ? "application/x-www-form-urlencoded" : "application/json";
    payload = generator.foreign ? formOf(body.value) : JSON.stringify(body.value);
  } else if (body?.kind === "raw") {
    if (body.contentType) headers["Content-Type"] = body.contentType;
    payload = body.text;
  }
  requests += 1;
  try {
    return await fetch(url, { method, headers, body: payload, redirect: "manual" });
  } catch (err) {
    // A URL just under Node's 16 KB request limit with an empty path segment gets Next's 308, whose
    // Location repeats the URL: more header than fetch's own 16 KB limit reads. The answer is
    // the server's all the same, so it is read with a larger limit and checked like any other.
    if ((err as { cause?: { code?: string } }).cause?.code === "UND_ERR_HEADERS_OVERFLOW") return sendWithLargeHeaders(method, url, headers, payload);
    throw err;
  }
}

function sendWithLargeHeaders(method: string, url: string, headers: Record<string, string>, payload: string | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, maxHeaderSize: 256 * 1024 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) for (const one of [value ?? []].flat()) answer.append(name, one);
        const status = res.statusCode ?? 0;
        const empty = method === "HEAD" || [204, 205, 304].includes(status);
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

function formOf(value: unknown): string {
  const form = new URLSearchParams();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [name, item] of Object.entries(value)) form.append(name.toWellFormed(), (typeof item === "string" ? item : JSON.stringify(item) ?? "").toWellFormed());
  }
  return form.toString();
}

async function checkAnswer(res: Response, generator: Generator, label: string): Promise<void> {
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const text = await res.text();
  expect(res.status, `${label} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (generator.foreign || res.status < 400) return;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${label} → ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  expect(typeof body.error, `${label} → ${res.status} ${text.slice(0, 300)}`).toBe("string");
  if (body.error === "Invalid input") {
    expect(Array.isArray(body.issues), label).toBe(true);
    for (const issue of body.issues as { path: unknown; message: unknown }[]) {
      expect(Array.isArray(issue.path) && (issue.path as unknown[]).every((p) => typeof p === "string"), label).toBe(true);
      expect(typeof issue.message, label).toBe("string");
    }
  }
  if (res.status === 429) expect(res.headers.get("retry-after"), label).toMatch(/^\d+$/);
}

describe("fuzzing every route", () => {
  it("has a generator for every route method in app/api", () => {
    const missing = enumerateRoutes().filter((route) => !GENERATORS[route]);
    expect(missing, "add these to GENERATORS in tests/api/fuzz.test.ts").toEqual([]);
  });

  it.each(enumerateRoutes().filter((route) => GENERATORS[route]))("%s: no 5xx, documented error bodies, refused writes change nothing", async (route) => {
    const [method, template] = route.split(" ");
    const generator = GENERATORS[route];
    await fc.assert(
      fc.asyncProperty(pathFor(template), queryArb, bodyFor(generator), idempotencyKeyArb, async (pathname, query, body, idempotencyKey) => {
        const url = `${baseUrl()}${pathname}${query ? `?${query}` : ""}`;
        const label = `${method} ${pathname}${query ? `?${query}` : ""} ${body ? JSON.stringify(body).slice(0, 200) : ""}`;
        const checkWrite = WRITE_METHODS.has(method) && !generator.foreign;
        const before = checkWrite ? await fingerprint(world.ownerId) : "";
        const res = await send(method, generator, url, body, idempotencyKey);
        await checkAnswer(res, generator, label);
        if (checkWrite && res.status >= 400) expect(await fingerprint(world.ownerId), `${label} → ${res.status} changed data`).toBe(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
