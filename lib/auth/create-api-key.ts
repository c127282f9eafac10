import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { generateApiKey } from "./api-key-format";
import { memberRoleSchema } from "./roles";
import { scopeSchema, type Scope } from "./scopes";

const inputSchema = z.object({
  userId: z.string().min(1),
  name: z.string().trim().min(1).max(100).default("API key"),
  scopes: z.array(scopeSchema).min(1, "At least one scope is required"),
  expiresAt: z.date().nullable().optional(),
  kind: z.enum(["personal", "project"]).default("project"),
  role: memberRoleSchema.default("admin"),
  createdById: z.string().nullable().optional(),
});

export type CreatedApiKey = { id: string; key: string; prefix: string; scopes: Scope[]; name: string; expiresAt: string | null };

/**
 * Returns the full key: the only time it exists outside the caller's hands. Scopes arrive as
 * plain strings (CLI, dashboard) and are checked against the scope list here. `userId` is the
 * project; without `kind` it is a project key with role `admin` (the CLI's `key:create`).
 */
export async function createApiKey(input: {
  userId: string;
  name?: string;
  scopes: string[];
  expiresAt?: Date | null;
  kind?: "personal" | "project";
  role?: string;
  createdById?: string | null;
}): Promise<CreatedApiKey> {
  const { userId, name, scopes, expiresAt, kind, role, createdById } = parseOrThrow(inputSchema, input);
  const user = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound("User not found");
  const { key, prefix, hash } = generateApiKey();
  const uniqueScopes = [...new Set(scopes)];
  // The key and its audit row (key.created; from the CLI, with no request, none) together.
  const row = await db().$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: { userId, name, prefix, hash, scopes: uniqueScopes, expiresAt: expiresAt ?? null, kind, role, createdById: createdById ?? null },
      select: { id: true },
    });
    await recordAudit(tx, { action: "key.created", target: { type: "key", id: created.id, name }, changes: { prefix, scopes: uniqueScopes, kind, role } });
    return created;
  });
  return { id: row.id, key, prefix, scopes: uniqueScopes, name, expiresAt: expiresAt?.toISOString() ?? null };
}
