// Scheduled label moves against the database (MODELING "Scheduled label moves"): two ticks at
// once make each due move exactly once; a cancelled move is never made; a move whose version was
// pruned, or whose entry was deleted, is marked failed with the reason and changes nothing else.
import { beforeAll, describe, expect, it } from "vitest";
import { applyDueLabelMoves, type LabelMoveRun } from "../../lib/collections/apply-due-label-moves";
import { cancelScheduledMove } from "../../lib/collections/cancel-scheduled-move";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { deleteEntry } from "../../lib/collections/delete-entry";
import { lockCollectionEntry } from "../../lib/collections/lock-collection-entry";
import { moveLockedLabel } from "../../lib/collections/move-locked-label";
import type { Owner } from "../../lib/collections/owner";
import { scheduleLabelMove } from "../../lib/collections/schedule-label-move";
import { updateEntry } from "../../lib/collections/update-entry";
import { db } from "../../lib/db";
import { runLastStatement, sqlTransaction } from "../../lib/db-sql";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

let owner: Owner;
beforeAll(async () => {
  const user = await createTestUser({ plan: "pro" });
  owner = { id: user.id, username: user.username, actor: { type: "key", id: "key-id-of-the-scheduler", prefix: "ink_abcdefgh" } };
});

async function entryWithVersions(collectionId: string, versions: number): Promise<string> {
  const { id } = await createEntry({ owner, collectionId, input: { data: { n: 1 }, label: "production" } });
  for (let n = 2; n <= versions; n++) await updateEntry({ owner, collectionId, entryId: id, input: { data: { n } } });
  return id;
}

async function freshCollection(): Promise<string> {
  const collectionId = uniqueName("c");
  await createCollection({ owner, input: { name: "S", slug: collectionId } });
  return collectionId;
}

/** Schedules production → v_2 a minute ahead, then makes it due (the tick compares with now). */
async function dueMove(collectionId: string, entryId: string, version = 2): Promise<string> {
  const { scheduled } = await scheduleLabelMove({ owner, collectionId, entryId, name: "production", version, meta: null, at: new Date(Date.now() + 60_000) });
  await db().scheduledLabelMove.update({ where: { id: scheduled.id }, data: { at: new Date(Date.now() - 1000) } });
  return scheduled.id;
}

const productionOf = async (entryId: string) => (await db().entryLabel.findUnique({ where: { entryId_name: { entryId, name: "production" } } }))?.version;
const movesOf = (entryId: string) => db().labelMove.findMany({ where: { entryId, name: "production" }, orderBy: { id: "asc" } });
const labelEvents = (entryId: string) => db().outboxEvent.count({ where: { orderingKey: `entry:${entryId}`, type: "label.updated" } });

