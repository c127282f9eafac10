// Entry response shapes. GET entry (DECISIONS §3): `{ id, version, labels, title, summary, slug,
// tag?, data, createdAt, updatedAt }` at the chosen version; list items (SPEC envelope) carry the
// indexed columns and `data` only with full=1. `tag` appears only when the schema maps it.
import { toLabelsMap, type LabelRow } from "./entry-labels";
import { formatVersion } from "./version-id";
import type { z } from "zod";
import type { entryListItemSchema, entryResponseSchema } from "./collection-response";

export type ProjectedRow = { version: number; slug: string | null; title: string | null; summary: string | null; tag: string | null };

/** The shape the OpenAPI document shows (./collection-response.ts). */
export type EntryResponse = z.output<typeof entryResponseSchema>;

export type EntryListItem = z.output<typeof entryListItemSchema>;

export function toEntry(
  entry: { id: string; createdAt: Date; updatedAt: Date },
  at: ProjectedRow & { data: unknown },
  labels: LabelRow[],
  tagMapped: boolean,
): EntryResponse {
  return {
    id: entry.id,
    version: formatVersion(at.version),
    labels: toLabelsMap(labels),
    title: at.title,
    summary: at.summary,
    slug: at.slug,
    ...(tagMapped ? { tag: at.tag } : {}),
    data: at.data,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** `updatedAt`: a Date, or already in toISOString's form (the listing has PostgreSQL write it). */
export function toEntryListItem(row: ProjectedRow & { id: string; updatedAt: Date | string; data?: unknown }, tagMapped: boolean, full: boolean): EntryListItem {
  return {
    id: row.id,
    version: formatVersion(row.version),
    title: row.title,
    summary: row.summary,
    slug: row.slug,
    ...(tagMapped ? { tag: row.tag } : {}),
    ...(full ? { data: row.data } : {}),
    updatedAt: typeof row.updatedAt === "string" ? row.updatedAt : row.updatedAt.toISOString(),
  };
}
