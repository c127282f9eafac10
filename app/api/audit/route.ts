// GET /api/audit – the project's audit log, newest first: ?actor=&action=&target=&since=&until=&cursor=&limit=&format=csv (admins and the owner, sessions only)
import { api } from "@/lib/http/api";
import { auditProjectId } from "@/lib/audit/audit-actor";
import { auditCsvStream } from "@/lib/audit/audit-csv";
import { auditQuerySchema } from "@/lib/audit/audit-query";
import { auditPageSchema } from "@/lib/audit/audit-response";
import { listAuditEvents } from "@/lib/audit/list-audit-events";

export const runtime = "nodejs";

// Sessions only (keys: 403 "Session required", TEAMS.md "Keys"). Today a session acts in its own
// project as its owner; the teams change adds the admin-or-owner check (`audit.read`).
export const GET = api({
  auth: "session",
  action: "audit.read",
  query: auditQuerySchema,
  docs: {
    summary: "Read the audit log",
    description:
      "Every change by a person or a key, recorded in the change's own transaction, newest first, with the filters below (all optional, combined with AND). `requestId` is the `X-Request-Id` of the change's response. `format=csv` streams every matching row (no `limit`) as `text/csv` with the columns `id,at,actorType,actorId,actorName,action,targetType,targetId,ip,requestId`. Rows are kept `AUDIT_RETENTION_DAYS` (at least 365). Sessions only.",
    tag: "Account",
    sdk: 'inkbase.audit.list({ action: "post", since: "2026-11-01T00:00:00Z" })',
    responses: { 200: { description: "One page of the audit log (or, with `format=csv`, every matching row as CSV).", schema: auditPageSchema } },
    errors: { 400: "`Invalid cursor`: `cursor` is not a `nextCursor` this endpoint gave." },
  },
  handler: async ({ principal, query }) => {
    const projectId = auditProjectId(principal);
    if (query.format === "csv") {
      const day = new Date().toISOString().slice(0, 10);
      return new Response(auditCsvStream({ projectId, query }), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`,
          "Cache-Control": "private, no-store",
        },
      });
    }
    return listAuditEvents({ projectId, query });
  },
});
