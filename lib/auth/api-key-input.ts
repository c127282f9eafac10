// What POST /api/keys accepts (DASHBOARD.md): a name, at least one scope, an optional expiry that
// lies in the future. The domain function checks the scopes again (the CLI calls it too).
import { z } from "zod";
import { memberRoleSchema } from "./roles";
import { scopeSchema } from "./scopes";

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, "A name is required").max(100, "At most 100 characters"),
  scopes: z.array(scopeSchema).min(1, "Choose at least one scope"),
  expiresAt: z.iso
    .datetime({ offset: true, error: "Must be an ISO 8601 date-time with a time zone" })
    .nullable()
    .optional()
    .transform((value) => (value ? new Date(value) : null))
    .refine((value) => value === null || value.getTime() > Date.now(), "Must be in the future"),
  /** TEAMS.md "Keys": `personal` (default) acts as the caller; `project` (admins, the owner) as the project with `role`. */
  kind: z.enum(["personal", "project"]).default("personal"),
  role: memberRoleSchema.optional(),
});
