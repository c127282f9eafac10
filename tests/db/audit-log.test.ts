// The audit log's storage rules (TEAMS.md "Audit log"): a row only inside a request (who acted,
// from where, which response), none when the change rolls back, append-only at the database (a
// trigger refuses UPDATE, DELETE and TRUNCATE except the prune's and an account deletion's
// DELETE), the GET filters (actor, action or area, target, since/until inclusive) with a stable
// cursor, CSV quoting, and retention (AUDIT_RETENTION_DAYS, never under 365). Runs on whichever
// database the run has: PostgreSQL with TEST_DATABASE_URL, else the embedded PGlite.
import { afterEach, describe, expect, it } from "vitest";
import type { Principal } from "../../lib/auth/principal";
import { auditCsvLine, auditCsvStream, csvField } from "../../lib/audit/audit-csv";
import { auditQuerySchema } from "../../lib/audit/audit-query";
import { listAuditEvents } from "../../lib/audit/list-audit-events";
import { pruneAuditLog } from "../../lib/audit/prune-audit-log";
import { recordAudit } from "../../lib/audit/record-audit";
import { deleteAccount } from "../../lib/accounts/delete-account";
import { db } from "../../lib/db";
import { sql } from "../../lib/db-sql";
import { createPost } from "../../lib/posts/create-post";
import { deletePost } from "../../lib/posts/delete-post";
import { updatePost } from "../../lib/posts/update-post";
import { runInRequestContext } from "../../lib/request-context/request-context";
import { randomId } from "../../lib/random-id";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();
afterEach(() => {
  delete process.env.AUDIT_RETENTION_DAYS;
});

type User = Awaited<ReturnType<typeof createTestUser>>;

function sessionOf(user: User): Principal {
  return {
    kind: "session",
    projectId: user.id,
    projectUsername: user.username,
    plan: "free",
    role: "owner",
    actorId: user.id,
    actorUsername: user.username,
    email: user.email,
    emailVerified: true,
    scopes: null,
    keyId: null,
    keyKind: null,
  };
}

function keyOf(user: User, keyId: string, keyPrefix: string): Principal {
  return { ...sessionOf(user), kind: "key", scopes: ["posts:write"], keyId, keyPrefix, keyKind: "project", role: "admin" };
}

function asRequest<T>(principal: Principal, fn: () => Promise<T>, origin = { requestId: randomId("req"), ip: "203.0.113.9" }): Promise<T> {
  return runInRequestContext({ ...origin, principal, transaction: null }, fn);
}

const rowsOf = (projectId: string) =>
  db().$queryRaw<{ id: string; action: string; actorType: string; actorId: string; actorName: string | null; actorPrefix: string | null; ip: string; requestId: string; targetType: string; targetId: string }[]>`
    SELECT * FROM "AuditEvent" WHERE "projectId" = ${projectId} ORDER BY at, id`;

/** A row written straight into the table at `at` (INSERT is all the trigger allows anyway). */
async function seed(projectId: string, row: { at: Date; action: string; actorId?: string; targetType?: string; targetId?: string; actorName?: string }) {
  const id = randomId("aud");
  await db().$executeRaw`
    INSERT INTO "AuditEvent" (id, at, "projectId", "actorType", "actorId", "actorName", action, "targetType", "targetId", ip, "requestId")
    VALUES (${id}, ${row.at}::timestamp(3), ${projectId}, 'user', ${row.actorId ?? "u1"}, ${row.actorName ?? "alice"}, ${row.action}, ${row.targetType ?? "post"}, ${row.targetId ?? "p1"}, '198.51.100.1', ${"req-" + id})`;
  return id;
}

