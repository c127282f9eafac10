// The small per-route declaration that, with the route's `api({...})` config (auth, scopes, plan,
// rate limit, params, query, body), makes its OpenAPI operation (lib/openapi/build-document.ts).
// Errors the config implies (400 input, 401, 403 scope/plan/session, 429) are added by the
// builder; `errors` lists only those the handler itself can answer with.
import type { z } from "zod";

export const API_TAGS = ["Posts", "Post history", "Public posts", "Collections", "Entries", "Versions", "Labels", "Media", "Webhooks", "Events", "Account", "Members", "Portability", "Operations"] as const;
export type ApiTag = (typeof API_TAGS)[number];

export type DocResponse = {
  description: string;
  /** Omitted for a body the document does not describe (e.g. 204). */
  schema?: z.ZodType;
  example?: unknown;
};

export type DocError = string | { description: string; schema: z.ZodType };

export type RouteDocs = {
  summary: string;
  description?: string;
  tag: ApiTag;
  /** Success (and other non-error) responses by status code. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 503, DocResponse>>;
  /** Errors the handler itself answers with, beyond those the config implies. */
  errors?: Partial<Record<400 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 429 | 503, DocError>>;
  /** The 200 carries an `ETag`; `If-None-Match` that matches answers 304. */
  conditional?: boolean;
  /** Request headers the operation reads besides credentials. */
  requestHeaders?: z.ZodObject;
  /** The request body as documented, when the route parses a looser one itself (bulk entries). */
  body?: z.ZodType;
  /** A body that is not JSON (uploads), by content type; the route reads it itself. */
  requestContent?: Record<string, z.ZodType>;
  /** A bearer secret other than an API key (the cron route's CRON_SECRET). */
  security?: "cron";
  /** The SDK method that calls this operation, shown as a code sample (`inkbase.posts.create(...)`). */
  sdk?: string;
};
