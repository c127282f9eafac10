// The route wrapper (STYLE.md). Every route handler is one `api({...})` call that declares its
// auth mode, scopes, rate-limit policy and zod schemas; this file does the shared work in one
// order: request id → authentication (401; the current project, 404) → cross-site session writes (403) → Idempotency-Key
// (lib/idempotency: a replay or a 409/422 ends here, before anything is charged or run; an API
// key's lookup reads a finished answer along, so a replay is one statement) → role
// (lib/auth/can.ts, 403) → plan → rate limit (429) → scopes (403) → input parsing (400/415; lib/http/storable-text.ts for text
// PostgreSQL cannot store) → handler → ApiError mapping / logged 500 → one access log line
// (lib/log). Webhook deliveries the handler's events created are attempted right after the
// response (lib/webhooks/deliver-after-response.ts). From authentication on, the request runs in
// its request context (lib/request-context: id, IP, principal, and for a keyed write the
// transaction that its effect and its stored answer commit in together).
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { authenticateApiKey } from "../auth/authenticate-api-key";
import { authenticateApiKeyWithStoredAnswer } from "../auth/authenticate-api-key-with-stored-answer";
import { authenticateSession } from "../auth/authenticate-session";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/can";
import type { Action } from "../auth/permissions";
import { projectNotFound, requestedProject } from "../auth/requested-project";
import type { Scope } from "../auth/scopes";
import { ApiError, insufficientScope, proPlanRequired, sessionRequired, unauthorized } from "./api-error";
import { refuseCrossSiteWrite } from "./cross-site";
import { clientIp } from "./client-ip";
import { parseOrThrow } from "./parse-input";
import { storableParams, storableQuery } from "./storable-input";
import { checkRateLimit, rateLimitHeaders, retryAfterSeconds, type RateLimitPolicy } from "./rate-limit";
import { bearerToken } from "./bearer-token";
import { readJsonBody } from "./read-json-body";
import { requestIdFor } from "./request-id";
import type { FinishedClaim } from "../idempotency/claim-idempotency-key";
import { idempotencyKeyOf, idempotencyKeyToLookUp } from "../idempotency/idempotency-key-of";
import { runIdempotently } from "../idempotency/run-idempotently";
import { logAccess } from "../log/log-access";
import { afterCommit, runInRequestContext } from "../request-context/request-context";
import { logger } from "../log/logger";
import { collectRequestDeliveries } from "../webhooks/request-deliveries";
import { deliverAfterResponse } from "../webhooks/deliver-after-response";
import type { RouteDocs } from "../openapi/route-docs";

/**
 * - `none`: public; no principal.
 * - `key`: only an API key (Authorization: Bearer ink_…).
 * - `key-or-session`: an API key, or else the next-auth session cookie (unscoped).
 * - `session`: only the session cookie (dashboard-only routes); a valid key gets 403 "Session required".
 * - `optional-session`: public, but the session's principal is passed when there is one.
 */
export type AuthMode = "none" | "key" | "key-or-session" | "session" | "optional-session";

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerContext<P, Q, B, A extends AuthMode> = {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  principal: A extends "none" ? null : A extends "optional-session" ? Principal | null : Principal;
  requestId: string;
};

export type ApiConfig<PS, QS, BS, A extends AuthMode> = {
  auth: A;
  /** Required API-key scopes (all of them). Sessions are unscoped and skip this check. */
  scopes?: Scope[];
  /**
   * The permission (lib/auth/permissions.ts) the caller's role needs in the current project;
   * "own" actions are decided again by the domain function once the resource is known.
   */
  action?: Action;
  /** Checked right after authentication, before anything else (collections: Pro only). */
  plan?: "pro";
  /** Defaults: `key` for requests authenticated by API key, none otherwise. */
  rateLimit?: RateLimitPolicy | "none";
  /**
   * `none`: this write ignores Idempotency-Key (POST /api/keys, whose answer holds a secret that
   * must never be stored). Every other write accepts it.
   */
  idempotency?: "none";
  params?: PS;
  query?: QS;
  body?: BS;
  handler: (ctx: HandlerContext<Infer<PS>, Infer<QS>, Infer<BS>, A>) => Promise<Response | unknown>;
  /**
   * How the operation appears in /api/openapi.json (lib/openapi); the rest comes from this config.
   * Every route file's handlers need it: tests/unit/openapi-coverage.test.ts fails without.
   */
  docs?: RouteDocs;
};

