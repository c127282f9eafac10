// The audit log's cursor: the last row's (at, id), opaque to callers. Rows are ordered by
// (at desc, id desc), so the next page is the rows strictly before that pair.
import { badRequest } from "../http/api-error";

export type AuditCursor = { at: Date; id: string };

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString("base64url");
}

export function decodeAuditCursor(text: string): AuditCursor {
  const decoded = Buffer.from(text, "base64url").toString("utf8");
  const bar = decoded.indexOf("|");
  const at = new Date(decoded.slice(0, bar));
  const id = decoded.slice(bar + 1);
  if (bar < 0 || Number.isNaN(at.getTime()) || !id.startsWith("aud_")) throw badRequest("Invalid cursor");
  return { at, id };
}
