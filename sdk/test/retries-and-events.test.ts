// @inkbase/sdk 0.4: every write carries an Idempotency-Key that its own retries reuse (so a write
// whose answer was lost is retried without applying it twice), network errors and 5xx are retried
// with a bound, and the event feed is `events.list`, `events.get` and `events.iterate`. Against the
// built server on the test database, with a fetch that loses answers on purpose.
import { describe, expect, inject, it } from "vitest";
import { Inkbase, InkbaseError } from "../dist/index.js";
import { SCOPES } from "../../lib/auth/scopes";
import { db } from "../../lib/db";
import { connectTestDatabase, createTestKey, createTestUser, uniqueName } from "../../tests/support/fixtures";

connectTestDatabase();

type Seen = { method: string; url: string; key: string | null };

/** A fetch that records each attempt and lets `fault` replace or follow the real one. */
function recordingFetch(fault: (attempt: number, real: () => Promise<Response>) => Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    seen.push({ method: init?.method ?? "GET", url: String(input), key: headers.get("idempotency-key") });
    return fault(seen.length, () => fetch(input, init));
  };
  return { seen, fetchImpl };
}

async function client(fetchImpl?: typeof fetch, options: { maxRetries?: number } = {}) {
  const user = await createTestUser({ plan: "pro" });
  const apiKey = await createTestKey(user.id, [...SCOPES]);
  return { user, inkbase: new Inkbase({ baseUrl: inject("baseUrl"), apiKey, fetch: fetchImpl, ...options }) };
}

describe("@inkbase/sdk safe retries", () => {
  it("retries a write whose answer was lost with the same key, and the server applies it once", async () => {
    // The first attempt reaches the server and is applied, then the connection "drops".
    const { seen, fetchImpl } = recordingFetch(async (attempt, real) => {
      const response = await real();
      if (attempt === 1) throw new TypeError("fetch failed: socket hang up");
      return response;
    });
    const { user, inkbase } = await client(fetchImpl);
    const slug = uniqueName("once");
    const created = await inkbase.posts.create({ title: "Exactly once", slug, status: "published" });
    expect(seen).toHaveLength(2);
    expect(seen[0].key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(seen[1].key).toBe(seen[0].key);
    expect(await db().post.count({ where: { ownerId: user.id, slug } })).toBe(1);
    expect(created.id).toBe((await db().post.findFirstOrThrow({ where: { ownerId: user.id, slug } })).id);
    // One post, so one post.published in the outbox (no second webhook).
    expect(await db().outboxEvent.count({ where: { ownerId: user.id, type: "post.published" } })).toBe(1);

    // Another call gets another key; reads get none.
    await inkbase.posts.update(created.id, { title: "Renamed" });
    await inkbase.posts.get(created.id);
    expect(seen[2].key).toMatch(/\S/);
    expect(seen[2].key).not.toBe(seen[0].key);
    expect(seen.at(-1)).toMatchObject({ method: "GET", key: null });
  });

  it("retries a 5xx and a 409 idempotency_key_in_use, bounded, and uses a key the caller chose", async () => {
    const unavailable = () => Response.json({ error: "Internal server error", requestId: "r" }, { status: 503 });
    const { seen, fetchImpl } = recordingFetch(async (attempt, real) => (attempt === 1 ? unavailable() : real()));
    const { inkbase } = await client(fetchImpl);
    const { id } = await inkbase.posts.create({ title: "After a 503", slug: uniqueName("retry") }, { headers: { "Idempotency-Key": "my-own-key-1" } });
    expect(id).toBeTruthy();
    expect(seen.map((attempt) => attempt.key)).toEqual(["my-own-key-1", "my-own-key-1"]);

    const inUse = () => Response.json({ error: "Request in progress", code: "idempotency_key_in_use" }, { status: 409, headers: { "Retry-After": "1" } });
    const waited = recordingFetch(async (attempt, real) => (attempt === 1 ? inUse() : real()));
    const second = await client(waited.fetchImpl);
    const started = Date.now();
    await second.inkbase.posts.create({ title: "After a 409", slug: uniqueName("retry") });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(waited.seen).toHaveLength(2);

    // Always failing: maxRetries + 1 attempts, then the error.
    const down = recordingFetch(async () => unavailable());
    const third = await client(down.fetchImpl, { maxRetries: 1 });
    const err = await third.inkbase.posts.create({ title: "Never", slug: uniqueName("never") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InkbaseError);
    expect((err as InkbaseError).status).toBe(503);
    expect(down.seen).toHaveLength(2);
    expect(new Set(down.seen.map((attempt) => attempt.key)).size).toBe(1);

    // A network error that never clears: status 0 after the retries.
    const offline = recordingFetch(async () => {
      throw new TypeError("fetch failed");
    });
    const fourth = await client(offline.fetchImpl, { maxRetries: 1 });
    const lost = await fourth.inkbase.posts.create({ title: "Offline", slug: uniqueName("off") }).catch((e: unknown) => e);
    expect((lost as InkbaseError).isNetworkError).toBe(true);
    expect(offline.seen).toHaveLength(2);
  });
});

describe("@inkbase/sdk events", () => {
  it("lists, gets and iterates the feed in commit order, and continues from a remembered id", async () => {
    const { user, inkbase } = await client();
    const { id } = await inkbase.posts.create({ title: "Feed", slug: uniqueName("feed"), status: "published" });
    for (let i = 0; i < 4; i++) await inkbase.posts.update(id, { title: `Feed ${i}` });
    await inkbase.collections.create({ name: "Docs", slug: "docs" });
    await inkbase.entries.create("docs", { data: { title: "Intro" }, label: "production" });

    const all = [];
    for await (const event of inkbase.events.iterate({ limit: 2 })) all.push(event);
    expect(all.map((event) => event.type)).toEqual(["post.published", "post.updated", "post.updated", "post.updated", "post.updated", "entry.created", "label.updated"]);
    expect(all.every((event) => event.project === user.username)).toBe(true);
    expect(await inkbase.events.get(all[3].id)).toEqual(all[3]);

    const page = await inkbase.events.list({ types: "post.updated", limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.pageInfo.hasMore).toBe(true);

    // A receiver back later: only what came after the last event it handled.
    await inkbase.posts.update(id, { title: "Later" });
    const later = [];
    for await (const event of inkbase.events.iterate({ after: all.at(-1)!.id })) later.push(event);
    expect(later.map((event) => event.type)).toEqual(["post.updated"]);
    expect(later[0].data).toMatchObject({ post: { id, title: "Later" } });

    const expired = await inkbase.events.list({ after: "evt_unknown" }).catch((e: unknown) => e);
    expect(expired).toMatchObject({ status: 410, body: { error: "Cursor expired" } });
  });
});
