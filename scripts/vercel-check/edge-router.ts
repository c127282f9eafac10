// Vercel's routing of a request through config.json's `routes` (Build Output API v3), as far as
// Next's builder uses it: the main phase (headers, redirects, rewrites, and the proxy as a
// `middlewarePath` route), the filesystem check (static files and functions), then `miss` and
// `rewrite` (dynamic routes, each re-checked against the filesystem), `hit` (what a found path
// gets) and `error` (404 when nothing matched). What the function is told is what Vercel tells
// it: `x-matched-path` names the route it serves, and the rewrite's parameters ride in the query.
export type RouteHas = { type: "header" | "cookie" | "query" | "host"; key?: string; value?: string };
export type Route = {
  src?: string;
  dest?: string;
  headers?: Record<string, string>;
  status?: number;
  continue?: boolean;
  check?: boolean;
  has?: RouteHas[];
  missing?: RouteHas[];
  methods?: string[];
  middlewarePath?: string;
  handle?: string;
};

export type EdgeRequest = { method: string; path: string; query: URLSearchParams; headers: Headers };

/** What the filesystem holds at a path: a static file or a function route. */
export type Found = { kind: "static"; file: string; contentType?: string } | { kind: "function"; route: string };

/** The proxy's answer: go on (maybe rewritten, with new request headers), or this response. */
export type MiddlewareResult = { response: Response } | { rewrite?: string; requestHeaders?: Headers; responseHeaders: Headers };

export type Routed =
  | { kind: "response"; response: Response; headers: Headers }
  | { kind: "redirect"; status: number; headers: Headers }
  | (Found & { status?: number; headers: Headers; url: string; requestHeaders: Headers });

type Lookup = (path: string) => Found | undefined;
type Middleware = (request: EdgeRequest) => Promise<MiddlewareResult>;

function conditionMatches(condition: RouteHas, request: EdgeRequest, captures: Record<string, string>): boolean {
  let actual: string | null | undefined;
  if (condition.type === "header") actual = request.headers.get(condition.key!);
  else if (condition.type === "query") actual = request.query.get(condition.key!);
  else if (condition.type === "host") actual = request.headers.get("host")?.split(":")[0];
  else {
    const cookies = (request.headers.get("cookie") ?? "").split(/;\s*/).map((pair) => pair.split("="));
    actual = cookies.find(([name]) => name === condition.key)?.slice(1).join("=");
  }
  if (actual === null || actual === undefined) return false;
  if (condition.value === undefined) return true;
  const match = new RegExp(`^${condition.value}$`).exec(actual);
  if (match?.groups) Object.assign(captures, match.groups);
  return match !== null;
}

function matchRoute(route: Route, request: EdgeRequest): Record<string, string> | undefined {
  if (route.methods && !route.methods.includes(request.method)) return undefined;
  const match = new RegExp(route.src!, "i").exec(request.path);
  if (!match) return undefined;
  const captures: Record<string, string> = {};
  match.forEach((value, index) => (captures[String(index)] = value ?? ""));
  Object.assign(captures, match.groups ?? {});
  if (route.has && !route.has.every((condition) => conditionMatches(condition, request, captures))) return undefined;
  if (route.missing?.some((condition) => conditionMatches(condition, request, {}))) return undefined;
  return captures;
}

const substitute = (template: string, captures: Record<string, string>) => template.replace(/\$([1-9]|[a-zA-Z][a-zA-Z0-9]*)/g, (_, name: string) => captures[name] ?? "");

/** Splits a route list into its phases: `null` (before any `handle`), `filesystem`, `miss`, … */
function phases(routes: Route[]): Map<string | null, Route[]> {
  const byPhase = new Map<string | null, Route[]>();
  let phase: string | null = null;
  for (const route of routes) {
    if (route.handle) phase = route.handle;
    else byPhase.set(phase, [...(byPhase.get(phase) ?? []), route]);
  }
  return byPhase;
}

function rewriteTo(request: EdgeRequest, destination: string): void {
  const [pathPart, queryPart] = destination.split("?");
  request.path = pathPart.startsWith("/") ? pathPart : `/${pathPart}`;
  for (const [name, value] of new URLSearchParams(queryPart ?? "")) if (!request.query.has(name)) request.query.set(name, value);
}

export async function routeRequest(routes: Route[], request: EdgeRequest, lookup: Lookup, middleware: Middleware): Promise<Routed> {
  const byPhase = phases(routes);
  const requestedPath = request.path;
  const headers = new Headers();
  let status: number | undefined;
  for (const route of byPhase.get(null) ?? []) {
    const captures = matchRoute(route, request);
    if (!captures) continue;
    if (route.middlewarePath) {
      const result = await middleware(request);
      if ("response" in result) return { kind: "response", response: result.response, headers };
      result.responseHeaders.forEach((value, name) => headers.append(name, value));
      if (result.requestHeaders) request.headers = result.requestHeaders;
      if (result.rewrite) rewriteTo(request, result.rewrite);
      continue;
    }
    for (const [name, value] of Object.entries(route.headers ?? {})) headers.set(name, substitute(value, captures));
    if (route.status && route.status >= 300 && route.status < 400 && headers.has("location")) return { kind: "redirect", status: route.status, headers };
    if (route.dest) rewriteTo(request, substitute(route.dest, captures));
    if (route.status) status = route.status;
    if (!route.continue) break;
  }

  let found = lookup(request.path);
  for (const phase of ["miss", "rewrite"]) {
    if (found) break;
    for (const route of byPhase.get(phase) ?? []) {
      const captures = matchRoute(route, request);
      if (!captures) continue;
      if (route.dest) rewriteTo(request, substitute(route.dest, captures));
      for (const [name, value] of Object.entries(route.headers ?? {})) headers.set(name, substitute(value, captures));
      if (route.check) {
        found = lookup(request.path);
        if (found) break;
        if (route.status && phase === "miss") status = route.status;
      } else if (!route.continue) break;
    }
  }
  if (!found) {
    status = 404;
    request.path = "/404";
    found = lookup("/404");
    if (!found) return { kind: "redirect", status: 404, headers };
  }
  const matchedPath = found.kind === "function" ? `/${found.route === "index" ? "" : found.route}` : request.path;
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-matched-path", matchedPath);
  // The function gets the URL as requested, with the rewrites' parameters added to its query.
  const query = request.query.toString();
  return { ...found, status, headers, url: `${found.kind === "static" ? request.path : requestedPath}${query ? `?${query}` : ""}`, requestHeaders };
}