describe("recordAudit", () => {
  it("records the request's actor, IP and request id; a key as itself with its prefix; nothing outside a request", async () => {
    const user = await createTestUser();
    const origin = { requestId: "req-session-0001", ip: "203.0.113.9" };
    await asRequest(sessionOf(user), () => db().$transaction((tx) => recordAudit(tx, { action: "post.created", target: { type: "post", id: "p1", name: "Hello" } })), origin);
    await asRequest(keyOf(user, "key1", "ink_abcd1234"), () => recordAudit(sql(), { action: "post.deleted", target: { type: "post", id: "p1" } }));
    expect(await recordAudit(sql(), { action: "post.deleted", target: { type: "post", id: "p2" } })).toBe(false);

    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ action: "post.created", actorType: "user", actorId: user.id, actorName: user.username, ip: "203.0.113.9", requestId: "req-session-0001", targetType: "post", targetId: "p1" });
    expect(rows[1]).toMatchObject({ action: "post.deleted", actorType: "key", actorId: "key1", actorPrefix: "ink_abcd1234" });
  });

  it("writes nothing when the change's transaction rolls back", async () => {
    const user = await createTestUser();
    await expect(
      asRequest(sessionOf(user), () =>
        db().$transaction(async (tx) => {
          await recordAudit(tx, { action: "post.created", target: { type: "post", id: "p1" } });
          throw new Error("refused");
        }),
      ),
    ).rejects.toThrow("refused");
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("records post writes in their own statements, and nothing for a 404 or a 409", async () => {
    const user = await createTestUser();
    const principal = sessionOf(user);
    const owner = { id: user.id, username: user.username };
    const slug = uniqueName("post");
    const { id } = await asRequest(principal, () => createPost({ owner, input: { title: "First", slug } }));
    await asRequest(principal, () => updatePost({ owner, id, input: { title: "Second" } }));
    await asRequest(principal, () => updatePost({ owner, id, input: { status: "published" } }));
    // Unchanged: no write, no row.
    await asRequest(principal, () => updatePost({ owner, id, input: { title: "Second" } }));
    await expect(asRequest(principal, () => createPost({ owner, input: { title: "Dup", slug } }))).rejects.toMatchObject({ status: 409 });
    await expect(asRequest(principal, () => deletePost({ ownerId: user.id, id: "missing" }))).rejects.toMatchObject({ status: 404 });
    await asRequest(principal, () => deletePost({ ownerId: user.id, id }));
    expect((await rowsOf(user.id)).map((row) => row.action)).toEqual(["post.created", "post.updated", "post.published", "post.deleted"]);
  });
});

describe("append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    const user = await createTestUser();
    const id = await seed(user.id, { at: new Date(), action: "post.created" });
    await expect(db().$executeRaw`UPDATE "AuditEvent" SET action = 'post.deleted' WHERE id = ${id}`).rejects.toThrow(/append-only/);
    await expect(db().$executeRaw`DELETE FROM "AuditEvent" WHERE id = ${id}`).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`TRUNCATE "AuditEvent"`)).rejects.toThrow(/append-only/);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("prunes rows past the retention period, never under 365 days", async () => {
    const user = await createTestUser();
    const day = 24 * 3600_000;
    const old = await seed(user.id, { at: new Date(Date.now() - 400 * day), action: "post.created" });
    const kept = await seed(user.id, { at: new Date(Date.now() - 300 * day), action: "post.created" });
    process.env.AUDIT_RETENTION_DAYS = "10"; // raised to 365
    await pruneAuditLog();
    expect((await rowsOf(user.id)).map((row) => row.id)).toEqual([kept]);
    expect(old).toBeTruthy();
    process.env.AUDIT_RETENTION_DAYS = "400";
    const older = await seed(user.id, { at: new Date(Date.now() - 401 * day), action: "post.created" });
    await pruneAuditLog();
    expect((await rowsOf(user.id)).map((row) => row.id)).not.toContain(older);
  });
});

describe("an account's deletion", () => {
  it("takes its project's log with it (the trigger lets that delete through), and no one else's", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    await seed(user.id, { at: new Date(), action: "post.created" });
    const kept = await seed(other.id, { at: new Date(), action: "post.created" });
    await deleteAccount({ principal: sessionOf(user), body: { password: user.password }, ip: "203.0.113.10" });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await rowsOf(other.id)).map((row) => row.id)).toEqual([kept]);
  });
});