/** What lib/openapi reads from a route: its declaration, without the handler. */
export type RouteDeclaration = Omit<ApiConfig<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AuthMode>, "handler">;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function api<
  A extends AuthMode,
  PS extends AnySchema | undefined = undefined,
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
>(config: ApiConfig<PS, QS, BS, A>) {
  const { handler, ...declaration } = config;
  return Object.assign(route, { declaration: declaration as RouteDeclaration });

  async function route(req: NextRequest, context?: RouteContext): Promise<Response> {
    const startedAt = performance.now();
    const requestId = requestIdFor(req);
    const caller: { principal: Principal | null } = { principal: null };
    const response = await respond(req, context, requestId, caller);
    logAccess({ requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, startedAt, principal: caller.principal });
    return response;
  }

  async function respond(req: NextRequest, context: RouteContext | undefined, requestId: string, caller: { principal: Principal | null }): Promise<Response> {
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    const fail = (err: unknown) => errorResponse(err, req, requestId, headers);
    try {
      const { principal, stored } = await authenticate(req, config.auth, config.idempotency === "none" ? null : idempotencyKeyToLookUp(req));
      caller.principal = principal;
      if (principal?.kind === "session") refuseCrossSiteWrite(req);
      const run = (request: { req: NextRequest; text?: string }) => execute(request, context, principal, requestId, headers).catch(fail);
      const key = config.idempotency === "none" ? null : idempotencyKeyOf(req, principal);
      const body = config.body ? "buffered" : "streamed";
      const requestContext = { requestId, ip: clientIp(req), principal, transaction: null };
      const response = await runInRequestContext(requestContext, () =>
        key ? runIdempotently({ req, principal: principal!, key, requestId, body, stored }, run) : run({ req }),
      );
      return withHeaders(response, headers);
    } catch (err) {
      return fail(err);
    }
  }

  /** Everything after authentication; its errors become responses in `respond`. `text`: the body, when already read. */
  async function execute(
    { req, text }: { req: NextRequest; text?: string },
    context: RouteContext | undefined,
    principal: Principal | null,
    requestId: string,
    headers: Record<string, string>,
  ): Promise<Response> {
    if (config.action && principal) authorize(principal, config.action);
    if (config.plan === "pro" && principal?.plan !== "pro") throw proPlanRequired();

    const policy = config.rateLimit ?? (principal?.kind === "key" ? "key" : "none");
    if (policy !== "none") {
      const identifier = policy === "key" && principal?.keyId ? principal.keyId : clientIp(req);
      const result = await checkRateLimit(policy, identifier);
      Object.assign(headers, rateLimitHeaders(result));
      if (!result.success) {
        throw new ApiError(429, { error: "rate_limited", retryAfter: retryAfterSeconds(result) });
      }
    }

    if (config.scopes?.length && principal?.scopes) {
      const granted = principal.scopes;
      if (!config.scopes.every((scope) => granted.includes(scope))) throw insufficientScope(config.scopes);
    }

    const rawParams = storableParams((await context?.params) ?? {});
    const params = config.params ? parseOrThrow(config.params, rawParams) : undefined;
    const query = config.query ? parseOrThrow(config.query, storableQuery(req.nextUrl.searchParams)) : undefined;
    const body = config.body ? parseOrThrow(config.body, await readJsonBody(req, text)) : undefined;

    const { result, deliveryIds } = await collectRequestDeliveries(() =>
      handler({
        req,
        params: params as Infer<PS>,
        query: query as Infer<QS>,
        body: body as Infer<BS>,
        principal: principal as HandlerContext<Infer<PS>, Infer<QS>, Infer<BS>, A>["principal"],
        requestId,
      }),
    );
    // Once the handler's transaction has committed (the request's own, for a keyed write, commits
    // after this returns): attempt its webhook deliveries after the response.
    afterCommit(() => deliverAfterResponse(deliveryIds));
    return withHeaders(result instanceof Response ? result : Response.json(result), headers);
  }
}

function errorResponse(err: unknown, req: NextRequest, requestId: string, headers: Record<string, string>): Response {
  if (err instanceof ApiError) {
    return Response.json(err.body, { status: err.status, headers: { ...headers, ...err.headers, ...retryHeader(err) } });
  }
  logger().error({ requestId, method: req.method, path: req.nextUrl.pathname, err }, "unhandled error in an API route");
  return Response.json({ error: "Internal server error", requestId }, { status: 500, headers });
}

/**
 * The caller, and for an API key with `idempotencyKey` (a write's well-formed Idempotency-Key) the
 * finished answer stored under it, read in the same statement so that a replay needs no second one.
 */
async function authenticate(
  req: NextRequest,
  mode: AuthMode,
  idempotencyKey: string | null,
): Promise<{ principal: Principal | null; stored: FinishedClaim | null }> {
  if (mode === "none") return { principal: null, stored: null };
  const authorization = req.headers.get("authorization");
  // A public read: a session naming a project it does not belong to is simply nobody here.
  if (mode === "optional-session") return { principal: await authenticateSession(req).catch(nobodyIfNotFound), stored: null };
  if (authorization !== null) {
    // A request that presents a key is judged by that key alone, even if it also has a cookie.
    const token = bearerToken(authorization);
    const found = !token
      ? null
      : idempotencyKey
        ? await authenticateApiKeyWithStoredAnswer(token, idempotencyKey)
        : { principal: await authenticateApiKey(token), stored: null };
    if (!found?.principal) throw unauthorized();
    // Keys can never do what only a person should (manage keys, members, account settings).
    if (mode === "session") throw sessionRequired();
    // A key works in the project it was made in; naming any other is that project's 404 (TEAMS.md).
    const named = requestedProject(req);
    if (named !== null && named !== found.principal.projectUsername) throw projectNotFound();
    return found;
  }
  if (mode === "key") throw unauthorized();
  const principal = await authenticateSession(req);
  if (!principal) throw unauthorized();
  return { principal, stored: null };
}

function nobodyIfNotFound(err: unknown): null {
  if (err instanceof ApiError && err.status === 404) return null;
  throw err;
}

function retryHeader(err: ApiError): Record<string, string> {
  const retryAfter = err.status === 429 ? err.body.retryAfter : undefined;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {};
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}
