// The event feed (PLATFORM.md "The event feed") on the real database: own events only, oldest
// first, `after`/`types`/`limit`, no pings, retention and 410 — and commit order without gaps
// while transactions commit out of sequence order, which a reader paging by `sequence` would get
// wrong (a transaction holding a smaller sequence number commits after a larger one was read).
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { sqlTransaction } from "../../lib/db-sql";
import { getEvent } from "../../lib/events/get-event";
import { listEvents } from "../../lib/events/list-events";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import type { EventType } from "../../lib/webhooks/event-types";
import { connectTestDatabase, createTestUser } from "../support/fixtures";

connectTestDatabase();
const onPostgres = inject("databaseKind") === "postgres";
const DAY = 24 * 60 * 60 * 1000;

type Owner = { id: string; username: string };

async function emit(owner: Owner, type: EventType | "ping" = "post.updated", options: { at?: Date; key?: string } = {}) {
  // A ping is addressed to named endpoints (none here): it is written to the outbox all the same.
  const audience = (type === "ping" ? { type, subscriptionIds: [] } : { type }) as Pick<Parameters<typeof enqueueEvent>[1], "type" | "subscriptionIds">;
  const { eventId } = await sqlTransaction((tx) =>
    enqueueEvent(tx, { ...audience, ownerId: owner.id, project: owner.username, orderingKey: options.key ?? null, data: { n: 1 }, at: options.at } as Parameters<typeof enqueueEvent>[1]),
  );
  return eventId;
}

/** Every event of the feed from `after` on, page by page. */
async function readAll(ownerId: string, after?: string, limit = 3): Promise<{ ids: string[]; last?: string }> {
  const ids: string[] = [];
  let cursor = after;
  for (;;) {
    const page = await listEvents({ ownerId, query: { after: cursor, limit } });
    ids.push(...page.data.map((event) => event.id));
    cursor = page.pageInfo.nextAfter ?? undefined;
    if (!page.pageInfo.hasMore) return { ids, last: cursor };
  }
}

describe("GET /api/events as a domain function", () => {
  it("lists the caller's own events oldest first, as their webhook bodies, page by page", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await emit(owner, i % 2 ? "entry.updated" : "post.published"));
      await emit(other);
    }
    const first = await listEvents({ ownerId: owner.id, query: { limit: 3 } });
    expect(first.data.map((event) => event.id)).toEqual(ids.slice(0, 3));
    expect(first.pageInfo).toEqual({ hasMore: true, nextAfter: ids[2] });
    expect(Object.keys(first.data[0])).toEqual(["id", "type", "createdAt", "project", "data"]);
    expect(first.data[0]).toMatchObject({ type: "post.published", project: owner.username, data: { n: 1 } });
    expect((await readAll(owner.id)).ids).toEqual(ids);
    // Nothing after the last: an empty page that hands the cursor back for the next poll.
    expect(await listEvents({ ownerId: owner.id, query: { after: ids[6] } })).toEqual({ data: [], pageInfo: { hasMore: false, nextAfter: ids[6] } });
    expect(await listEvents({ ownerId: owner.id, query: {} })).toMatchObject({ pageInfo: { hasMore: false, nextAfter: ids[6] } });
    const none = await createTestUser();
    expect(await listEvents({ ownerId: none.id, query: {} })).toEqual({ data: [], pageInfo: { hasMore: false, nextAfter: null } });

    expect(await getEvent({ ownerId: owner.id, id: ids[1] })).toEqual(first.data[1]);
    await expect(getEvent({ ownerId: other.id, id: ids[1] })).rejects.toMatchObject({ status: 404, body: { error: "Event not found" } });
  });

  it("filters by type, keeps paging across filtered-out events, and never lists pings", async () => {
    const owner = await createTestUser();
    const published = [];
    for (let i = 0; i < 5; i++) {
      await emit(owner, "entry.created");
      await emit(owner, "ping");
      published.push(await emit(owner, "post.published"));
    }
    const page = await listEvents({ ownerId: owner.id, query: { types: ["post.published"], limit: 2 } });
    expect(page.data.map((event) => event.id)).toEqual(published.slice(0, 2));
    const rest = await listEvents({ ownerId: owner.id, query: { types: ["post.published"], after: page.pageInfo.nextAfter! } });
    expect(rest.data.map((event) => event.id)).toEqual(published.slice(2));
    const all = await readAll(owner.id);
    expect(all.ids).toHaveLength(10);
    const types = new Set((await listEvents({ ownerId: owner.id, query: {} })).data.map((event) => event.type));
    expect(types).toEqual(new Set(["entry.created", "post.published"]));
    const ping = await db().outboxEvent.findFirstOrThrow({ where: { ownerId: owner.id, type: "ping" } });
    await expect(getEvent({ ownerId: owner.id, id: ping.id })).rejects.toMatchObject({ status: 404 });
  });

  it("answers 410 Cursor expired for a cursor past retention, unknown, or another owner's, and lists nothing that old", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const old = await emit(owner, "post.updated", { at: new Date(Date.now() - 31 * DAY) });
    const recent = await emit(owner);
    const theirs = await emit(other);
    for (const after of [old, "evt_doesnotexist", theirs]) {
      await expect(listEvents({ ownerId: owner.id, query: { after } })).rejects.toMatchObject({ status: 410, body: { error: "Cursor expired" } });
    }
    expect((await listEvents({ ownerId: owner.id, query: {} })).data.map((event) => event.id)).toEqual([recent]);
  });
});

