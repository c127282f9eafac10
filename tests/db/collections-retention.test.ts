// Retention and the label pin at the database level: pruneVersions through the domain writes,
// the label foreign key refusing to drop a labelled version, and cascades on delete.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { deleteEntry } from "../../lib/collections/delete-entry";
import { foldLabelCounts } from "../../lib/collections/fold-label-counts";
import { getCollection } from "../../lib/collections/get-collection";
import { labelCountsSql } from "../../lib/collections/label-count-sql";
import { pointLabel } from "../../lib/collections/point-label";
import { pruneVersions } from "../../lib/collections/prune-versions";
import { removeLabel } from "../../lib/collections/remove-label";
import { updateEntry } from "../../lib/collections/update-entry";
import type { Owner } from "../../lib/collections/owner";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

let owner: Owner;
beforeAll(async () => {
  const user = await createTestUser({ plan: "pro" });
  owner = { id: user.id, username: user.username };
});

async function freshEntry(label?: string) {
  const collectionId = uniqueName("c");
  await createCollection({ owner, input: { name: "R", slug: collectionId } });
  const { id } = await createEntry({ owner, collectionId, input: { data: { n: 1 }, ...(label ? { label } : {}) } });
  const write = (n: number) => updateEntry({ owner, collectionId, entryId: id, input: { data: { n } } });
  const versions = async () => (await db().entryVersion.findMany({ where: { entryId: id }, orderBy: { version: "asc" } })).map((v) => v.version);
  return { collectionId, id, write, versions };
}

describe("pruneVersions", () => {
  it("keeps the versions stored so far bounded by retention after many writes", async () => {
    const { id, write, versions } = await freshEntry("production");
    for (let n = 2; n <= 120; n++) await write(n);
    expect(await versions()).toEqual([1, ...Array.from({ length: 10 }, (_, i) => 111 + i)]);
    expect(await db().entryVersion.count({ where: { entryId: id } })).toBe(11);
  });

  it("has nothing to do below 11 versions, and is idempotent", async () => {
    const { id, write, versions } = await freshEntry();
    for (let n = 2; n <= 10; n++) await write(n);
    expect(await pruneVersions(db(), { entryId: id, newest: 10 })).toBe(0);
    expect(await versions()).toHaveLength(10);
    await write(11);
    expect(await pruneVersions(db(), { entryId: id, newest: 11 })).toBe(0);
    expect(await versions()).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
  });

  it("never prunes a labelled version, and prunes it on the next write once unlabelled", async () => {
    const { collectionId, id, write, versions } = await freshEntry();
    await write(2);
    await pointLabel({ owner, collectionId, entryId: id, name: "a", input: { version: 2 } });
    await pointLabel({ owner, collectionId, entryId: id, name: "b", input: { version: 2 } });
    for (let n = 3; n <= 20; n++) await write(n);
    expect(await versions()).toEqual([2, ...Array.from({ length: 10 }, (_, i) => 11 + i)]);
    await removeLabel({ owner, collectionId, entryId: id, name: "a" });
    await write(21);
    expect(await versions()).toContain(2);
    await pointLabel({ owner, collectionId, entryId: id, name: "b", input: { version: 21 } });
    expect(await versions()).toContain(2);
    await write(22);
    expect(await versions()).toEqual(Array.from({ length: 10 }, (_, i) => 13 + i));
  });
});

describe("the label foreign key", () => {
  it("makes the database refuse to delete a labelled version", async () => {
    const { id } = await freshEntry("production");
    await expect(db().$executeRaw`DELETE FROM "EntryVersion" WHERE "entryId" = ${id} AND version = 1`).rejects.toThrow();
    expect(await db().entryVersion.count({ where: { entryId: id } })).toBe(1);
  });

  it("still lets a whole entry go, cascading through versions and labels", async () => {
    const { collectionId, id, write } = await freshEntry("production");
    await write(2);
    await pointLabel({ owner, collectionId, entryId: id, name: "staging", input: { version: 2 } });
    await deleteEntry({ owner, collectionId, entryId: id });
    expect(await db().entryVersion.count({ where: { entryId: id } })).toBe(0);
    expect(await db().entryLabel.count({ where: { entryId: id } })).toBe(0);
  });
});

describe("counters", () => {
  it("keep entryCount and per-label counts in step with creates, label changes and deletes", async () => {
    const collectionId = uniqueName("c");
    await createCollection({ owner, input: { name: "Counts", slug: collectionId } });
    const { pk } = await db().collection.findFirstOrThrow({ where: { ownerId: owner.id, slug: collectionId } });
    const counts = async () => ({
      entries: (await getCollection({ owner, id: collectionId })).entryCount, // the column plus its count slots
      labels: Object.fromEntries(
        // Each label's row plus its count slots (lib/collections/label-count-sql.ts).
        (await db().$queryRaw<{ name: string; n: number }[]>(labelCountsSql(pk))).map((row) => [row.name, row.n]),
      ),
    });
    const a = await createEntry({ owner, collectionId, input: { data: {}, label: "production" } });
    const b = await createEntry({ owner, collectionId, input: { data: {} } });
    await pointLabel({ owner, collectionId, entryId: b.id, name: "staging", input: { version: 1 } });
    await pointLabel({ owner, collectionId, entryId: b.id, name: "staging", input: { version: 1, meta: { again: true } } });
    await pointLabel({ owner, collectionId, entryId: b.id, name: "production", input: { version: 1 } });
    expect(await counts()).toEqual({ entries: 2, labels: { production: 2, staging: 1 } });
    await removeLabel({ owner, collectionId, entryId: a.id, name: "production" });
    expect(await counts()).toEqual({ entries: 2, labels: { production: 1, staging: 1 } });
    await deleteEntry({ owner, collectionId, entryId: b.id });
    expect(await counts()).toEqual({ entries: 1, labels: { production: 0, staging: 0 } });
    // The fold moves the slots into the label count rows: the same counts, no slot left.
    await foldLabelCounts();
    expect(await counts()).toEqual({ entries: 1, labels: { production: 0, staging: 0 } });
    expect(await db().collectionLabelCountSlot.count({ where: { collectionPk: pk } })).toBe(0);
    const actual = await db().entryLabel.groupBy({ by: ["name"], where: { collectionPk: pk }, _count: true });
    expect(actual).toEqual([]);
  });
});
