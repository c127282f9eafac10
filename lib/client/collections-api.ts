// The collection endpoints the dashboard calls (SPEC "Collections", "Entries", "Labels";
// DASHBOARD "Versions and labels").
import { apiRequest } from "./api-client";

const enc = encodeURIComponent;
const collectionPath = (collectionId: string) => `/api/collections/${enc(collectionId)}`;
const entryPath = (collectionId: string, entryId: string) => `${collectionPath(collectionId)}/entries/${enc(entryId)}`;

export type Reprojected = { updated: number; skipped: number; truncated: boolean };

export async function createCollection(input: { name: string; slug: string; schema: unknown }): Promise<{ id: string }> {
  return (await apiRequest<{ id: string }>("POST", "/api/collections", { body: input })).data;
}

export async function updateCollection(collectionId: string, input: { name: string; schema: unknown }): Promise<{ id: string; reprojected?: Reprojected }> {
  return (await apiRequest<{ id: string; reprojected?: Reprojected }>("PATCH", collectionPath(collectionId), { body: input })).data;
}

export async function createEntry(collectionId: string, data: Record<string, unknown>): Promise<{ id: string; version: string }> {
  return (await apiRequest<{ id: string; version: string }>("POST", `${collectionPath(collectionId)}/entries`, { body: { data } })).data;
}

/** A new version; with `ifVersion`, a version written elsewhere rejects with 409 `version_conflict` and `current`. */
export async function saveEntry(collectionId: string, entryId: string, data: Record<string, unknown>, ifVersion?: string): Promise<{ id: string; version: string }> {
  return (await apiRequest<{ id: string; version: string }>("PATCH", entryPath(collectionId, entryId), { body: { data, ...(ifVersion ? { ifVersion } : {}) } })).data;
}

export async function getVersionData(collectionId: string, entryId: string, version: string): Promise<Record<string, unknown>> {
  return (await apiRequest<{ data: Record<string, unknown> }>("GET", `${entryPath(collectionId, entryId)}/versions/${enc(version)}`)).data.data;
}

export async function moveLabel(collectionId: string, entryId: string, label: string, version: string): Promise<void> {
  await apiRequest("PUT", `${entryPath(collectionId, entryId)}/labels/${enc(label)}`, { body: { version } });
}

export async function removeLabel(collectionId: string, entryId: string, label: string): Promise<void> {
  await apiRequest("DELETE", `${entryPath(collectionId, entryId)}/labels/${enc(label)}`);
}
