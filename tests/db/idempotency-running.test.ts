// Idempotency-Key while the first request is still running (409 idempotency_key_in_use, one run
// among concurrent copies, a lapsed claim taken over) and after 24 hours (run again; the tick
// prunes expired answers), against the real database.
import { describe, expect, it } from "vitest";
import { api } from "../../lib/http/api";
import { sql } from "../../lib/db-sql";
import { pruneIdempotencyKeys } from "../../lib/idempotency/prune-idempotency-keys";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { countingRoute, keyed, noParams, post, request, rows } from "../support/idempotency-requests";

connectTestDatabase();

describe("a request still running", () => {
  it("answers 409 idempotency_key_in_use with Retry-After: 1, then replays once the first is done", async () => {
    const { auth } = await keyed();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    const route = api({
      auth: "key",
      handler: async () => {
        runs++;
        await gate;
        return Response.json({ done: true }, { status: 201 });
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const first = route(request("/slow", { headers }), noParams);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const meanwhile = await route(request("/slow", { headers }), noParams);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.headers.get("Retry-After")).toBe("1");
    expect(await meanwhile.json()).toEqual({ error: "Request in progress", code: "idempotency_key_in_use" });
    open();
    expect((await first).status).toBe(201);
    const after = await route(request("/slow", { headers }), noParams);
    expect(after.status).toBe(201);
    expect(after.headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toBe(1);
  });

  it("runs exactly one of many identical concurrent requests; the rest wait (409) or replay it", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const answers = await Promise.all(Array.from({ length: 12 }, () => route(post(headers, { title: "Once" }), noParams)));
    expect(runs).toHaveLength(1);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const bodies = await Promise.all(answers.filter((res) => res.status === 201).map((res) => res.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it("takes over a claim whose lease ran out (its server died), but not a live one", async () => {
    const { user, key, auth } = await keyed();
    const { route, runs } = countingRoute();
    const keyId = (await sql().$queryRaw<{ id: string }[]>`SELECT id FROM "ApiKey" WHERE "userId" = ${user.id}`)[0].id;
    expect(key).toBeTruthy();
    const claim = (name: string, lockedUntil: string) => sql().$executeRaw`
      INSERT INTO "IdempotencyKey" ("userId", "apiKeyId", key, token, "lockedUntil", "expiresAt")
      VALUES (${user.id}, ${keyId}, ${name}, 'crashed-server', now() + ${lockedUntil}::interval, now() + interval '1 day')`;
    await claim("live", "30 seconds");
    await claim("lapsed", "-1 second");
    expect((await route(post({ ...auth, "Idempotency-Key": "live" }, { title: "x" }), noParams)).status).toBe(409);
    const taken = await route(post({ ...auth, "Idempotency-Key": "lapsed" }, { title: "x" }), noParams);
    expect(taken.status).toBe(201);
    expect(taken.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await route(post({ ...auth, "Idempotency-Key": "lapsed" }, { title: "x" }), noParams)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toHaveLength(1);
  });
});

describe("24 hours", () => {
  it("runs a key again once its answer expired, and the tick's pruning deletes expired answers", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    await route(post(headers, { title: "x" }), noParams);
    await sql().$executeRaw`UPDATE "IdempotencyKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    const again = await route(post(headers, { title: "x" }), noParams);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(runs).toHaveLength(2);
    const expiresIn = await sql().$queryRaw<{ hours: number }[]>`SELECT round(extract(epoch FROM "expiresAt" - now()) / 3600)::int AS hours FROM "IdempotencyKey" WHERE "userId" = ${user.id}`;
    expect(expiresIn[0].hours).toBe(24);

    await sql().$executeRaw`UPDATE "IdempotencyKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    await route(post({ ...auth, "Idempotency-Key": "fresh" }, { title: "y" }), noParams);
    const { pruned } = await pruneIdempotencyKeys();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect((await rows(user.id)).map((row) => row.key)).toEqual(["fresh"]);
  });
});
