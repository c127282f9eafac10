// A keyed write's own transaction (lib/request-context, issue 39) against the real database,
// through the route wrapper: everything the handler writes (Prisma calls, raw statements, the
// domain's own transactions) and the stored answer commit together; a 5xx commits none of it; a
// domain transaction that fails rolls the whole request back (its 4xx answer kept); work given to
// afterCommit runs once committed and never after a rollback; the writes are invisible outside
// until the commit. And an API key's expiry is judged by the database's clock.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { authenticateApiKey } from "../../lib/auth/authenticate-api-key";
import { db, rootDb } from "../../lib/db";
import { sql, sqlTransaction } from "../../lib/db-sql";
import { api } from "../../lib/http/api";
import { conflict } from "../../lib/http/api-error";
import { afterCommit, currentRequest } from "../../lib/request-context/request-context";
import { connectTestDatabase, createTestKey, createTestUser, uniqueName } from "../support/fixtures";
import { keyed, noParams, post, rows } from "../support/idempotency-requests";

connectTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const tagsNamed = (ownerId: string, name: string) => rootDb().tag.count({ where: { ownerId, name } });

/** A route writing two tags (Prisma in a domain transaction, then a raw statement), then `end`. */
function taggingRoute(end: (ownerId: string, name: string) => Promise<Response>) {
  /** How many of the tags the handler saw from inside, after writing them. */
  const seen: number[] = [];
  const route = api({
    auth: "key",
    body: z.object({ name: z.string() }),
    handler: async ({ body, principal }) => {
      const ownerId = principal.projectId;
      await db().$transaction((tx) => tx.tag.create({ data: { ownerId, name: body.name, slug: uniqueName("a") } }));
      await sqlTransaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "Tag" (id, "ownerId", name, slug) VALUES (${uniqueName("id")}, ${ownerId}, ${body.name}, ${uniqueName("b")})`;
      });
      // The request's own reads see its writes (they run in its transaction).
      seen.push(Number((await sql().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Tag" WHERE name = ${body.name}`)[0].n));
      return end(ownerId, body.name);
    },
  });
  return { route, seen };
}

describe("a keyed write's transaction", () => {
  it("commits the handler's writes with the stored answer, and a retry replays it without writing", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    const committed: number[] = [];
    const { route, seen } = taggingRoute(async (ownerId) => {
      afterCommit(() => void tagsNamed(ownerId, name).then((n) => committed.push(n)));
      expect(currentRequest()?.transaction?.joinable).toBe(true);
      return Response.json({ ok: true }, { status: 201 });
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const first = await route(post(headers, { name }), noParams);
    expect(first.status).toBe(201);
    expect(seen).toEqual([2]);
    expect(await tagsNamed(user.id, name)).toBe(2);
    await vi.waitFor(() => expect(committed).toEqual([2]));
    expect((await rows(user.id)).map((row) => row.status)).toEqual([201]);

    const again = await route(post(headers, { name }), noParams);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(seen).toHaveLength(1);
    expect(await tagsNamed(user.id, name)).toBe(2);
  });

  it("rolls back everything on a 5xx, runs no after-commit work, and frees the key", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    const after: string[] = [];
    const { route } = taggingRoute(async () => {
      afterCommit(() => after.push("ran"));
      throw new Error("boom after the writes");
    });
    const res = await route(post({ ...auth, "Idempotency-Key": uniqueName("k") }, { name }), noParams);
    expect(res.status).toBe(500);
    expect(await tagsNamed(user.id, name)).toBe(0);
    expect(await rows(user.id)).toEqual([]);
    expect(after).toEqual([]);
  });

  it("rolls back the whole request when a domain transaction failed, even caught, and keeps the 4xx it answered", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    const slug = uniqueName("dup");
    const route = api({
      auth: "key",
      body: z.object({ name: z.string() }),
      handler: async ({ body, principal }) => {
        const ownerId = principal.projectId;
        await db().tag.create({ data: { ownerId, name: body.name, slug } });
        try {
          // The same slug again: a unique violation inside its own transaction, which the domain
          // code catches and reports, as it would without the request's transaction.
          await db().$transaction(async (tx) => {
            await tx.tag.create({ data: { ownerId, name: body.name, slug: uniqueName("c") } });
            await tx.tag.create({ data: { ownerId, name: body.name, slug } });
          });
        } catch {
          throw conflict({ error: "Slug already used" });
        }
        return { unreachable: true };
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const res = await route(post(headers, { name }), noParams);
    expect(res.status).toBe(409);
    // Nothing stays: the failed transaction's insert, nor the one before it.
    expect(await tagsNamed(user.id, name)).toBe(0);
    expect((await rows(user.id)).map((row) => row.status)).toEqual([409]);
  });

  it("answers 500 and keeps nothing when the handler answers success after a failed domain transaction", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    const route = api({
      auth: "key",
      body: z.object({ name: z.string() }),
      handler: async ({ body, principal }) => {
        const ownerId = principal.projectId;
        await db().tag.create({ data: { ownerId, name: body.name, slug: uniqueName("e") } });
        await sqlTransaction(async (tx) => {
          await tx.$executeRaw`SELECT 1 / 0`;
        }).catch(() => {});
        return Response.json({ ok: true }, { status: 201 });
      },
    });
    const res = await route(post({ ...auth, "Idempotency-Key": uniqueName("k") }, { name }), noParams);
    expect(res.status).toBe(500);
    expect(await tagsNamed(user.id, name)).toBe(0);
    expect(await rows(user.id)).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("keeps its writes invisible to other connections until it commits (PostgreSQL)", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    let outside = -1;
    const { route } = taggingRoute(async (ownerId) => {
      // Another connection (the root client) sees nothing yet. On the embedded database it would
      // wait for the commit instead (one transaction at a time), hence PostgreSQL only.
      outside = await tagsNamed(ownerId, name);
      return Response.json({}, { status: 201 });
    });
    expect((await route(post({ ...auth, "Idempotency-Key": uniqueName("k") }, { name }), noParams)).status).toBe(201);
    expect(outside).toBe(0);
    expect(await tagsNamed(user.id, name)).toBe(2);
  });

  it("runs a write without a key in the domain's own transactions, with no request transaction", async () => {
    const { user, auth } = await keyed();
    const name = uniqueName("t");
    let transaction: unknown = "unset";
    const { route } = taggingRoute(async () => {
      transaction = currentRequest()?.transaction;
      return Response.json({}, { status: 201 });
    });
    expect((await route(post(auth, { name }), noParams)).status).toBe(201);
    expect(transaction).toBeNull();
    expect(await tagsNamed(user.id, name)).toBe(2);
  });
});

describe("API key expiry", () => {
  it("is judged by the database's clock, whatever this process's clock says", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    const id = (await rootDb().apiKey.findFirstOrThrow({ where: { userId: user.id }, select: { id: true } })).id;
    // Expired a second ago by the database's clock; this process's clock an hour behind.
    await sql().$executeRaw`UPDATE "ApiKey" SET "expiresAt" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = ${id}`;
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow - 3_600_000);
    expect(await authenticateApiKey(key)).toBeNull();
    // Valid for another minute by the database's clock; this process's clock an hour ahead.
    await sql().$executeRaw`UPDATE "ApiKey" SET "expiresAt" = (now() AT TIME ZONE 'UTC') + interval '1 minute' WHERE id = ${id}`;
    vi.spyOn(Date, "now").mockReturnValue(realNow + 3_600_000);
    expect((await authenticateApiKey(key))?.projectId).toBe(user.id);
  });
});