describe("applying scheduled moves", () => {
  it("makes each due move exactly once when two ticks run at the same time", async () => {
    const collectionId = await freshCollection();
    const entries: string[] = [];
    for (let i = 0; i < 6; i++) entries.push(await entryWithVersions(collectionId, 2));
    const ids = [];
    for (const entryId of entries) ids.push(await dueMove(collectionId, entryId));

    const [a, b] = await Promise.all([applyDueLabelMoves({ ownerId: owner.id }), applyDueLabelMoves({ ownerId: owner.id })]);
    expect(a.applied + b.applied).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    for (const entryId of entries) {
      expect(await productionOf(entryId)).toBe(2);
      const moves = await movesOf(entryId);
      // The create's own move, then exactly one scheduled move made by the scheduler's key.
      expect(moves.map((move) => [move.previousVersion, move.version, move.scheduled, move.actorType, move.actorId])).toEqual([
        [null, 1, false, "key", "key-id-of-the-scheduler"],
        [1, 2, true, "key", "key-id-of-the-scheduler"],
      ]);
      expect(await labelEvents(entryId)).toBe(2);
      // The audit log names the scheduler's key for the move the tick made, in the owner's project.
      const audited = await db().auditEvent.findMany({ where: { projectId: owner.id, action: "label.moved", targetId: `${entryId}:production`, requestId: { startsWith: "scheduled-move:" } } });
      expect(audited.map((row) => [row.actorType, row.actorId, row.actorPrefix, (row.changes as { version: string }).version])).toEqual([["key", "key-id-of-the-scheduler", "ink_abcdefgh", "v_2"]]);
    }
    const rows = await db().scheduledLabelMove.findMany({ where: { id: { in: ids } } });
    expect(rows.every((row) => row.status === "applied" && row.settledAt !== null && row.lockedUntil === null)).toBe(true);
    expect(await applyDueLabelMoves({ ownerId: owner.id })).toEqual({ applied: 0, failed: 0 });
  });

  it("makes a move once when a second tick takes it while the first is still applying it (a lapsed claim)", async () => {
    const collectionId = await freshCollection();
    const entryId = await entryWithVersions(collectionId, 2);
    const id = await dueMove(collectionId, entryId);
    let second: Promise<LabelMoveRun> | undefined;
    // The first tick, half-way through applying the move, as apply-due-label-moves.ts does it; its
    // claim has lapsed (none is set), so the second tick claims the move and queues on the entry.
    await sqlTransaction(async (tx) => {
      const { collection, entry } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
      second = applyDueLabelMoves({ ownerId: owner.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.$queryRaw`SELECT status FROM "ScheduledLabelMove" WHERE id = ${id} FOR UPDATE`;
      await runLastStatement(tx, moveLockedLabel({ owner, collection, entry, name: "production", version: 2, meta: null, scheduled: true }));
      await tx.$executeRaw`UPDATE "ScheduledLabelMove" SET status = 'applied' WHERE id = ${id}`;
    });
    expect(await second).toEqual({ applied: 0, failed: 0 });
    expect((await movesOf(entryId)).filter((move) => move.scheduled)).toHaveLength(1);
    expect(await labelEvents(entryId)).toBe(2);
  });

  it("never makes a cancelled move, even when the cancel races the tick", async () => {
    const collectionId = await freshCollection();
    const entryId = await entryWithVersions(collectionId, 2);
    const id = await dueMove(collectionId, entryId);
    await cancelScheduledMove({ owner, collectionId, scheduleId: id });
    expect(await applyDueLabelMoves({ ownerId: owner.id })).toEqual({ applied: 0, failed: 0 });
    expect(await productionOf(entryId)).toBe(1);
    expect(await movesOf(entryId)).toHaveLength(1);

    // Racing: either the cancel wins (nothing moves) or the tick does (the cancel is a 404).
    const raced = await entryWithVersions(collectionId, 2);
    const racedId = await dueMove(collectionId, raced);
    const [run, cancel] = await Promise.allSettled([applyDueLabelMoves({ ownerId: owner.id }), cancelScheduledMove({ owner, collectionId, scheduleId: racedId })]);
    const applied = run.status === "fulfilled" && run.value.applied === 1;
    expect(cancel.status === "fulfilled").toBe(!applied);
    expect(await productionOf(raced)).toBe(applied ? 2 : 1);
    expect((await movesOf(raced)).filter((move) => move.scheduled)).toHaveLength(applied ? 1 : 0);
  });

  it("fails a move whose version was pruned, changing nothing else", async () => {
    const collectionId = await freshCollection();
    const entryId = await entryWithVersions(collectionId, 2);
    const id = await dueMove(collectionId, entryId);
    // v_2 is not labelled: 10 more writes prune it.
    for (let n = 3; n <= 12; n++) await updateEntry({ owner, collectionId, entryId, input: { data: { n } } });
    expect(await db().entryVersion.count({ where: { entryId, version: 2 } })).toBe(0);
    const eventsBefore = await labelEvents(entryId);

    expect(await applyDueLabelMoves({ ownerId: owner.id })).toEqual({ applied: 0, failed: 1 });
    const row = await db().scheduledLabelMove.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.reason]).toEqual(["failed", "version_pruned"]);
    expect(await productionOf(entryId)).toBe(1);
    expect(await movesOf(entryId)).toHaveLength(1);
    expect(await labelEvents(entryId)).toBe(eventsBefore);
  });

  it("fails a move whose entry was deleted", async () => {
    const collectionId = await freshCollection();
    const entryId = await entryWithVersions(collectionId, 2);
    const id = await dueMove(collectionId, entryId);
    await deleteEntry({ owner, collectionId, entryId });
    expect(await applyDueLabelMoves({ ownerId: owner.id })).toEqual({ applied: 0, failed: 1 });
    const row = await db().scheduledLabelMove.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.reason]).toEqual(["failed", "entry_deleted"]);
  });

  it("leaves moves that are not due, and another account's, alone", async () => {
    const collectionId = await freshCollection();
    const entryId = await entryWithVersions(collectionId, 2);
    await scheduleLabelMove({ owner, collectionId, entryId, name: "production", version: 2, meta: null, at: new Date(Date.now() + 60_000) });
    const other = await createTestUser({ plan: "pro" });
    expect(await applyDueLabelMoves({ ownerId: other.id })).toEqual({ applied: 0, failed: 0 });
    expect(await applyDueLabelMoves({ ownerId: owner.id })).toEqual({ applied: 0, failed: 0 });
    expect(await productionOf(entryId)).toBe(1);
  });
});
