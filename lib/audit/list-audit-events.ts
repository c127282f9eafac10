// GET /api/audit: one page of a project's audit log, newest first, with the filters of
// TEAMS.md. Every filter has an index that starts with the project (migration
// 20261127193000_audit_log) and ends with (at desc, id desc), so a page is an index range read
// however long the log is. An area (`action=post`) is several actions: the project's distinct
// actions are found by a skip scan of the (projectId, action, …) index (one index descent each, a
// few dozen at most), and the page is the merge of one such range per action of the area. A LIKE
// on the action instead walks the project's rows in time order until the page fills: the whole
// log, at a million rows, for an area that has none (a parallel seq scan, 160 ms, bench/README).
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
  if (query.target) where.push(Prisma.sql`"targetType" = ${query.target.type} AND "targetId" = ${query.target.id}`);
  if (query.since) where.push(Prisma.sql`at >= ${query.since}`);
  if (query.until) where.push(Prisma.sql`at <= ${query.until}`);
  if (cursor) where.push(Prisma.sql`(at, id) < (${cursor.at}::timestamp, ${cursor.id})`);
  if (query.action && !query.action.includes(".")) return readAreaRows(runner, projectId, query.action, where, take);
  if (query.action) where.push(Prisma.sql`action = ${query.action}`);
  return runner.$queryRaw<AuditRow[]>(Prisma.sql`
    SELECT ${COLUMNS} FROM "AuditEvent" WHERE ${Prisma.join(where, " AND ")}
    ORDER BY at DESC, id DESC LIMIT ${take}`);
}

const COLUMNS = Prisma.sql`id, at, "actorType", "actorId", "actorName", "actorPrefix", action, "targetType", "targetId", "targetName", changes, ip, "requestId"`;

/** An area's page: the project's actions by skip scan, then one index range per action of the area, merged. */
function readAreaRows(runner: SqlRunner, projectId: string, area: string, where: Prisma.Sql[], take: number): Promise<AuditRow[]> {
  return runner.$queryRaw<AuditRow[]>(Prisma.sql`
    WITH RECURSIVE actions(name) AS (
      (SELECT action FROM "AuditEvent" WHERE "projectId" = ${projectId} ORDER BY action LIMIT 1)
      UNION ALL
      SELECT (SELECT a.action FROM "AuditEvent" a WHERE a."projectId" = ${projectId} AND a.action > actions.name ORDER BY a.action LIMIT 1)
      FROM actions WHERE actions.name IS NOT NULL
    )
    SELECT page.* FROM actions CROSS JOIN LATERAL (
      SELECT ${COLUMNS} FROM "AuditEvent" WHERE ${Prisma.join(where, " AND ")} AND action = actions.name
      ORDER BY at DESC, id DESC LIMIT ${take}
    ) page
    WHERE actions.name LIKE ${`${area}.%`}
    ORDER BY page.at DESC, page.id DESC LIMIT ${take}`);
}
