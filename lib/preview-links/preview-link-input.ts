// The preview-link API's shapes at the edge (TEAMS.md "Preview links"): the create body and the
// answers, one zod schema each, shared by the routes and lib/openapi.
import { z } from "zod";

export const DEFAULT_PREVIEW_HOURS = 72;
export const MAX_PREVIEW_HOURS = 720;

export const createPreviewLinkSchema = z
  .object({
    expiresInHours: z.number().int().min(1).max(MAX_PREVIEW_HOURS).default(DEFAULT_PREVIEW_HOURS).meta({
      description: `Hours until the link stops working: 1–${MAX_PREVIEW_HOURS}, default ${DEFAULT_PREVIEW_HOURS}.`,
    }),
  })
  .strict()
  // No body at all is the defaults.
  .prefault({});

export const previewLinkParamsSchema = z.object({ id: z.string() });
export const previewLinkItemParamsSchema = z.object({ id: z.string(), linkId: z.string() });

export const createdPreviewLinkSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "`<PUBLIC_BASE_URL>/preview/<token>`. Shown only in this answer: the token is stored hashed." }),
    expiresAt: z.string().meta({ description: "ISO 8601 time after which the link answers 404." }),
  })
  .meta({ id: "CreatedPreviewLink" });

export const previewLinkSchema = z
  .object({
    id: z.string(),
    status: z.enum(["active", "expired"]),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "PreviewLink" });

export const previewLinkListSchema = z.object({ data: z.array(previewLinkSchema) }).meta({ id: "PreviewLinkList" });

export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;
export type PreviewLinkResponse = z.infer<typeof previewLinkSchema>;
