// The check's stand-in for Vercel's routing (scripts/vercel-check/edge-router.ts), on routes of the
// shapes Next's builder writes into config.json: if it routed wrongly, the smoke list would prove
// nothing about the deployment.
import { describe, expect, it } from "vitest";
import { routeRequest, type EdgeRequest, type Found, type MiddlewareResult, type Route } from "../../scripts/vercel-check/edge-router";

const routes: Route[] = [
  { src: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))/$", headers: { Location: "/$1" }, status: 308, continue: true },
  { src: "^/api/posts/by-username(?:/.*)?$", headers: { "Access-Control-Allow-Origin": "*" }, continue: true },
  { src: "^(?:/(_next/data/[^/]{1,}))?/dashboard(?:/((?:[^/#?]+?)(?:/(?:[^/#?]+?))*))?(.json)?[/#?]?$", middlewarePath: "/_middleware", continue: true, missing: [{ type: "header", key: "x-prerender-revalidate" }] },
  { src: "^/((?!.+\\.rsc).+?)(?:/)?$", has: [{ type: "header", key: "rsc", value: "1" }], dest: "/$1.rsc", continue: true },
  { handle: "filesystem" },
  { handle: "miss" },
  { src: "/_next/static/.+", status: 404, check: true, dest: "/_next/static/not-found.txt" },
  { handle: "rewrite" },
  { src: "^/api/posts/(?<nxtPid>[^/]+?)(?:/)?$", dest: "/api/posts/[id]?nxtPid=$nxtPid", check: true },
  { src: "^/(?<nxtPusername>[^/]+?)/(?<nxtPslug>[^/]+?)(?<rscSuffix>\\.rsc)(?:/)?$", dest: "/[username]/[slug]$rscSuffix?nxtPusername=$nxtPusername&nxtPslug=$nxtPslug", check: true },
  { src: "^/(?<nxtPusername>[^/]+?)/(?<nxtPslug>[^/]+?)(?:/)?$", dest: "/[username]/[slug]?nxtPusername=$nxtPusername&nxtPslug=$nxtPslug", check: true },
  { handle: "hit" },
  { handle: "error" },
  { src: "/.*", dest: "/404", status: 404 },
];

const FUNCTIONS = new Set(["index", "api/posts/[id]", "[username]/[slug]", "[username]/[slug].rsc", "dashboard/posts"]);
const lookup = (path: string): Found | undefined => {
  if (path === "/favicon.svg") return { kind: "static", file: "favicon.svg" };
  if (path === "/404") return { kind: "static", file: "404.html", contentType: "text/html; charset=utf-8" };
  const route = path.slice(1) || "index";
  return FUNCTIONS.has(route) ? { kind: "function", route } : undefined;
};

function request(url: string, headers: Record<string, string> = {}): EdgeRequest {
  const parsed = new URL(url, "http://edge");
  return { method: "GET", path: parsed.pathname, query: parsed.searchParams, headers: new Headers(headers) };
}

const noProxy = async (): Promise<MiddlewareResult> => {
  throw new Error("the proxy ran for a path it does not match");
};

describe("the check's edge router", () => {
  it("sends a dynamic page to its function with x-matched-path and the rewrite's parameters in the query, keeping the path", async () => {
    const routed = await routeRequest(routes, request("/alice/hello?utm=x"), lookup, noProxy);
    expect(routed).toMatchObject({ kind: "function", route: "[username]/[slug]" });
    if (routed.kind !== "function") throw new Error("unreachable");
    expect(routed.requestHeaders.get("x-matched-path")).toBe("/[username]/[slug]");
    const url = new URL(routed.url, "http://edge");
    expect(url.pathname).toBe("/alice/hello");
    expect(Object.fromEntries(url.searchParams)).toEqual({ utm: "x", nxtPusername: "alice", nxtPslug: "hello" });
  });

  it("serves static files and the index function, and a path nothing serves is the 404 page with status 404", async () => {
    expect(await routeRequest(routes, request("/favicon.svg"), lookup, noProxy)).toMatchObject({ kind: "static", file: "favicon.svg" });
    const index = await routeRequest(routes, request("/"), lookup, noProxy);
    expect(index.kind === "function" && index.requestHeaders.get("x-matched-path")).toBe("/");
    expect(await routeRequest(routes, request("/a/b/c"), lookup, noProxy)).toMatchObject({ kind: "static", file: "404.html", status: 404 });
  });

  it("redirects a trailing slash with 308 and adds route headers", async () => {
    const slash = await routeRequest(routes, request("/alice/hello/"), lookup, noProxy);
    expect(slash.kind).toBe("redirect");
    expect(slash.kind === "redirect" && [slash.status, slash.headers.get("location")]).toEqual([308, "/alice/hello"]);
    const cors = await routeRequest(routes, request("/api/posts/by-username/alice"), lookup, noProxy);
    expect(cors.headers.get("access-control-allow-origin")).toBe("*");
    const other = await routeRequest(routes, request("/api/posts/p1"), lookup, noProxy);
    expect(other).toMatchObject({ kind: "function", route: "api/posts/[id]" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("runs the proxy where its route matches: its answer ends the request, or its request headers go on to the function", async () => {
    const redirect = new Response(null, { status: 307, headers: { location: "/signin" } });
    expect(await routeRequest(routes, request("/dashboard/posts"), lookup, async () => ({ response: redirect }))).toMatchObject({ kind: "response", response: redirect });
    const passed = await routeRequest(routes, request("/dashboard/posts", { cookie: "a=b" }), lookup, async (r) => {
      const headers = new Headers(r.headers);
      headers.set("x-dashboard-path", "/dashboard/posts");
      return { requestHeaders: headers, responseHeaders: new Headers({ "set-cookie": "c=d" }) };
    });
    expect(passed).toMatchObject({ kind: "function", route: "dashboard/posts" });
    if (passed.kind !== "function") throw new Error("unreachable");
    expect(passed.requestHeaders.get("x-dashboard-path")).toBe("/dashboard/posts");
    expect(passed.headers.get("set-cookie")).toBe("c=d");
  });

  it("matches `has` conditions: an RSC request goes to the page's .rsc function", async () => {
    const routed = await routeRequest(routes, request("/alice/hello", { rsc: "1" }), lookup, noProxy);
    expect(routed).toMatchObject({ kind: "function", route: "[username]/[slug].rsc" });
  });
});
