// lib/db-sql.ts against the real database: raw statements on the Prisma client's pool read and
// write what Prisma reads and writes (UTC timestamps whatever the process's time zone, BigInt for
// bigint), a transaction is all or nothing and leaves its connection usable, a Prisma
// transaction can stand in for a raw one, and the entry PATCH that runs on it writes its delivery
// rows like every other event.
import { afterEach, describe, expect, inject, it } from "vitest";
import { db, dbConnection } from "../../lib/db";
import pg from "pg";
import { inSqlTransaction, lastStatement, runLastStatement, sql, sqlTransaction, type SqlRunner } from "../../lib/db-sql";
import { randomIdSql } from "../../lib/random-id-sql";
import { Prisma } from "../../lib/generated/prisma/client";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { deleteEntry } from "../../lib/collections/delete-entry";
import { updateEntry } from "../../lib/collections/update-entry";
import { isUniqueViolation } from "../../lib/unique-violation";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

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
  /** What the transactions' connections were asked to run, in order: "send: <sql>" and "answer: <sql>". */
  function recordQueries(): { log: string[]; stop: () => void } {
    const { pool } = dbConnection();
    const log: string[] = [];
    const originals = new Map<pg.PoolClient, pg.PoolClient["query"]>();
    const onAcquire = (client: pg.PoolClient) => {
      if (originals.has(client)) return;
      const query = client.query;
      originals.set(client, query);
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        const config = args[0] as string | { text: string };
        const text = (typeof config === "string" ? config : config.text).trim().split(/\s+/).slice(0, 2).join(" ");
        log.push(`send: ${text}`);
        const answer = (query as (...a: unknown[]) => unknown).apply(client, args);
        if (answer instanceof Promise) answer.then(() => log.push(`answer: ${text}`), () => log.push(`error: ${text}`));
        return answer;
      };
    };
    pool.on("acquire", onAcquire);
    return {
      log,
      stop: () => {
        pool.removeListener("acquire", onAcquire);
        for (const [client, query] of originals) (client as unknown as { query: unknown }).query = query;
      },
    };
  }

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

  /** A collection's entry count and one label's, as readers see them (the row plus its slots). */
  async function counts(collectionPk: string, label: string): Promise<{ entries: number; labelled: number }> {
    const [row] = await db().$queryRaw<{ entries: number; labelled: number }[]>`
      SELECT (SELECT "entryCount" FROM "Collection" WHERE pk = ${collectionPk})
          + (SELECT coalesce(sum(delta), 0) FROM "CollectionEntryCountSlot" WHERE "collectionPk" = ${collectionPk})::int AS entries,
        (SELECT coalesce(sum("entryCount"), 0) FROM "CollectionLabelCount" WHERE "collectionPk" = ${collectionPk} AND name = ${label})::int
          + (SELECT coalesce(sum(delta), 0) FROM "CollectionLabelCountSlot" WHERE "collectionPk" = ${collectionPk} AND name = ${label})::int AS labelled`;
    return { entries: Number(row.entries), labelled: Number(row.labelled) };
  }

  it("a labelled create is two round trips: BEGIN with the collection lock, then one statement with COMMIT that writes it all", async () => {
    const owner = await freshUser();
    const subscription = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/hook", events: ["entry.created", "label.updated"] } });
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId } });
    const collection = await db().collection.findFirstOrThrow({ where: { ownerId: owner.id, slug: collectionId } });

    const recorder = recordQueries();
    let created;
    try {
      created = await createEntry({ owner, collectionId, input: { data: { n: 1 }, label: "production" } });
    } finally {
      recorder.stop();
    }
    expect(created).toEqual({ id: created.id, version: "v_1", labels: { production: { version: "v_1", meta: null } } });
    const { log } = recorder;
    const sends = log.filter((line) => line.startsWith("send: "));
    expect(sends).toHaveLength(4); // BEGIN, the collection lock, the statement, COMMIT
    expect(sends[0]).toMatch(/^send: BEGIN/);
    expect(sends[2]).toBe("send: WITH entry");
    expect(sends[3]).toBe("send: COMMIT");
    // The lock went out with BEGIN, and COMMIT with the statement: two round trips.
    expect(log.indexOf(sends[1])).toBeLessThan(log.findIndex((line) => line.startsWith("answer: BEGIN")));
    expect(log.indexOf("send: COMMIT")).toBeLessThan(log.indexOf("answer: WITH entry"));

    const events = await db().outboxEvent.findMany({ where: { orderingKey: `entry:${created.id}` }, orderBy: { sequence: "asc" } });
    expect(events.map((event) => event.type)).toEqual(["entry.created", "label.updated"]);
    expect(events[1].body).toMatchObject({ data: { entryId: created.id, label: "production", version: "v_1", previousVersion: null } });
    for (const event of events) {
      expect(await db().webhookDelivery.findMany({ where: { eventId: event.id } })).toMatchObject([{ subscriptionId: subscription.id, sequence: event.sequence }]);
    }
    expect(await db().entryLabel.findMany({ where: { entryId: created.id } })).toMatchObject([{ name: "production", version: 1 }]);
    expect(await db().labelMove.findMany({ where: { entryId: created.id } })).toMatchObject([{ name: "production", version: 1, previousVersion: null, actorType: "session", actorId: owner.id }]);
    expect(await counts(collection.pk, "production")).toEqual({ entries: 1, labelled: 1 });
  });

  /**
   * Runs `write` while another connection holds every entry count slot of the collection, waits
   * until the write's statement (its text starts with `statementStart`) waits on one, and checks
   * that by then it already holds its `production` label count slot: locking them all without
   * waiting fails. Then lets it finish and returns its result.
   */
  async function labelSlotHeldBeforeEntrySlot<T>(collectionPk: string, statementStart: string, write: () => Promise<T>): Promise<T> {
    // Every slot either count may pick, there already (delta 0), so another connection can lock them.
    await db().$executeRaw`
      INSERT INTO "CollectionEntryCountSlot" ("collectionPk", slot, delta) SELECT ${collectionPk}, s, 0 FROM generate_series(0, 15) s ON CONFLICT DO NOTHING`;
    await db().$executeRaw`
      INSERT INTO "CollectionLabelCountSlot" ("collectionPk", name, slot, delta) SELECT ${collectionPk}, 'production', s, 0 FROM generate_series(0, 15) s ON CONFLICT DO NOTHING`;
    const blocker = new pg.Client({ connectionString: inject("databaseUrl") });
    const prober = new pg.Client({ connectionString: inject("databaseUrl") });
    await blocker.connect();
    await prober.connect();
    try {
      // The entry count slots held elsewhere: the write stops at its entry count slot.
      await blocker.query("BEGIN");
      await blocker.query(`SELECT 1 FROM "CollectionEntryCountSlot" WHERE "collectionPk" = $1 FOR UPDATE`, [collectionPk]);
      const written = write();
      written.catch(() => {});
      const deadline = Date.now() + 10_000;
      for (;;) {
        // The start of the write's statement (the text shown is cut short).
        const { rows } = await prober.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
          [`%${statementStart}%`],
        );
        if (rows.length) break;
        if (Date.now() > deadline) throw new Error("the write never waited on the entry count slot");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // By then it holds its label count slot: locking them all without waiting fails.
      await prober.query("BEGIN");
      await expect(
        prober.query(`SELECT 1 FROM "CollectionLabelCountSlot" WHERE "collectionPk" = $1 AND name = 'production' FOR UPDATE NOWAIT`, [collectionPk]),
      ).rejects.toMatchObject({ code: "55P03" });
      await prober.query("ROLLBACK");
      await blocker.query("ROLLBACK");
      return await written;
    } finally {
      await blocker.end();
      await prober.end();
    }
  }

  it.skipIf(inject("databaseKind") !== "postgres")("a labelled create takes its label count slot before the entry count slot, though both are in one statement", async () => {
    const owner = await freshUser();
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId } });
    const collection = await db().collection.findFirstOrThrow({ where: { ownerId: owner.id, slug: collectionId } });
    const created = await labelSlotHeldBeforeEntrySlot(collection.pk, "WITH entry AS", () =>
      createEntry({ owner, collectionId, input: { data: { n: 1 }, label: "production" } }),
    );
    expect(created.labels).toEqual({ production: { version: "v_1", meta: null } });
    expect(await counts(collection.pk, "production")).toEqual({ entries: 1, labelled: 1 });
  });

  it.skipIf(inject("databaseKind") !== "postgres")("an entry delete takes its label count slots before the entry count slot, though both are in one statement", async () => {
    const owner = await freshUser();
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId } });
    const collection = await db().collection.findFirstOrThrow({ where: { ownerId: owner.id, slug: collectionId } });
    const { id } = await createEntry({ owner, collectionId, input: { data: { n: 1 }, label: "production" } });
    expect(await labelSlotHeldBeforeEntrySlot(collection.pk, "WITH referrers AS", () => deleteEntry({ owner, collectionId, entryId: id }))).toEqual({ success: true });
    expect(await counts(collection.pk, "production")).toEqual({ entries: 0, labelled: 0 });
  });

  it("a refused labelled create (a slug already used) writes nothing: no entry, event, label row, history or counts", async () => {
    const owner = await freshUser();
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId, schema: { fields: [{ name: "slug", type: "slug" }], indexes: { slug: "slug" } } } });
    const collection = await db().collection.findFirstOrThrow({ where: { ownerId: owner.id, slug: collectionId } });
    const { id } = await createEntry({ owner, collectionId, input: { data: { slug: "taken" } } });

    await expect(createEntry({ owner, collectionId, input: { data: { slug: "taken" }, label: "production" } })).rejects.toMatchObject({
      status: 409,
      body: { error: "Slug already used" },
    });
    expect(await db().entry.findMany({ where: { collectionPk: collection.pk }, select: { id: true } })).toEqual([{ id }]);
    expect(await db().outboxEvent.findMany({ where: { ownerId: owner.id }, select: { type: true, orderingKey: true } })).toEqual([{ type: "entry.created", orderingKey: `entry:${id}` }]);
    expect(await db().entryLabel.count({ where: { collectionPk: collection.pk } })).toBe(0);
    expect(await db().labelMove.count({ where: { entry: { collectionPk: collection.pk } } })).toBe(0);
    expect(await counts(collection.pk, "production")).toEqual({ entries: 1, labelled: 0 });
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

