// Idempotency-Key in the route wrapper (PLATFORM.md "Safe retries"), against the real database:
// replays run nothing, a different request is 422, 4xx answers are kept and 5xx/429 ones are not,
// and keys belong to their principal. A request still running and expiry:
// ./idempotency-running.test.ts; the fingerprint of raw bodies: ./idempotency-fingerprint.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { api } from "../../lib/http/api";
import { notFound } from "../../lib/http/api-error";
import { connectTestDatabase, createTestKey, sessionCookieFor, uniqueName } from "../support/fixtures";
import { countingRoute, keyed, noParams, post, request, rows } from "../support/idempotency-requests";

connectTestDatabase();

const savedLimit = process.env.RATE_LIMIT_KEY_PER_MIN;
afterEach(() => {
  if (savedLimit === undefined) delete process.env.RATE_LIMIT_KEY_PER_MIN;
  else process.env.RATE_LIMIT_KEY_PER_MIN = savedLimit;
});

describe("Idempotency-Key replays", () => {
  it("replays the first answer (status, body, Location, ETag) with Idempotent-Replayed and runs nothing", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const first = await route(post(headers, { title: "One" }), noParams);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const firstBody = await first.text();

    const again = await route(post(headers, { title: "One" }), noParams);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("Location")).toBe("/things/1");
    expect(again.headers.get("ETag")).toBe('"v1"');
    expect(again.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    expect(again.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(runs).toHaveLength(1);
  });

  it("changes nothing for a write without the header: it runs every time and stores nothing", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    for (let i = 0; i < 2; i++) {
      const res = await route(post(auth, { title: "Same" }), noParams);
      expect(res.status).toBe(201);
      expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    }
    expect(runs).toHaveLength(2);
    expect(await rows(user.id)).toEqual([]);
  });

  it("ignores the header on reads", async () => {
    const { user, auth } = await keyed();
    let runs = 0;
    const route = api({ auth: "key", handler: async () => ({ n: ++runs }) });
    for (let i = 0; i < 2; i++) await route(request("/things", { method: "GET", headers: { ...auth, "Idempotency-Key": "same" } }), noParams);
    expect(runs).toBe(2);
    expect(await rows(user.id)).toEqual([]);
  });

  it("answers 422 idempotency_key_reused to the same key with another body, path or method, and runs nothing", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    expect((await route(post(headers, { title: "One" }), noParams)).status).toBe(201);
    for (const res of [
      await route(post(headers, { title: "Two" }), noParams),
      await route(post(headers, { title: "One" }, "/other"), noParams),
      await route(post(headers, { title: "One" }, "/things?x=1"), noParams),
      await route(post(headers, { title: "One" }, "/things", "PUT"), noParams),
      // Byte-for-byte: the same JSON with other whitespace is another body.
      await route(request("/things", { headers: { ...headers, "Content-Type": "application/json" }, body: '{ "title": "One" }' }), noParams),
    ]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: "Idempotency key reused", code: "idempotency_key_reused" });
    }
    expect(runs).toHaveLength(1);
  });

  it("stores 4xx answers and replays them", async () => {
    const { auth } = await keyed();
    let runs = 0;
    const route = api({
      auth: "key",
      body: z.object({ title: z.string() }),
      handler: async () => {
        runs++;
        throw notFound("Thing not found");
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    for (let i = 0; i < 2; i++) {
      const res = await route(post(headers, { title: "x" }), noParams);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Thing not found" });
      expect(res.headers.get("Idempotent-Replayed")).toBe(i === 0 ? null : "true");
    }
    // A body the schema refuses is answered (400) and kept the same way.
    const invalid = { ...auth, "Idempotency-Key": uniqueName("k") };
    const refused = await route(post(invalid, { title: 5 }), noParams);
    expect(refused.status).toBe(400);
    const replayed = await route(post(invalid, { title: 5 }), noParams);
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await refused.json());
    expect(runs).toBe(1);
  });

  it("does not store a 5xx: the retry runs again and its answer is kept", async () => {
    const { user, auth } = await keyed();
    let runs = 0;
    const route = api({
      auth: "key",
      handler: async () => {
        runs++;
        if (runs === 1) throw new Error("the database went away");
        return { ok: runs };
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    expect((await route(request("/x", { method: "DELETE", headers }), noParams)).status).toBe(500);
    expect(await rows(user.id)).toEqual([]);
    const retried = await route(request("/x", { method: "DELETE", headers }), noParams);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ ok: 2 });
    const replayed = await route(request("/x", { method: "DELETE", headers }), noParams);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toBe(2);
  });

  it("charges the rate limit for the first request only, and does not store a 429", async () => {
    process.env.RATE_LIMIT_KEY_PER_MIN = "3";
    // A fixed one-minute window: a burst that straddles the minute is tried again with a new key.
    for (let attempt = 0; ; attempt++) {
      const { user, auth } = await keyed();
      const { route, runs } = countingRoute();
      const startedMinute = Math.floor(Date.now() / 60_000);
      const first = { ...auth, "Idempotency-Key": "first" };
      expect((await route(post(first, { title: "a" }), noParams)).headers.get("X-RateLimit-Remaining")).toBe("2");
      for (let i = 0; i < 5; i++) {
        const replay = await route(post(first, { title: "a" }), noParams);
        expect(replay.status).toBe(201);
        expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
      }
      const second = await route(post({ ...auth, "Idempotency-Key": "second" }, { title: "b" }), noParams);
      const third = await route(post({ ...auth, "Idempotency-Key": "third" }, { title: "c" }), noParams);
      const limited = await route(post({ ...auth, "Idempotency-Key": "fourth" }, { title: "d" }), noParams);
      if (Math.floor(Date.now() / 60_000) !== startedMinute && attempt < 2) continue;
      expect([second.status, third.status, limited.status]).toEqual([201, 201, 429]);
      expect(runs).toHaveLength(3);
      // The refused request's key was given back: once the window allows, its retry runs.
      expect((await rows(user.id)).map((row) => row.key).sort()).toEqual(["first", "second", "third"]);
      return;
    }
  });

  it("refuses a malformed key with 400 before anything runs", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    for (const key of ["", "x".repeat(256), "tab\there", "del\x7f"]) {
      const res = await route(post({ ...auth, "Idempotency-Key": key }, { title: "x" }), noParams);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid input", issues: [{ path: ["Idempotency-Key"], message: "Idempotency-Key must be 1 to 255 printable ASCII characters" }] });
    }
    const longest = await route(post({ ...auth, "Idempotency-Key": "~".repeat(255) }, { title: "x" }), noParams);
    expect(longest.status).toBe(201);
    expect(runs).toHaveLength(1);
    expect(await rows(user.id)).toHaveLength(1);
  });
});

describe("Idempotency-Key belongs to its principal", () => {
  it("keeps keys apart per API key, per user, and shares them between a user's sessions", async () => {
    const { user, key, auth } = await keyed();
    const otherKey = await createTestKey(user.id, ["posts:write"]);
    const stranger = await keyed();
    const { route, runs } = countingRoute();
    const idem = { "Idempotency-Key": "shared-key" };
    const cookie = { Cookie: await sessionCookieFor(user.id) };
    const statuses = [];
    for (const headers of [auth, { Authorization: `Bearer ${otherKey}` }, { Authorization: `Bearer ${stranger.key}` }, cookie, cookie, auth]) {
      const res = await route(post({ ...headers, ...idem }, { title: "x" }), noParams);
      statuses.push(res.headers.get("Idempotent-Replayed") ?? "ran");
    }
    expect(statuses).toEqual(["ran", "ran", "ran", "ran", "true", "true"]);
    expect(runs).toHaveLength(4);
    expect(key).not.toBe(otherKey);
  });
});
