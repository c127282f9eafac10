// The collection endpoints the dashboard calls (SPEC "Collections", "Entries", "Labels";
// DASHBOARD "Versions and labels"; MODELING), through the SDK's typed resource methods.
import type { CollectionSchema } from "@/lib/collections/collection-schema";
import { viaSdk } from "./api-client";

export type Reprojected = { updated: number; skipped: number; truncated: boolean };

export async function createCollection(input: { name: string; slug: string; schema: CollectionSchema }): Promise<{ id: string }> {
  return viaSdk((inkbase) => inkbase.collections.create(input));
}

/** PATCH name and schema; `reprojected` says how many entries picked up a changed index mapping. */
export async function updateCollection(collectionId: string, input: { name: string; schema: CollectionSchema }): Promise<{ id: string; reprojected?: Reprojected }> {
  return viaSdk((inkbase) => inkbase.collections.update(collectionId, input));
}

export async function createEntry(collectionId: string, data: Record<string, unknown>): Promise<{ id: string; version: string }> {
  return viaSdk((inkbase) => inkbase.entries.create(collectionId, { data }));
}

/** A new version; with `ifVersion`, a version written elsewhere rejects with 409 `version_conflict` and `current`. */
export async function saveEntry(collectionId: string, entryId: string, data: Record<string, unknown>, ifVersion?: string): Promise<{ id: string; version: string }> {
  return viaSdk((inkbase) => inkbase.entries.update(collectionId, entryId, { data, ...(ifVersion ? { ifVersion } : {}) }));
}

export async function getVersionData(collectionId: string, entryId: string, version: string): Promise<Record<string, unknown>> {
  const snapshot = await viaSdk((inkbase) => inkbase.versions.get(collectionId, entryId, version));
  return snapshot.data as Record<string, unknown>;
}

export async function moveLabel(collectionId: string, entryId: string, label: string, version: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.labels.move(collectionId, entryId, label, { version }));
}

export async function removeLabel(collectionId: string, entryId: string, label: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.labels.remove(collectionId, entryId, label));
}

export type EntryOption = { id: string; label: string };

/** A target collection's entries for a reference picker: the newest 10, or those whose title or summary holds `q`. */
export async function searchEntries(collectionId: string, q: string): Promise<EntryOption[]> {
  const { entries } = await viaSdk((inkbase) => inkbase.entries.list(collectionId, { perPage: "10", ...(q.trim() ? { q: q.trim() } : {}) }));
  return entries.map((entry) => ({ id: entry.id, label: entry.title || entry.slug || entry.id }));
}

/** Moves the label at `at` (an ISO time more than 5 s ahead) instead of now. */
export async function scheduleLabelMove(collectionId: string, entryId: string, label: string, version: string, at: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.labels.schedule(collectionId, entryId, label, { version, at }));
}

export async function cancelScheduledMove(collectionId: string, scheduleId: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.labels.cancelSchedule(collectionId, scheduleId));
}
