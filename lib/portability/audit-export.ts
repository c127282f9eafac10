// An export changes nothing, but who took a copy of the whole project belongs in its audit log
// (TEAMS.md lists `export`): one row, written when the download starts.
import { recordAudit } from "../audit/record-audit";
import { sql } from "../db-sql";

export async function auditExport(options: { format: string; filename: string }): Promise<void> {
  await recordAudit(sql(), { action: "export.downloaded", target: { type: "export", id: options.filename, name: options.filename }, changes: { format: options.format } });
}
