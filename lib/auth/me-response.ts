// Response shapes of /api/me (DECISIONS §2 and DASHBOARD.md), for the OpenAPI document and toMe.
import { z } from "zod";
import { SCOPES } from "./scopes";

export const meSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    plan: z.enum(["free", "pro"]),
    scopes: z.array(z.enum(SCOPES)).nullable().meta({ description: "The key's scopes; null for a session (unscoped)." }),
  })
  .meta({ id: "Me" });

export const profileSchema = z
  .object({ id: z.string(), username: z.string(), email: z.string(), displayName: z.string().nullable(), plan: z.enum(["free", "pro"]) })
  .meta({ id: "Profile" });
