// GET /api/collections/:id/scheduled (MODELING "Scheduled label moves"): the collection's pending
// label moves, soonest first (`entryId` narrows to one entry; `status=applied|failed` shows what
// became of past ones instead, most recent first). At most 100.
import { z } from "zod";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { findCollection } from "./find-collection";
import { actorFromColumns, type Actor, type Owner } from "./owner";
import { formatVersion } from "./version-id";

export const SCHEDULED_STATUSES = ["pending", "applied", "failed"] as const;
export const MAX_SCHEDULED_LISTED = 100;

export const listScheduledQuery = z.object({
  entryId: z.string().max(100).optional(),
  status: z.enum(SCHEDULED_STATUSES).optional().default("pending"),
});

export type ScheduledMove = {
  id: string;
  entryId: string;
  label: string;
  version: string;
  at: string;
  status: (typeof SCHEDULED_STATUSES)[number];
  /** `failed` only: `entry_deleted` or `version_pruned`. */
  reason?: string;
  createdBy: Actor;
  createdAt: string;
  settledAt?: string;
};

type Row = {
  id: string;
  entryId: string;
  name: string;
  version: number;
  at: Date;
  status: ScheduledMove["status"];
  reason: string | null;
  actorType: string;
  actorId: string;
  actorPrefix: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

export async function listScheduledMoves(options: {
  owner: Owner;
  collectionId: string;
  query: z.output<typeof listScheduledQuery>;
}): Promise<{ data: ScheduledMove[] }> {
  const collection = await findCollection(db(), { ownerId: options.owner.id, slug: options.collectionId });
  const { entryId, status } = options.query;
  const entryFilter = entryId === undefined ? Prisma.empty : Prisma.sql`AND "entryId" = ${entryId}`;
  const order = status === "pending" ? Prisma.sql`at ASC, id ASC` : Prisma.sql`at DESC, id DESC`;
  const rows = await db().$queryRaw<Row[]>`
    SELECT id, "entryId", name, version, at, status, reason, "actorType", "actorId", "actorPrefix", "createdAt", "settledAt"
    FROM "ScheduledLabelMove" WHERE "collectionPk" = ${collection.pk} AND status = ${status} ${entryFilter}
    ORDER BY ${order} LIMIT ${MAX_SCHEDULED_LISTED}`;
  return { data: rows.map(toScheduledMove) };
}

function toScheduledMove(row: Row): ScheduledMove {
  return {
    id: row.id,
    entryId: row.entryId,
    label: row.name,
    version: formatVersion(row.version),
    at: row.at.toISOString(),
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
    createdBy: actorFromColumns(row.actorType, row.actorId, row.actorPrefix),
    createdAt: row.createdAt.toISOString(),
    ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
  };
}