describe("the entry PATCH on raw statements", () => {
  it("writes the event and one pending delivery per subscriber in its transaction", async () => {
    const owner = await freshUser();
    const subscription = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/hook", events: ["entry.updated"] } });
    await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/posts", events: ["post.published"] } });
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId } });
    const { id } = await createEntry({ owner, collectionId, input: { data: { n: 1 }, label: "production" } });

    const before = Date.now();
    expect(await updateEntry({ owner, collectionId, entryId: id, input: { data: { n: 2 } } })).toEqual({ id, version: "v_2" });

    const event = await db().outboxEvent.findFirstOrThrow({ where: { orderingKey: `entry:${id}`, type: "entry.updated" } });
    expect(event.body).toMatchObject({
      type: "entry.updated",
      project: owner.username,
      data: { collection: { id: collectionId }, entry: { id, version: "v_2", labels: { production: { version: "v_1", meta: null } } } },
    });
    const deliveries = await db().webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({
      subscriptionId: subscription.id,
      orderingKey: `entry:${id}`,
      sequence: event.sequence,
      status: "pending",
      attemptCount: 0,
    });
    expect(delivery.id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(delivery.nextAttemptAt!.getTime()).toBe(event.createdAt.getTime());
    expect(delivery.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("a refused PATCH (a slug another entry holds) writes nothing: no version, no event", async () => {
    const owner = await freshUser();
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Raw", slug: collectionId, schema: { fields: [{ name: "slug", type: "slug" }], indexes: { slug: "slug" } } } });
    await createEntry({ owner, collectionId, input: { data: { slug: "taken" } } });
    const { id } = await createEntry({ owner, collectionId, input: { data: { slug: "free" } } });

    await expect(updateEntry({ owner, collectionId, entryId: id, input: { data: { slug: "taken" } } })).rejects.toMatchObject({
      status: 409,
      body: { error: "Slug already used" },
    });
    expect(await db().entryVersion.count({ where: { entryId: id } })).toBe(1);
    expect(await db().entry.findUniqueOrThrow({ where: { id } })).toMatchObject({ version: 1, slug: "free" });
    expect(await db().outboxEvent.count({ where: { orderingKey: `entry:${id}`, type: "entry.updated" } })).toBe(0);
  });
});
