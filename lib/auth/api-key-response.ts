// Response shapes of /api/keys (DASHBOARD.md "API keys"), for the OpenAPI document.
import { z } from "zod";
import { ROLES } from "./roles";
import { SCOPES } from "./scopes";

const instant = z.iso.datetime();

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The start of the key, to recognise it; the key itself is never shown again." }),
    scopes: z.array(z.enum(SCOPES)),
    createdAt: instant,
    lastUsedAt: instant.nullable().meta({ description: "Updated at most once a minute." }),
    expiresAt: instant.nullable(),
    revokedAt: instant.nullable(),
    kind: z.enum(["personal", "project"]).meta({ description: "`personal`: acts as its maker within their role now; `project`: acts as the project with `role`." }),
    role: z.enum(ROLES).meta({ description: "A project key's role; a personal key's maker's role now." }),
    createdBy: z.object({ id: z.string(), username: z.string() }).nullable().meta({ description: "Who made it; null for the CLI's keys and keys made before teams." }),
  })
  .meta({ id: "ApiKey" });

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) }).meta({ id: "ApiKeyList" });

export const createdApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().meta({ description: "The full key, shown this once." }),
    prefix: z.string(),
    scopes: z.array(z.enum(SCOPES)),
    name: z.string(),
    expiresAt: instant.nullable(),
  })
  .meta({ id: "CreatedApiKey" });

export const revokedApiKeySchema = z.object({ id: z.string(), revokedAt: instant }).meta({ id: "RevokedApiKey" });
