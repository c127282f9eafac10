// "Who references this entry" (MODELING "Reference fields"): the entries whose current version or
// a labelled version holds a reference to it, one row per referring entry and path. One range of
// the reference index's targetEntryId index, each row checked against its referrer's current
// version and labels (older retained versions do not count: nothing serves them by default).
// An entry's references to itself never count: they go with it.
import { Prisma } from "../generated/prisma/client";

/** At most this many referrers in a 409 body. */
export const REFERRERS_SHOWN = 20;

export function referrersSql(options: { ownerId: string; entryId: string; limit: number }): Prisma.Sql {
  return Prisma.sql`
    SELECT c.slug AS collection, r."sourceEntryId" AS "entryId", r.path
    FROM "EntryReference" r
    JOIN "Entry" e ON e.id = r."sourceEntryId"
    JOIN "Collection" c ON c.pk = e."collectionPk" AND c."ownerId" = ${options.ownerId}
    WHERE r."targetEntryId" = ${options.entryId} AND r."sourceEntryId" <> ${options.entryId}
      AND (r."sourceVersion" = e.version
        OR EXISTS (SELECT 1 FROM "EntryLabel" l WHERE l."entryId" = r."sourceEntryId" AND l.version = r."sourceVersion"))
    GROUP BY c.slug, r."sourceEntryId", r.path
    ORDER BY c.slug, r."sourceEntryId", r.path
    LIMIT ${options.limit}`;
}

export type Referrer = { collection: string; entryId: string; path: string };
