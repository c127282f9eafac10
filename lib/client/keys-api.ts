// The key endpoints the dashboard calls (DASHBOARD.md "API keys"); session only.
import { apiRequest } from "./api-client";

export type CreatedKey = { id: string; key: string; prefix: string; scopes: string[]; name: string; expiresAt: string | null };

/** A personal key, or (admins and the owner) a project key with its role (TEAMS.md "Keys"). */
export async function createKey(input: { name: string; scopes: string[]; expiresAt: string | null; kind?: "project"; role?: string }): Promise<CreatedKey> {
  return apiRequest<CreatedKey>("POST", "/api/keys", input);
}

export async function revokeKey(id: string): Promise<{ id: string; revokedAt: string }> {
  return apiRequest<{ id: string; revokedAt: string }>("DELETE", `/api/keys/${encodeURIComponent(id)}`);
}
