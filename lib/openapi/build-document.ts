// The OpenAPI 3.1 document of /api/openapi.json, generated from the routes themselves: every
// `app/api/**/route.ts` (listed by scripts/generate-route-index.ts at `npm run generate`, and handed
// in by the caller: lib never imports app/, app/api/openapi.json/documented-routes.ts) exports
// handlers made by `api({...})`, which carry their declaration: auth mode, scopes, plan, rate
// limit, the zod schemas they parse with, and a small `docs` part (summary, responses, errors).
// zod-openapi 5 turns the zod 4 schemas into JSON Schema (its 6.x needs Node >= 22.14; the other
// library tried, @asteasolutions/zod-to-openapi 9, fails on recursive schemas such as Tiptap's).
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import type { RouteDeclaration } from "../http/api";
import type { DocError, RouteDocs } from "./route-docs";
import { API_TAGS } from "./route-docs";
import {
  badRequestSchema,
  cursorExpiredSchema,
  errorSchema,
  forbiddenSchema,
  idempotencyKeyInUseSchema,
  idempotencyKeyReusedSchema,
  internalErrorSchema,
  preconditionFailedSchema,
  rateLimitedSchema,
  unauthorizedSchema,
  unsupportedMediaTypeSchema,
} from "./error-schemas";
import {
  cacheControlHeader,
  etagHeader,
  idempotencyKeyHeaders,
  idempotentReplayedHeader,
  ifNoneMatchHeaders,
  rateLimitLimitHeader,
  rateLimitRemainingHeader,
  rateLimitResetHeader,
  requestIdHeader,
  retryAfterHeader,
} from "./headers";
import { SDK_VERSION } from "./version";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof HTTP_METHODS)[number];

type RouteFunction = { declaration?: RouteDeclaration };

/** One route file: its OpenAPI path and how to load its module. */
export type RouteIndexEntry = { path: string; load: () => Promise<unknown> };

/** Writes that accept Idempotency-Key (lib/idempotency/idempotency-key-of.ts decides the same at run time). */
function acceptsIdempotencyKey(method: Method, route: RouteDeclaration): boolean {
  return method !== "GET" && route.auth !== "none" && route.idempotency !== "none";
}

const DESCRIPTION = `The Inkbase REST API: public post reads without credentials, owner post writes, and
collections with immutable versions and labels (Pro plan).

Authenticate with an API key (\`Authorization: Bearer ink_…\`), created in the dashboard under
Settings → API keys. Each operation lists the scopes a key needs. Operations marked
**session only** are for the signed-in dashboard (cookie) and refuse keys with 403.

Errors are JSON \`{ "error": "…" }\`, with \`issues\` on 400 validation failures and \`required\` on
403 missing scopes; every response carries \`X-Request-Id\`. Keys are limited to 300 requests a
minute, public reads to 60 a minute per client IP; a 429 carries \`Retry-After\`.

Every write accepts an \`Idempotency-Key\` header: retry it with the same key and it takes effect
once. \`GET /api/events\` lists every event in commit order, to reconcile after missed webhooks.`;

/** The document for the routes found at build time. */
export async function buildDocument(routes: RouteIndexEntry[]) {
  const paths: ZodOpenApiPathsObject = {};
  const usedTags = new Set<string>();
  for (const entry of routes) {
    const mod = (await entry.load()) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const declaration = (mod[method] as RouteFunction | undefined)?.declaration;
      // Undocumented handlers stay out, and the coverage test names them.
      if (!declaration?.docs) continue;
      paths[entry.path] ??= {};
      (paths[entry.path] as Record<string, ZodOpenApiOperationObject>)[method.toLowerCase()] = operation(method, entry.path, { ...declaration, docs: declaration.docs });
      usedTags.add(declaration.docs.tag);
    }
  }
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Inkbase API", version: SDK_VERSION, description: DESCRIPTION },
    tags: API_TAGS.filter((name) => usedTags.has(name)).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`ink_…`). Operations list the scopes the key needs.",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The dashboard's sign-in session (`__Secure-next-auth.session-token` over HTTPS). Unscoped.",
        },
        cronSecret: { type: "http", scheme: "bearer", description: "The deployment's `CRON_SECRET`." },
      },
    },
  });
}