describe("commit order without gaps", () => {
  it.skipIf(!onPostgres)("lists an event held back by an open transaction with a smaller sequence after the later one, never skipping it", async () => {
    const owner = await createTestUser();
    const before = await emit(owner);
    // Transaction A takes its sequence number first and stays open.
    const a = new pg.Client({ connectionString: inject("databaseUrl") });
    await a.connect();
    try {
      await a.query("BEGIN");
      const held = await a.query<{ id: string; sequence: string }>(
        `INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
         VALUES ($1, $2, 'entry.updated', 'entry:a', jsonb_build_object('id', $1::text, 'type', 'entry.updated', 'createdAt', now()::text, 'project', $3::text, 'data', '{}'::jsonb), now() AT TIME ZONE 'UTC')
         RETURNING id, sequence`,
        [`evt_heldback_${Math.random().toString(36).slice(2)}`, owner.id, owner.username],
      );
      // Transaction B commits a later sequence number meanwhile; a reader pages to it.
      const later = await emit(owner);
      const seen = await readAll(owner.id, before);
      expect(seen.ids).toEqual([later]);
      const laterSequence = (await db().outboxEvent.findUniqueOrThrow({ where: { id: later } })).sequence;
      expect(BigInt(held.rows[0].sequence)).toBeLessThan(laterSequence);

      // A commits: the reader, continuing from where it stopped, gets A's event — after B's.
      await a.query("COMMIT");
      const next = await readAll(owner.id, seen.last);
      expect(next.ids).toEqual([held.rows[0].id]);
      expect((await readAll(owner.id)).ids).toEqual([before, later, held.rows[0].id]);
    } finally {
      await a.end();
    }
  });

  it.skipIf(!onPostgres)("gives a reader paging during a storm of concurrent writers every event exactly once, each entry's in order", { timeout: 60_000 }, async () => {
    const owner = await createTestUser();
    const url = inject("databaseUrl");
    const writers = 8;
    const perWriter = 25;
    const keys = ["entry:x", "entry:y", "entry:z"];
    let writing = true;
    const seen: string[] = [];

    // Each writer holds its transaction open a random while after taking its sequence number, so
    // transactions commit out of sequence order all the time. Writers of one key queue on a row
    // lock first, as entry writes queue on the entry's row.
    const writer = async (w: number) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let i = 0; i < perWriter; i++) {
          const key = keys[(w + i) % keys.length];
          await client.query("BEGIN");
          await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
          await client.query(
            `INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
             VALUES ($1, $2, 'entry.updated', $3, jsonb_build_object('id', $1::text, 'type', 'entry.updated', 'createdAt', now()::text, 'project', $4::text, 'data', '{}'::jsonb), now() AT TIME ZONE 'UTC')`,
            [`evt_storm_${w}_${i}_${Math.random().toString(36).slice(2)}`, owner.id, key, owner.username],
          );
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
          await client.query("COMMIT");
        }
      } finally {
        await client.end();
      }
    };
    const reader = async () => {
      let cursor: string | undefined;
      while (writing) {
        const page = await readAll(owner.id, cursor, 7);
        seen.push(...page.ids);
        cursor = page.last;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      }
      seen.push(...(await readAll(owner.id, cursor, 7)).ids);
    };
    const reading = reader();
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    writing = false;
    await reading;

    const all = await db().outboxEvent.findMany({ where: { ownerId: owner.id }, select: { id: true, orderingKey: true, sequence: true } });
    expect(all).toHaveLength(writers * perWriter);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(all.length);
    // Per key, the feed's order is the commit order, which the row lock made the sequence order.
    const sequenceOf = new Map(all.map((event) => [event.id, event.sequence]));
    for (const key of keys) {
      const ofKey = seen.filter((id) => all.find((event) => event.id === id)!.orderingKey === key).map((id) => sequenceOf.get(id)!);
      expect(ofKey).toEqual([...ofKey].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }
  });

  it("positions events written before the feed existed in sequence order, and never moves a position", async () => {
    const owner = await createTestUser();
    const ids = [await emit(owner), await emit(owner), await emit(owner)];
    const listed = await readAll(owner.id);
    expect(listed.ids).toEqual(ids);
    const positions = await db().outboxEvent.findMany({ where: { ownerId: owner.id }, orderBy: { sequence: "asc" }, select: { feedPosition: true } });
    expect(positions.map((row) => row.feedPosition)).toEqual([1n, 2n, 3n]);
    await emit(owner);
    await readAll(owner.id);
    const again = await db().outboxEvent.findMany({ where: { ownerId: owner.id }, orderBy: { sequence: "asc" }, select: { feedPosition: true } });
    expect(again.map((row) => row.feedPosition)).toEqual([1n, 2n, 3n, 4n]);
  });
});
