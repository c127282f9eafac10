// A small stand-in for Vercel's edge in front of the materialized functions: it refuses request
// bodies over 4,500,000 bytes with 413 FUNCTION_PAYLOAD_TOO_LARGE before any function sees them
// (as Vercel does), routes by config.json (edge-router.ts), runs the proxy when a route names it,
// serves static/ and prerendered pages itself, and passes the rest to the function serving the
// route, starting that function's process on its first request (a cold start).
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { routeRequest, type EdgeRequest, type Found, type MiddlewareResult, type Route } from "./edge-router";
import { edgeCache, type EdgeCache } from "./edge-cache";
import { invokeFunction, readBody, sendResponse } from "./edge-http";
import type { RunManifest } from "./materialize";
import { startFunction, type FunctionRuntime, type RunningFunction } from "./start-function";

export const MAX_REQUEST_BYTES = 4_500_000;

type Override = { path?: string; contentType?: string };
type Prerender = { fallback?: { fsPath: string }; initialHeaders?: Record<string, string>; bypassToken?: string };

export type ColdStart = { name: string; bootMs: number; loadMs: number; firstAnswerMs: number };

export type EdgeFront = {
  url: string;
  /** Each function's cold start: its boot, then its first answer, as they happened. */
  coldStarts: ColdStart[];
  /** Every function started so far. */
  running(): RunningFunction[];
  /** Invocations per function name (the proxy's `_middleware` included). */
  invocations: Map<string, number>;
  /** The CDN cache's stand-in (edge-cache.ts), with the purges the functions asked for. */
  cache?: EdgeCache;
  close(): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "application/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json", ".txt": "text/plain", ".woff2": "font/woff2", ".png": "image/png", ".ico": "image/x-icon" };

/**
 * `proxy: false` routes as if the build had no proxy.ts (its routes are passed over): a page's
 * cost with and without it, on one build (bench/vercel-functions). `cache: false` leaves the CDN
 * out, so every request reaches a function (the bench measures them, not the cache).
 */
