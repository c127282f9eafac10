import { db } from "../db";
import { findEntry } from "./find-entry";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";

export type VersionSummary = { version: string; createdAt: string; labels: string[] };

/** GET …/versions: the retained versions, newest first, each with the labels pointing at it. */
export async function listVersions(options: { owner: Owner; collectionId: string; entryId: string }): Promise<VersionSummary[]> {
  const { entry } = await findEntry(db(), { ownerId: options.owner.id, collectionId: options.collectionId, entryId: options.entryId });
  const rows = await db().$queryRaw<{ version: number; createdAt: Date; labels: string[] }[]>`
    SELECT v.version, v."createdAt", coalesce(array_agg(l.name ORDER BY l.name) FILTER (WHERE l.name IS NOT NULL), '{}') AS labels
    FROM "EntryVersion" v LEFT JOIN "EntryLabel" l ON l."entryId" = v."entryId" AND l.version = v.version
    WHERE v."entryId" = ${entry.id}
    GROUP BY v.version, v."createdAt" ORDER BY v.version DESC`;
  return rows.map((row) => ({ version: formatVersion(row.version), createdAt: row.createdAt.toISOString(), labels: row.labels }));
}
