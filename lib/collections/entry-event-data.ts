// The `data` of entry and label events (DECISIONS §6). A collection's public id is its slug.
import type { Prisma } from "../generated/prisma/client";
import { toLabelsMap, type LabelRow } from "./entry-labels";
import { formatVersion } from "./version-id";

export function entryEventData(collectionSlug: string, entry: { id: string; version: number; labels: LabelRow[] }): Prisma.InputJsonObject {
  return {
    collection: { id: collectionSlug, slug: collectionSlug },
    entry: { id: entry.id, version: formatVersion(entry.version), labels: toLabelsMap(entry.labels) as Prisma.InputJsonObject },
  };
}

/** `version: null` when the label was removed; `previousVersion: null` when it is new. */
export function labelEventData(
  collectionSlug: string,
  change: { entryId: string; label: string; version: number | null; previousVersion: number | null; meta: unknown },
): Prisma.InputJsonObject {
  return {
    collection: { id: collectionSlug, slug: collectionSlug },
    entryId: change.entryId,
    label: change.label,
    version: change.version === null ? null : formatVersion(change.version),
    previousVersion: change.previousVersion === null ? null : formatVersion(change.previousVersion),
    meta: (change.meta ?? null) as Prisma.InputJsonValue | null,
  };
}