export async function startEdgeFront(
  runDir: string,
  env: Record<string, string>,
  runtime: FunctionRuntime,
  options: { proxy?: boolean; cache?: boolean } = {},
): Promise<EdgeFront> {
  const cache = options.cache === false ? undefined : edgeCache();
  const manifest = JSON.parse(readFileSync(path.join(runDir, "manifest.json"), "utf8")) as RunManifest;
  const config = JSON.parse(readFileSync(path.join(runDir, "config.json"), "utf8")) as { routes: Route[]; overrides?: Record<string, Override> };
  const staticByPath = new Map<string, { file: string; contentType?: string }>();
  for (const [file, override] of Object.entries(config.overrides ?? {})) staticByPath.set(override.path ?? file, { file, contentType: override.contentType });
  const groupOfRoute = new Map(manifest.groups.flatMap((group) => group.routes.map((route) => [route, group] as const)));
  const started = new Map<string, Promise<RunningFunction>>();
  const running: RunningFunction[] = [];
  const coldStarts: ColdStart[] = [];
  const invocations = new Map<string, number>();

  const lookup = (urlPath: string): Found | undefined => {
    const relative = decodeURIComponent(urlPath).replace(/^\/+/, "");
    const override = staticByPath.get(relative);
    if (override) return { kind: "static", file: override.file, contentType: override.contentType };
    const file = path.join(runDir, "static", relative);
    if (relative && !relative.includes("..") && existsSync(file) && statSync(file).isFile()) return { kind: "static", file: relative };
    const route = relative || "index";
    return groupOfRoute.has(route) ? { kind: "function", route } : undefined;
  };

  const functionFor = (name: string) => {
    let starting = started.get(name);
    if (!starting) {
      const group = manifest.groups.find((candidate) => candidate.name === name)!;
      starting = startFunction({ name, dir: path.join(runDir, group.dir), useWebApi: group.config.useWebApi === true, env, runtime, onPurge: (purge) => cache?.purge(purge) });
      void starting.then((fn) => running.push(fn), () => {});
      started.set(name, starting);
    }
    return starting;
  };

  /** Invokes a function; the first invocation of each is timed as its cold start. */
  const invoke = async (name: string, method: string, url: string, headers: Headers, body: Buffer | undefined) => {
    invocations.set(name, (invocations.get(name) ?? 0) + 1);
    const cold = !started.has(name);
    const fn = await functionFor(name);
    const sent = performance.now();
    const response = await invokeFunction(fn.url, method, url, headers, body);
    if (cold) coldStarts.push({ name, bootMs: fn.bootMs, loadMs: fn.loadMs, firstAnswerMs: performance.now() - sent });
    return response;
  };

  const middleware = async (request: EdgeRequest, body: Buffer | undefined): Promise<MiddlewareResult> => {
    const query = request.query.toString();
    const response = await invoke("_middleware", request.method, `${request.path}${query ? `?${query}` : ""}`, request.headers, body);
    const responseHeaders = new Headers();
    response.headers.forEach((value, name) => {
      if (!name.startsWith("x-middleware-")) responseHeaders.append(name, value);
    });
    const next = response.headers.get("x-middleware-next") === "1";
    const rewrite = response.headers.get("x-middleware-rewrite");
    if (!next && !rewrite) return { response };
    await response.arrayBuffer();
    const overridden = response.headers.get("x-middleware-override-headers");
    let requestHeaders: Headers | undefined;
    if (overridden) {
      requestHeaders = new Headers();
      for (const name of overridden.split(",").map((part) => part.trim()).filter(Boolean)) {
        const value = response.headers.get(`x-middleware-request-${name}`);
        if (value !== null) requestHeaders.set(name, value);
      }
    }
    return { rewrite: rewrite ? new URL(rewrite, "http://edge").pathname + new URL(rewrite, "http://edge").search : undefined, requestHeaders, responseHeaders };
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      console.error("[edge] request failed", err);
      if (!res.headersSent) res.writeHead(502, { "x-vercel-error": "EDGE_FUNCTION_INVOCATION_FAILED" });
      res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === "too large") {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", "x-vercel-error": "FUNCTION_PAYLOAD_TOO_LARGE", Connection: "close" });
      res.end("Request Entity Too Large\n\nFUNCTION_PAYLOAD_TOO_LARGE\n");
      return;
    }
    const url = new URL(req.url ?? "/", "http://edge");
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const one of [value].flat()) if (one !== undefined) headers.append(name, one);
    // What Vercel's edge tells a function about the client and itself.
    const client = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1";
    headers.set("x-forwarded-for", client);
    headers.set("x-real-ip", client);
    headers.set("x-forwarded-proto", "http");
    headers.set("x-forwarded-host", req.headers.host ?? "localhost");
    headers.set("x-vercel-id", `iad1::${randomBytes(6).toString("hex")}`);
    const request: EdgeRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers };
    const proxy = options.proxy === false ? async () => ({ responseHeaders: new Headers() }) : (r: EdgeRequest) => middleware(r, body);
    const routed = await routeRequest(config.routes, request, lookup, proxy);
    if (routed.kind === "response") return sendResponse(res, routed.response, routed.headers);
    if (routed.kind === "redirect") return sendResponse(res, new Response(null, { status: routed.status }), routed.headers);
    if (routed.kind === "static") {
      const type = routed.contentType ?? CONTENT_TYPES[path.extname(routed.file)] ?? "application/octet-stream";
      const response = new Response(req.method === "HEAD" ? null : readFileSync(path.join(runDir, "static", routed.file)), { status: routed.status ?? 200, headers: { "Content-Type": type } });
      return sendResponse(res, response, routed.headers);
    }
    const prerender = prerenderOf(routed.route);
    if (prerender?.fallback && (req.method === "GET" || req.method === "HEAD") && !routed.requestHeaders.has("rsc")) {
      const file = path.join(runDir, "prerender", path.dirname(routed.route), prerender.fallback.fsPath);
      const response = new Response(readFileSync(file), { status: routed.status ?? 200, headers: { "Content-Type": "text/html; charset=utf-8", ...prerender.initialHeaders, "x-vercel-cache": "PRERENDER" } });
      return sendResponse(res, response, routed.headers);
    }
    const cacheKey = `${url.pathname}${url.search}`;
    const cached = cache?.lookup(request.method, cacheKey, req.headers["if-none-match"] ?? null);
    if (cached) return sendResponse(res, cached, routed.headers);
    const group = groupOfRoute.get(routed.route)!;
    const response = await invoke(group.name, request.method, routed.url, routed.requestHeaders, body);
    return sendResponse(res, cache ? await cache.store(request.method, cacheKey, response) : response, routed.headers, routed.status);
  }

  const prerenderOf = (route: string): Prerender | undefined => {
    const file = path.join(runDir, "prerender", `${route}.prerender-config.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Prerender) : undefined;
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    coldStarts,
    invocations,
    cache,
    running: () => [...running],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const all = await Promise.allSettled(started.values());
      await Promise.all(all.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    },
  };
}
