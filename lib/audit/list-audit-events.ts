// GET /api/audit: one page of a project's audit log, newest first, with the filters of
// TEAMS.md. Every filter has an index that starts with the project (migration
// 20261127193000_audit_log) and ends with (at desc, id desc), so a page is an index range read
// however long the log is; an area (`action=post`) reads the project's rows in time order and
// keeps that area's.
import { sql, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { decodeAuditCursor, encodeAuditCursor, type AuditCursor } from "./audit-cursor";
import { AUDIT_DEFAULT_LIMIT, type AuditQuery } from "./audit-query";
import { toAuditEvent, type AuditEventBody, type AuditRow } from "./audit-response";

export type AuditPage = { data: AuditEventBody[]; nextCursor: string | null };

export async function listAuditEvents(options: { projectId: string; query: AuditQuery }, runner: SqlRunner = sql()): Promise<AuditPage> {
  const limit = options.query.limit ?? AUDIT_DEFAULT_LIMIT;
  const cursor = options.query.cursor ? decodeAuditCursor(options.query.cursor) : null;
  const rows = await readAuditRows(runner, options.projectId, options.query, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toAuditEvent), nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
}

/** Up to `take` rows matching `query` (its cursor aside) strictly before `cursor`. */
export function readAuditRows(runner: SqlRunner, projectId: string, query: AuditQuery, cursor: AuditCursor | null, take: number): Promise<AuditRow[]> {
  if (!projectId) throw new Error("audit: no project");
  const where: Prisma.Sql[] = [Prisma.sql`"projectId" = ${projectId}`];
  if (query.actor) where.push(Prisma.sql`"actorId" = ${query.actor}`);
  if (query.action) {
    where.push(query.action.includes(".") ? Prisma.sql`action = ${query.action}` : Prisma.sql`action LIKE ${`${query.action}.%`}`);
  }
  if (query.target) where.push(Prisma.sql`"targetType" = ${query.target.type} AND "targetId" = ${query.target.id}`);
  if (query.since) where.push(Prisma.sql`at >= ${query.since}`);
  if (query.until) where.push(Prisma.sql`at <= ${query.until}`);
  if (cursor) where.push(Prisma.sql`(at, id) < (${cursor.at}::timestamp, ${cursor.id})`);
  return runner.$queryRaw<AuditRow[]>(Prisma.sql`
    SELECT id, at, "actorType", "actorId", "actorName", "actorPrefix", action, "targetType", "targetId", "targetName", changes, ip, "requestId"
    FROM "AuditEvent" WHERE ${Prisma.join(where, " AND ")}
    ORDER BY at DESC, id DESC LIMIT ${take}`);
}
