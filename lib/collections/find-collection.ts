// Resolves `/api/collections/:id` for the owner: the id is the slug, unique per owner. Every
// entry and label write locks the row FOR KEY SHARE first, so a schema change (which takes FOR
// UPDATE, then re-projects entry rows) never interleaves with a write still projecting by the
// old mapping, and all writes take their locks in one order (collection, entry, label count
// slots in name order, entry count slot), which leaves no room for a deadlock. KEY SHARE does not
// conflict with itself or with the cron tick's folds of the count slots, so writes do not block
// each other on it.
//
// `count: true` adds the exact entryCount (the column plus its slots, ./entry-count-sql.ts) in the
// same statement; without it the row has no entryCount, so nothing can show the bare column.
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { readCollectionSchema, type CollectionSchema } from "./collection-schema";
import { entryCountSql } from "./entry-count-sql";
import type { CollectionRow } from "./to-collection";

export type FoundCollection = Omit<CollectionRow, "entryCount"> & { pk: string; parsedSchema: CollectionSchema };
export type CountedCollection = FoundCollection & { entryCount: number };

type Options = { ownerId: string; slug: string; lock?: "key share" | "update" };

export async function findCollection(tx: SqlRunner, options: Options & { count: true }): Promise<CountedCollection>;
export async function findCollection(tx: SqlRunner, options: Options & { count?: false }): Promise<FoundCollection>;
export async function findCollection(tx: SqlRunner, options: Options & { count: boolean }): Promise<FoundCollection & { entryCount?: number }>;
export async function findCollection(tx: SqlRunner, options: Options & { count?: boolean }): Promise<FoundCollection> {
  const { ownerId, slug, lock } = options;
  const lockClause =
    lock === "update" ? Prisma.sql`FOR UPDATE` : lock === "key share" ? Prisma.sql`FOR KEY SHARE` : Prisma.empty;
  const count = options.count ? Prisma.sql`, ${entryCountSql("c")} AS "entryCount"` : Prisma.empty;
  const rows = await tx.$queryRaw<FoundCollection[]>`
    SELECT pk, slug, name, schema, "protectedLabels", "createdAt", "updatedAt" ${count} FROM "Collection" c
    WHERE "ownerId" = ${ownerId} AND slug = ${slug} ${lockClause}`;
  const row = rows[0];
  if (!row) throw notFound("Collection not found");
  return { ...row, parsedSchema: readCollectionSchema(row.schema) };
}
