// lib/db-sql.ts against the real database: raw statements on the Prisma client's pool read and
// write what Prisma reads and writes (UTC timestamps whatever the process's time zone, BigInt for
// bigint), a transaction is all or nothing and leaves its connection usable, a Prisma
// transaction can stand in for a raw one, and a work's last statement goes out with the COMMIT.
// The entry writes built on it: tests/db/entry-writes-sql.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { db, dbConnection } from "../../lib/db";
import { inSqlTransaction, lastStatement, runLastStatement, sql, sqlTransaction, type SqlRunner } from "../../lib/db-sql";
import { randomIdSql } from "../../lib/random-id-sql";
import { Prisma } from "../../lib/generated/prisma/client";
import { isUniqueViolation } from "../../lib/unique-violation";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { recordQueries } from "../support/record-queries";

connectTestDatabase();

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

async function freshUser() {
  const user = await createTestUser({ plan: "pro" });
  return { id: user.id, username: user.username };
}

describe("raw statements read and write as Prisma does", () => {
  it("timestamps are UTC instants both ways, even when the process runs in another time zone", async () => {
    // pg on its own would send and read `timestamp` columns in local time: off by 5 hours here.
    process.env.TZ = "America/New_York";
    const user = await freshUser();
    const at = new Date("2026-07-01T12:34:56.789Z");
    await sql().$executeRaw`UPDATE "User" SET "updatedAt" = ${at} WHERE id = ${user.id}`;
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).updatedAt.toISOString()).toBe(at.toISOString());

    const later = new Date("2026-12-24T23:59:59.001Z");
    await db().user.update({ where: { id: user.id }, data: { updatedAt: later } });
    const [row] = await sql().$queryRaw<{ updatedAt: Date }[]>`SELECT "updatedAt" FROM "User" WHERE id = ${user.id}`;
    expect(row.updatedAt).toBeInstanceOf(Date);
    expect(row.updatedAt.toISOString()).toBe(later.toISOString());
  });

  it("bigint as BigInt, arrays as arrays, jsonb parsed, and a Prisma.Sql fragment like a template", async () => {
    const [row] = await sql().$queryRaw<{ big: bigint; list: string[]; doc: unknown }[]>(
      Prisma.sql`SELECT ${"9007199254740993"}::bigint AS big, ${["a", "b"]}::text[] AS list, ${JSON.stringify({ n: 1 })}::jsonb AS doc`,
    );
    expect(row).toEqual({ big: 9007199254740993n, list: ["a", "b"], doc: { n: 1 } });
  });
});

