// An entry's labels as the API shows them: `{ <name>: { version: "v_n", meta } }`.
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
