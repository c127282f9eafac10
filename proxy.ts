// Next 16's proxy (formerly middleware), for two kinds of path:
// - /dashboard: a signed-out visitor of any /dashboard URL goes to /signin?callbackUrl=<where they
//   were going>. It only checks that a valid session cookie exists (no database); the pages then
//   load the account through lib/ and send a deleted user the same way, using the path passed on
//   in DASHBOARD_PATH_HEADER.
// - the public blog pages (/<username>, /<username>/<slug>, /<username>/tags/<tag>): the 304 and a
//   page this instance has already rendered for its ETag, answered before Next routes the request.
//   The pages' route handlers do the same themselves (lib/public-site/*-page-response.ts); this is
//   the shorter path for what they have already answered once.
import { NextResponse, type NextRequest } from "next/server";
import { DASHBOARD_PATH_HEADER } from "@/lib/auth/dashboard-path";
import { sessionUserId } from "@/lib/auth/session-user-id";
import { bodyCacheKey, cachedBody } from "@/lib/http/body-cache";
import { etagMatches } from "@/lib/http/conditional-json";
import { cacheTagHeaders } from "@/lib/cache/cache-tags";
import { publicCacheControl } from "@/lib/posts/public-http";
import { HTML_CONTENT_TYPE } from "@/lib/public-site/html";
import { publicPageEtag } from "@/lib/public-site/public-page-validators";
import { matchPublicRoute } from "@/lib/public-site/public-routes";

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/dashboard" || pathname.startsWith("/dashboard/")) return dashboard(request);
  return publicPage(request);
}

async function dashboard(request: NextRequest) {
  const path = request.nextUrl.pathname + request.nextUrl.search;
  if (!(await sessionUserId(request))) {
    const signIn = request.nextUrl.clone();
    signIn.pathname = "/signin";
    signIn.search = "";
    signIn.searchParams.set("callbackUrl", path);
    return NextResponse.redirect(signIn);
  }
  const headers = new Headers(request.headers);
  headers.set(DASHBOARD_PATH_HEADER, path);
  return NextResponse.next({ request: { headers } });
}

async function publicPage(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();
  const route = matchPublicRoute(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (!route) return NextResponse.next();
  // Not public: a 404, or for a signed-in owner the draft preview. The page says how it may be cached.
  const page = await publicPageEtag(route);
  if (page === null) return NextResponse.next();
  const { etag } = page;
  const headers = { ETag: etag, "Cache-Control": publicCacheControl(), ...cacheTagHeaders(page.cacheTags) };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new NextResponse(null, { status: 304, headers });
  // A page this instance has already rendered for this ETag (the route stored it in the body
  // cache): the stored bytes, without Next's routing. Otherwise the route answers, ETag and all.
  const stored = request.method === "GET" ? cachedBody(bodyCacheKey(request.url, etag)) : undefined;
  if (stored) return new NextResponse(stored as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, "Content-Type": HTML_CONTENT_TYPE } });
  return NextResponse.next();
}

// Usernames never contain a dot, so files (favicon.svg, robots.txt, sitemap.xml, feeds) and
// Next's own paths are left out; so are the API and sign-in.
export const config = {
  matcher: ["/dashboard", "/dashboard/:path*", "/((?!api/|_next/)[^.]+)"],
};
