// The entry writes on raw statements (lib/collections), against the real database: a labelled
// create is one statement sent with the COMMIT and writes everything or nothing, the count slots
// inside one statement are locked in the documented order, and the entry PATCH writes its event
// and delivery rows like every other event.
import { describe, expect, inject, it } from "vitest";
import pg from "pg";
import { db } from "../../lib/db";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { deleteEntry } from "../../lib/collections/delete-entry";
import { updateEntry } from "../../lib/collections/update-entry";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";
import { recordQueries } from "../support/record-queries";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

async function freshUser() {
  const user = await createTestUser({ plan: "pro" });
  return { id: user.id, username: user.username };
}

describe("the labelled create in one statement", () => {
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
