// An entry's labels as the API shows them: `{ <name>: { version: "v_n", meta } }`.
import { Prisma } from "../generated/prisma/client";
import { formatVersion } from "./version-id";

/** `meta` as stored: the JSON text that was sent, or null (see EntryLabel.meta). */
export type LabelRow = { name: string; version: number; meta: string | null };
export type LabelsMap = Record<string, { version: string; meta: unknown }>;

export function readMeta(stored: string | null): unknown {
  return stored === null ? null : JSON.parse(stored);
}

export function toLabelsMap(rows: LabelRow[]): LabelsMap {
  const labels: LabelsMap = {};
  for (const row of [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    labels[row.name] = { version: formatVersion(row.version), meta: readMeta(row.meta) };
  }
  return labels;
}

/**
 * toLabelsMap in SQL, an aggregate over rows with `name`, `version` and `meta` (for an event body a
 * statement writes with the labels it finds; lib/collections/update-entry.ts).
 */
export const LABELS_JSON = Prisma.sql`COALESCE(jsonb_object_agg(name, jsonb_build_object('version', 'v_' || version, 'meta', COALESCE(meta::jsonb, 'null'::jsonb))), '{}'::jsonb)`;
