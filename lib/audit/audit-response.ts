// The audit log's shapes (TEAMS.md "Audit log"), as zod schemas for the OpenAPI document.
import { z } from "zod";

export const auditEventSchema = z
  .object({
    id: z.string().meta({ description: "`aud_…`" }),
    at: z.iso.datetime(),
    actor: z.object({
      type: z.enum(["user", "key"]),
      id: z.string().meta({ description: "The user id, or the key id." }),
      username: z.string().optional(),
      prefix: z.string().optional().meta({ description: "A key's shown prefix." }),
    }),
    action: z.string().meta({ description: "`<area>.<verb>`, e.g. `post.published`, `account.sign_in_failed`." }),
    target: z.object({ type: z.string(), id: z.string(), name: z.string().optional() }),
    changes: z.unknown().optional(),
    ip: z.string(),
    requestId: z.string().meta({ description: "The `X-Request-Id` of the change's response." }),
  })
  .meta({
    id: "AuditEvent",
    example: {
      id: "aud_4kQb0mW1xYz7TgH2pLs9VcN3",
      at: "2026-11-27T09:30:00.000Z",
      actor: { type: "key", id: "cmwtedex50000dv7dz6u61w5t", prefix: "ink_3f9a1c2b" },
      action: "post.published",
      target: { type: "post", id: "cmwtedex50001dv7dz6u61w5u", name: "Hello, world" },
      ip: "203.0.113.7",
      requestId: "6f1c2d3e-0a1b-4c5d-8e9f-0123456789ab",
    },
  });

export const auditPageSchema = z
  .object({
    data: z.array(auditEventSchema).meta({ description: "Newest first." }),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  })
  .meta({ id: "AuditPage" });

export type AuditEventBody = z.output<typeof auditEventSchema>;

export type AuditRow = {
  id: string;
  at: Date;
  actorType: string;
  actorId: string;
  actorName: string | null;
  actorPrefix: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetName: string | null;
  changes: unknown;
  ip: string;
  requestId: string;
};

export function toAuditEvent(row: AuditRow): AuditEventBody {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      type: row.actorType === "key" ? "key" : "user",
      id: row.actorId,
      ...(row.actorName ? { username: row.actorName } : {}),
      ...(row.actorPrefix ? { prefix: row.actorPrefix } : {}),
    },
    action: row.action,
    target: { type: row.targetType, id: row.targetId, ...(row.targetName ? { name: row.targetName } : {}) },
    ...(row.changes === null || row.changes === undefined ? {} : { changes: row.changes }),
    ip: row.ip,
    requestId: row.requestId,
  };
}
