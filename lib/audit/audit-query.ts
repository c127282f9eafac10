// GET /api/audit?actor=&action=&target=&since=&until=&cursor=&limit=&format= (TEAMS.md "Audit log").
import { z } from "zod";
import { AUDIT_AREAS } from "./audit-actions";

export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;

// Years 1–9999 in UTC: PostgreSQL has no year 0 (JavaScript does), so "0000-01-01T00:00:00Z" or
// an offset that lands there is a 400 here rather than the database's error.
const time = z.iso
  .datetime({ offset: true, error: "An ISO 8601 time, e.g. 2026-11-27T00:00:00Z" })
  .transform((value) => new Date(value))
  .refine((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999, { error: "A time between the years 1 and 9999" });

export const auditQuerySchema = z.object({
  actor: z.string().min(1).max(200).optional().meta({ description: "A user id or a key id." }),
  action: z
    .string()
    .regex(new RegExp(`^(${AUDIT_AREAS.join("|")})(\\.[a-z_]+)?$`), "An action (`post.updated`) or an area (`post`)")
    .optional()
    .meta({ description: `An exact action (\`post.updated\`) or an area: ${AUDIT_AREAS.map((area) => `\`${area}\``).join(", ")}.` }),
  target: z
    .string()
    .regex(/^[a-z_]+:.{1,200}$/, "`<type>:<id>`, e.g. post:cmw…")
    .transform((value) => {
      const at = value.indexOf(":");
      return { type: value.slice(0, at), id: value.slice(at + 1) };
    })
    .optional()
    .meta({ description: "`<type>:<id>`, e.g. `post:cmwtedex50000dv7dz6u61w5t`." }),
  since: time.optional().meta({ description: "ISO time; rows at or after it." }),
  until: time.optional().meta({ description: "ISO time; rows at or before it." }),
  cursor: z.string().min(1).max(300).optional().meta({ description: "`nextCursor` of the previous page." }),
  limit: z.coerce
    .number({ error: "An integer from 1 to 200" })
    .int("An integer from 1 to 200")
    .min(1, "An integer from 1 to 200")
    .max(AUDIT_MAX_LIMIT, "An integer from 1 to 200")
    .optional()
    .meta({ description: `Rows a page, 1–${AUDIT_MAX_LIMIT}, default ${AUDIT_DEFAULT_LIMIT}. With \`format=csv\`, ignored: every matching row.` }),
  format: z.enum(["json", "csv"]).optional().meta({ description: "`csv` streams every matching row as CSV instead of one JSON page." }),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;
