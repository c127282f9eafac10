// Response shapes of /api/me (DECISIONS §2 and DASHBOARD.md), for the OpenAPI document and toMe.
import { z } from "zod";
import { ROLES } from "./roles";
import { SCOPES } from "./scopes";

export const meSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    plan: z.enum(["free", "pro"]),
    scopes: z.array(z.enum(SCOPES)).nullable().meta({ description: "The key's scopes; null for a session (unscoped)." }),
    project: z
      .object({ username: z.string(), role: z.enum(ROLES) })
      .meta({ description: "The current project (TEAMS.md): the key's, or the session's own or the one named by `Inkbase-Project`, with the caller's role there." }),
    projects: z
      .array(z.object({ username: z.string(), displayName: z.string().nullable(), role: z.enum(ROLES) }))
      .optional()
      .meta({ description: "Sessions only: every project the account belongs to, its own first." }),
  })
  .meta({ id: "Me" });

export const profileSchema = z
  .object({ id: z.string(), username: z.string(), email: z.string(), displayName: z.string().nullable(), plan: z.enum(["free", "pro"]) })
  .meta({ id: "Profile" });