describe("reading the log", () => {
  const query = (input: Record<string, string>) => auditQuerySchema.parse(input);

  it("filters by actor, action or area, target and inclusive times, newest first, paging with a cursor", async () => {
    const user = await createTestUser();
    const base = Date.UTC(2026, 10, 1);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const a = await seed(user.id, { at: at(0), action: "post.created", actorId: "u1", targetId: "p1" });
    const b = await seed(user.id, { at: at(1), action: "post.updated", actorId: "u2", targetId: "p1" });
    const c = await seed(user.id, { at: at(2), action: "entry.created", actorId: "u1", targetType: "entry", targetId: "e1" });
    const d = await seed(user.id, { at: at(2), action: "postal.sent", actorId: "u1", targetId: "p9" }); // not area "post"
    const other = await createTestUser();
    await seed(other.id, { at: at(1), action: "post.created" });
    const ids = async (input: Record<string, string>) => (await listAuditEvents({ projectId: user.id, query: query(input) })).data.map((row) => row.id);

    expect(await ids({})).toEqual([...[c, d].sort().reverse(), b, a]);
    expect(await ids({ actor: "u2" })).toEqual([b]);
    expect(await ids({ action: "post.updated" })).toEqual([b]);
    expect(await ids({ action: "post" })).toEqual([b, a]);
    expect(await ids({ action: "post", actor: "u1" })).toEqual([a]);
    expect(await ids({ action: "entry" })).toEqual([c]);
    expect(await ids({ action: "webhook" })).toEqual([]);
    // An area a page at a time: each action's range merged, the cursor carried across them.
    const area: string[] = [];
    for (let cursor: string | null | undefined; cursor !== null; ) {
      const page: Awaited<ReturnType<typeof listAuditEvents>> = await listAuditEvents({ projectId: user.id, query: query({ action: "post", limit: "1", ...(cursor ? { cursor } : {}) }) });
      area.push(...page.data.map((row) => row.id));
      cursor = page.nextCursor;
    }
    expect(area).toEqual([b, a]);
    expect(await ids({ target: "post:p1" })).toEqual([b, a]);
    expect(await ids({ target: "entry:e1" })).toEqual([c]);
    expect(await ids({ since: at(1).toISOString(), until: at(1).toISOString() })).toEqual([b]);
    expect(await ids({ since: at(1).toISOString() })).toHaveLength(3);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listAuditEvents>> = await listAuditEvents({ projectId: user.id, query: query({ limit: "1", ...(cursor ? { cursor } : {}) }) });
      seen.push(...page.data.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(await ids({}));
  });

  it("refuses limits outside 1–200 and a forged cursor", async () => {
    expect(auditQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ limit: "201" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ action: "nonsense" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ target: "post" }).success).toBe(false);
    await expect(listAuditEvents({ projectId: "x", query: query({ cursor: "bm9wZQ" }) })).rejects.toMatchObject({ status: 400, body: { error: "Invalid cursor" } });
  });

  it("streams CSV with quoting, every matching row across pages", async () => {
    expect(csvField('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("plain")).toBe("plain");
    const user = await createTestUser();
    const at = new Date(Date.UTC(2026, 10, 2));
    for (let i = 0; i < 3; i++) await seed(user.id, { at: new Date(at.getTime() + i), action: "post.created", actorName: i === 0 ? "o'neil, \"jr\"" : "bob" });
    const text = await new Response(auditCsvStream({ projectId: user.id, query: query({}) })).text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("id,at,actorType,actorId,actorName,action,targetType,targetId,ip,requestId");
    expect(lines).toHaveLength(5); // header, 3 rows, trailing empty
    expect(lines[3]).toContain('"o\'neil, ""jr"""');
    expect(auditCsvLine({ id: "aud_1", at, actorType: "key", actorId: "k1", actorName: null, actorPrefix: "ink_12345678", action: "post.created", targetType: "post", targetId: "p", targetName: null, changes: null, ip: "::1", requestId: "r" })).toBe(
      `aud_1,${at.toISOString()},key,k1,ink_12345678,post.created,post,p,::1,r\r\n`,
    );
  });
});