function operation(method: Method, path: string, route: RouteDeclaration & { docs: RouteDocs }): ZodOpenApiOperationObject {
  const { docs } = route;
  const body = docs.body ?? route.body;
  const sessionOnly = route.auth === "session";
  const notes = [
    docs.description,
    sessionOnly ? "**Session only**: for the signed-in dashboard; an API key gets 403 `Session required`." : undefined,
    route.plan === "pro" ? "Needs the **Pro plan** (403 `Pro plan required` otherwise)." : undefined,
    route.scopes?.length ? `Scopes: ${route.scopes.map((scope) => `\`${scope}\``).join(", ")}.` : undefined,
  ].filter(Boolean);
  const op: ZodOpenApiOperationObject & Record<`x-${string}`, unknown> = {
    operationId: operationId(method, path),
    summary: docs.summary,
    description: notes.join("\n\n") || undefined,
    tags: [docs.tag],
    security: security(route),
    requestParams: definedOnly({
      path: route.params as z.ZodObject | undefined,
      query: route.query as z.ZodObject | undefined,
      header: mergeHeaders(docs.conditional ? ifNoneMatchHeaders : undefined, docs.requestHeaders, acceptsIdempotencyKey(method, route) ? idempotencyKeyHeaders : undefined),
    }),
    requestBody: docs.requestContent
      ? { required: true, content: Object.fromEntries(Object.entries(docs.requestContent).map(([type, schema]) => [type, { schema }])) }
      : body && !(body instanceof z.ZodUnknown)
        ? // A body the route accepts absent (POST /api/posts/{id}/preview-links: defaults) is optional.
          { required: !body.safeParse(undefined).success, content: { "application/json": { schema: body } } }
        : undefined,
    responses: responses(route, acceptsIdempotencyKey(method, route)),
  };
  if (sessionOnly) op["x-session-only"] = true;
  if (route.scopes?.length) op["x-required-scopes"] = route.scopes;
  if (docs.sdk) op["x-codeSamples"] = [{ lang: "typescript", label: "SDK", source: sdkSample(docs.sdk) }];
  return op;
}

function security(route: RouteDeclaration & { docs: RouteDocs }): Record<string, string[]>[] {
  if (route.docs.security === "cron") return [{ cronSecret: [] }];
  const scopes = route.scopes ?? [];
  switch (route.auth) {
    case "none":
      return [];
    case "optional-session":
      return [{}, { session: [] }];
    case "key":
      return [{ apiKey: scopes }];
    case "session":
      return [{ session: [] }];
    case "key-or-session":
      return [{ apiKey: scopes }, { session: [] }];
  }
}

function rateLimited(route: RouteDeclaration): boolean {
  if (route.rateLimit === "none") return false;
  return route.rateLimit !== undefined || route.auth === "key" || route.auth === "key-or-session";
}

function responses(route: RouteDeclaration & { docs: RouteDocs }, idempotent: boolean): ZodOpenApiResponsesObject {
  const limited = rateLimited(route);
  const common = { "X-Request-Id": requestIdHeader };
  const limitHeaders = limited ? { "X-RateLimit-Limit": rateLimitLimitHeader, "X-RateLimit-Remaining": rateLimitRemainingHeader, "X-RateLimit-Reset": rateLimitResetHeader } : {};
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(route.docs.responses)) {
    const conditional = route.docs.conditional && status === "200";
    out[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: response.description,
      headers: z.object({
        ...common,
        ...limitHeaders,
        ...(conditional ? { ETag: etagHeader, "Cache-Control": cacheControlHeader } : {}),
        ...(idempotent ? { "Idempotent-Replayed": idempotentReplayedHeader } : {}),
      }),
      content: response.schema ? { "application/json": { schema: response.schema, ...(response.example === undefined ? {} : { example: response.example }) } } : undefined,
    };
  }
  if (route.docs.conditional) out["304"] = { description: "Not modified: the `If-None-Match` ETag still matches. No body.", headers: z.object({ ...common, ETag: etagHeader }) };

  const errors: Record<string, DocError> = {};
  const docErrors = route.docs.errors ?? {};
  if (route.params || route.query || route.body || docErrors[400] || idempotent) {
    const description = docErrors[400] ? describe(docErrors[400]) : "Invalid input: `issues` names each failing field.";
    errors["400"] = { description: idempotent ? `${description} Also a malformed \`Idempotency-Key\`.` : description, schema: badRequestSchema };
  }
  if (route.auth === "key" || route.auth === "key-or-session" || route.auth === "session" || route.docs.security === "cron") {
    errors["401"] = { description: "Missing, invalid, expired or revoked credentials.", schema: route.docs.security === "cron" ? errorSchema : unauthorizedSchema };
  }
  const forbidden = [
    route.scopes?.length ? "the key lacks a scope (`required` lists them)" : undefined,
    route.plan === "pro" ? "the account is not on the Pro plan" : undefined,
    route.auth === "session" ? "an API key was sent to a session-only operation" : undefined,
    route.auth === "session" || route.auth === "key-or-session" ? "a session write came from another site" : undefined,
    docErrors[403] ? describe(docErrors[403]) : undefined,
  ].filter(Boolean);
  if (forbidden.length) errors["403"] = { description: `Forbidden: ${forbidden.join("; ")}.`, schema: forbiddenSchema };
  for (const status of [404, 409, 410, 412, 413, 415] as const) {
    const declared = docErrors[status];
    if (!declared) continue;
    const fallback = status === 412 ? preconditionFailedSchema : status === 410 ? cursorExpiredSchema : errorSchema;
    errors[String(status)] = typeof declared === "string" ? { description: declared, schema: fallback } : declared;
  }
  if (idempotent) {
    const inUse = "`idempotency_key_in_use`: the first request with this `Idempotency-Key` is still running; retry after `Retry-After` (1 s).";
    const own = errors["409"];
    errors["409"] = own
      ? { description: `${describe(own).replace(/\.$/, "")}; or ${inUse}`, schema: z.union([typeof own === "string" ? errorSchema : own.schema, idempotencyKeyInUseSchema]) }
      : { description: inUse, schema: idempotencyKeyInUseSchema };
    errors["422"] = { description: "`idempotency_key_reused`: this `Idempotency-Key` was used for a different request (method, path or body).", schema: idempotencyKeyReusedSchema };
  }
  // A body not declared JSON is refused before parsing (lib/http/read-json-body.ts).
  if (route.body && !docErrors[415]) errors["415"] = { description: "The body is not sent as `application/json`.", schema: unsupportedMediaTypeSchema };
  // A throttle of the handler's own (sign-up, the setup code, a wrong password) adds its cause.
  const throttled = docErrors[429] ? ` ${describe(docErrors[429])}` : "";
  if (limited || throttled) errors["429"] = { description: `Rate limited: wait \`Retry-After\` seconds.${throttled}`, schema: rateLimitedSchema };
  errors["500"] = { description: "Unexpected server error; the body carries the request id.", schema: internalErrorSchema };
  if (docErrors[503]) errors["503"] = docErrors[503];

  for (const [status, error] of Object.entries(errors)) {
    const { description, schema } = typeof error === "string" ? { description: error, schema: errorSchema } : error;
    out[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description,
      headers: z.object({
        ...common,
        ...(status === "429" ? { "Retry-After": retryAfterHeader, ...limitHeaders } : {}),
        ...(status === "409" && idempotent ? { "Retry-After": retryAfterHeader.optional() } : {}),
      }),
      content: { "application/json": { schema } },
    };
  }
  return out;
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, part]) => part !== undefined)) as Partial<T>;
}

function describe(error: DocError): string {
  return typeof error === "string" ? error : error.description;
}

function mergeHeaders(...parts: (z.ZodObject | undefined)[]): z.ZodObject | undefined {
  const present = parts.filter((part): part is z.ZodObject => part !== undefined);
  if (!present.length) return undefined;
  return z.object(Object.assign({}, ...present.map((part) => part.shape)));
}

/** `GET /api/posts/{id}/coauthorship` → `getPostsIdCoauthorship`: stable, readable, unique per operation. */
function operationId(method: Method, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join("");
}

function sdkSample(call: string): string {
  return `import { Inkbase } from "@inkbase/sdk";\n\nconst inkbase = new Inkbase({ apiKey: process.env.INKBASE_API_KEY!, baseUrl: "https://your-inkbase.example" });\nconst result = await ${call};`;
}

