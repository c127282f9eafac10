// The two locks every entry write takes, in one round trip: the collection FOR KEY SHARE, then the
// entry FOR UPDATE. Why the collection: see find-collection.ts. Why the entry: every write to an
// entry's versions or labels (PATCH, PUT/DELETE label, DELETE) locks it first, which numbers
// versions without gaps or duplicates under concurrent writes and keeps retention from pruning a
// version a concurrent PUT label is pointing at: the writes queue, and each one's later statements
// see what the previous one committed. The entry is read in a
// LATERAL subquery that needs the collection's pk, so PostgreSQL locks the collection row first:
// the lock order stays collection → entry. Both rows are locked, so both are read at their latest
// committed version even after waiting on another write (unlocked reads in the same statement would
// see the statement's older snapshot: read anything else in a later statement).
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { TARGET_LOCK_PREFIX } from "./check-references";
import { notFound } from "../http/api-error";
import { readCollectionSchema } from "./collection-schema";
import type { FoundCollection } from "./find-collection";

export type LockedEntry = { id: string; version: number; createdAt: Date; updatedAt: Date };

type Row = Omit<FoundCollection, "parsedSchema"> & {
  entryId: string | null;
  entryVersion: number | null;
  entryCreatedAt: Date | null;
  entryUpdatedAt: Date | null;
};

export async function lockCollectionEntry(
  tx: SqlRunner,
  options: {
    ownerId: string;
    slug: string;
    entryId: string;
    /** Runs once the collection is found and before a missing entry is reported (e.g. validation: 400 before 404). */
    check?: (collection: FoundCollection) => void;
    /**
     * Also take the entry's reference-target lock exclusively (a delete: writes that point at the
     * entry hold it shared while they check it; lib/collections/check-references.ts). In the same
     * round trip; the delete's next statement then sees every such write that committed.
     */
    asTarget?: boolean;
  },
): Promise<{ collection: FoundCollection; entry: LockedEntry }> {
  const { ownerId, slug, entryId } = options;
  // After the row lock (a join above the entry's LockRows), and only when the entry is there: a
  // delete then never holds this lock while it waits for the row, which is what keeps it out of
  // lock cycles with writes (they hold their own row, then wait for target locks).
  const targetLock = options.asTarget
    ? Prisma.sql`LEFT JOIN LATERAL (SELECT pg_advisory_xact_lock(hashtextextended(${TARGET_LOCK_PREFIX} || ${entryId}, 0)) AS held WHERE e.id IS NOT NULL) target_lock ON true`
    : Prisma.empty;
  const [row] = await tx.$queryRaw<Row[]>`
    WITH c AS (
      SELECT pk, slug, name, schema, "protectedLabels", "createdAt", "updatedAt" FROM "Collection"
      WHERE "ownerId" = ${ownerId} AND slug = ${slug} FOR KEY SHARE)
    SELECT c.*, e.id AS "entryId", e.version AS "entryVersion", e."createdAt" AS "entryCreatedAt", e."updatedAt" AS "entryUpdatedAt"
    FROM c LEFT JOIN LATERAL (
      SELECT id, version, "createdAt", "updatedAt" FROM "Entry" WHERE id = ${entryId} AND "collectionPk" = c.pk FOR UPDATE) e ON true ${targetLock}`;
  if (!row) throw notFound("Collection not found");
  const { entryId: id, entryVersion, entryCreatedAt, entryUpdatedAt, ...collectionRow } = row;
  const collection: FoundCollection = { ...collectionRow, parsedSchema: readCollectionSchema(collectionRow.schema) };
  options.check?.(collection);
  if (id === null) throw notFound("Entry not found");
  return { collection, entry: { id, version: entryVersion!, createdAt: entryCreatedAt!, updatedAt: entryUpdatedAt! } };
}