describe("sqlTransaction", () => {
  it("commits the work, or nothing of it when the work throws", async () => {
    const user = await freshUser();
    const rename = (name: string) => async (tx: SqlRunner) =>
      tx.$executeRaw`UPDATE "User" SET "displayName" = ${name} WHERE id = ${user.id}`;

    await sqlTransaction(rename("Committed"));
    await expect(
      sqlTransaction(async (tx) => {
        await rename("Rolled back")(tx);
        throw new Error("after the write");
      }),
    ).rejects.toThrow("after the write");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe("Committed");
  });

  it("a failed statement rolls back, is reported as pg's error, and leaves the pool's connections usable", async () => {
    const user = await freshUser();
    const other = await freshUser();
    const failed = await sqlTransaction(async (tx) => {
      await tx.$executeRaw`UPDATE "User" SET "displayName" = ${"Half"} WHERE id = ${user.id}`;
      await tx.$executeRaw`UPDATE "User" SET username = ${other.username} WHERE id = ${user.id}`;
    }).catch((err: unknown) => err);
    expect(isUniqueViolation(failed, "username")).toBe(true);
    expect(isUniqueViolation(failed, "email")).toBe(false);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).not.toBe("Half");

    // Every connection in the pool still works (none was left inside the aborted transaction).
    const size = dbConnection().pool.totalCount;
    const answers = await Promise.all(Array.from({ length: size + 2 }, () => sqlTransaction((tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`)));
    expect(answers.every(([row]) => row.one === 1)).toBe(true);
  });

  it("caps each statement at 30 s, like the Prisma client's transaction timeout, and only inside the transaction", async () => {
    const show = (runner: Pick<SqlRunner, "$queryRaw">) => runner.$queryRaw<{ statement_timeout: string }[]>`SHOW statement_timeout`;
    expect(await sqlTransaction(show)).toEqual([{ statement_timeout: "30s" }]);
    expect(await show(sql())).not.toEqual([{ statement_timeout: "30s" }]);
  });

  it("sends BEGIN with the first statement, and hands the connection back out of pipeline mode", async () => {
    // The first statement is inside the transaction: its xact id is the one the second sees.
    const [[first], [second]] = await sqlTransaction(async (tx) => [
      await tx.$queryRaw<{ xact: string }[]>`SELECT pg_current_xact_id()::text AS xact`,
      await tx.$queryRaw<{ xact: string }[]>`SELECT pg_current_xact_id()::text AS xact`,
    ]);
    expect(first.xact).toBe(second.xact);
    // A first statement that fails is reported as itself, and rolls back.
    const failed = await sqlTransaction((tx) => tx.$queryRaw`SELECT 1 / 0`).catch((err: unknown) => err);
    expect(String(failed)).toMatch(/division by zero/);
    const { pool } = dbConnection();
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    expect(clients.map((client) => (client as unknown as { pipeline: boolean }).pipeline)).not.toContain(true);
    for (const client of clients) client.release();
  });

  it("runs in the caller's Prisma transaction when given one, and is undone with it", async () => {
    const user = await freshUser();
    await expect(
      db().$transaction(async (tx) => {
        await inSqlTransaction(tx, (raw) => raw.$executeRaw`UPDATE "User" SET "displayName" = ${"Inside"} WHERE id = ${user.id}`);
        expect((await tx.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe("Inside");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).not.toBe("Inside");
  });
});

describe("a work's last statement, sent with the COMMIT", () => {
  it("is sent before its answer comes back, with COMMIT behind it, and its rows make the result", async () => {
    const user = await freshUser();
    const recorder = recordQueries();
    try {
      const result = await sqlTransaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS lock_stand_in`;
        return lastStatement(Prisma.sql`UPDATE "User" SET "displayName" = ${"Last"} WHERE id = ${user.id} RETURNING "displayName"`, (rows: { displayName: string }[]) => rows[0].displayName);
      });
      expect(result).toBe("Last");
    } finally {
      recorder.stop();
    }
    const { log } = recorder;
    const update = log.indexOf("send: UPDATE \"User\"");
    expect(update).toBeGreaterThan(-1);
    // COMMIT went out before the UPDATE's answer came back: one round trip for both.
    expect(log.indexOf("send: COMMIT", update)).toBeLessThan(log.indexOf("answer: UPDATE \"User\""));
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe("Last");
  });

  it("rolls the whole transaction back when it fails, and reports pg's error", async () => {
    const user = await freshUser();
    const other = await freshUser();
    const failed = await sqlTransaction(async (tx) => {
      await tx.$executeRaw`UPDATE "User" SET "displayName" = ${"Before"} WHERE id = ${user.id}`;
      return lastStatement(Prisma.sql`UPDATE "User" SET username = ${other.username} WHERE id = ${user.id}`, () => "done");
    }).catch((err: unknown) => err);
    expect(isUniqueViolation(failed, "username")).toBe(true);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).not.toBe("Before");
    // The connections are all usable afterwards (none left in an aborted transaction).
    const size = dbConnection().pool.totalCount;
    const answers = await Promise.all(Array.from({ length: size + 2 }, () => sqlTransaction(async () => lastStatement(Prisma.sql`SELECT 1 AS one`, (rows: { one: number }[]) => rows[0].one))));
    expect(answers).toEqual(Array.from({ length: size + 2 }, () => 1));
  });

  it("passes on what its finish throws (a statement that wrote nothing: the transaction leaves nothing)", async () => {
    const user = await freshUser();
    await expect(
      sqlTransaction(async () =>
        lastStatement(Prisma.sql`UPDATE "User" SET "displayName" = ${"Never"} WHERE id = ${user.id} AND false RETURNING id`, (rows: unknown[]) => {
          if (!rows.length) throw new Error("nothing matched");
          return rows;
        }),
      ),
    ).rejects.toThrow("nothing matched");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).not.toBe("Never");
  });

  it("runs as an ordinary statement in a caller's transaction, and is undone with it", async () => {
    const user = await freshUser();
    await expect(
      sqlTransaction(async (outer) => {
        const name = await inSqlTransaction(outer, async () =>
          lastStatement(Prisma.sql`UPDATE "User" SET "displayName" = ${"Nested"} WHERE id = ${user.id} RETURNING "displayName"`, (rows: { displayName: string }[]) => rows[0].displayName),
        );
        expect(name).toBe("Nested");
        expect(await runLastStatement(outer, lastStatement(Prisma.sql`SELECT "displayName" FROM "User" WHERE id = ${user.id}`, (rows: { displayName: string }[]) => rows[0].displayName))).toBe("Nested");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).displayName).not.toBe("Nested");
  });
});

describe("ids made by a statement (lib/random-id-sql.ts)", () => {
  it("have randomId's shape and differ from row to row", async () => {
    const rows = await sql().$queryRaw<{ id: string }[]>`SELECT ${randomIdSql("msg", Prisma.sql`n`)} AS id FROM generate_series(1, 200) AS n`;
    expect(rows).toHaveLength(200);
    for (const { id } of rows) expect(id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(new Set(rows.map((row) => row.id)).size).toBe(200);
  });
});
