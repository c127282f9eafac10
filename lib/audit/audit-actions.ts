// The areas an action may belong to (TEAMS.md "Audit log"): `action` is `<area>.<verb>`.
export const AUDIT_AREAS = [
  "post",
  "entry",
  "label",
  "collection",
  "media",
  "key",
  "webhook",
  "member",
  "invitation",
  "review",
  "project",
  "import",
  "export",
  "account",
] as const;

export type AuditArea = (typeof AUDIT_AREAS)[number];
export type AuditAction = `${AuditArea}.${string}`;

export function isAuditArea(value: string): value is AuditArea {
  return (AUDIT_AREAS as readonly string[]).includes(value);
}
