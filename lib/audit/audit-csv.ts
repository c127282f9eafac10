// GET /api/audit?format=csv: every matching row, newest first, streamed page by page through the
// cursor (memory stays one page however long the log), RFC 4180 quoting. The columns are
// TEAMS.md's, in its order.
import { sql } from "../db-sql";
import type { AuditCursor } from "./audit-cursor";
import { decodeAuditCursor } from "./audit-cursor";
import type { AuditQuery } from "./audit-query";
import type { AuditRow } from "./audit-response";
import { readAuditRows } from "./list-audit-events";

export const AUDIT_CSV_COLUMNS = ["id", "at", "actorType", "actorId", "actorName", "action", "targetType", "targetId", "ip", "requestId"] as const;

const PAGE = 1000;

/** A field quoted when it holds a comma, a quote, CR or LF, or starts with a formula character. */
export function csvField(value: string): string {
  // A leading = + - @ (or tab/CR) is read as a formula by spreadsheets: prefix a quote mark
  // (OWASP "CSV injection"), then quote as usual.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function auditCsvLine(row: AuditRow): string {
  const actorType = row.actorType === "key" ? "key" : "user";
  const fields = [row.id, row.at.toISOString(), actorType, row.actorId, row.actorName ?? row.actorPrefix ?? "", row.action, row.targetType, row.targetId, row.ip, row.requestId];
  return `${fields.map(csvField).join(",")}\r\n`;
}

export function auditCsvStream(options: { projectId: string; query: AuditQuery }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: AuditCursor | null = options.query.cursor ? decodeAuditCursor(options.query.cursor) : null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${AUDIT_CSV_COLUMNS.join(",")}\r\n`));
        return;
      }
      if (done) return controller.close();
      const rows = await readAuditRows(sql(), options.projectId, options.query, cursor, PAGE);
      if (rows.length < PAGE) done = true;
      const last = rows.at(-1);
      if (last) cursor = { at: last.at, id: last.id };
      if (rows.length) controller.enqueue(encoder.encode(rows.map(auditCsvLine).join("")));
      if (done) controller.close();
    },
  });
}
