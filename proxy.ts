// Next 16's proxy (formerly middleware), for two kinds of path:
// - /dashboard: a signed-out visitor of any /dashboard URL goes to /signin?callbackUrl=<where they
//   were going>. It only checks that a valid session cookie exists (no database); the pages then
//   load the account through lib/ and send a deleted user the same way, using the path passed on
//   in DASHBOARD_PATH_HEADER.
// - the public blog pages (/<username>, /<username>/<slug>, /<username>/tags/<tag>): strong ETag,
//   Cache-Control and 304 (PUBLIC-SITE.md), which a page component can not send itself, and under
//   `npm start` a page already rendered for its ETag straight from memory.
import { NextResponse, type NextRequest } from "next/server";
import { DASHBOARD_PATH_HEADER } from "@/lib/auth/dashboard-path";
import { sessionUserId } from "@/lib/auth/session-user-id";
import { etagMatches } from "@/lib/http/conditional-json";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "@/lib/posts/public-http";
import { CAPTURE_HEADER, cachedPage, pageCacheKey, pageCaptureEnabled } from "@/lib/public-site/page-body-cache";
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
  // Client-side navigation fetches the same URL as an RSC payload: another representation, which
  // must not share the HTML's ETag; Next marks those responses uncacheable itself.
  if (request.headers.get("rsc")) return NextResponse.next();
  const route = matchPublicRoute(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (!route) return NextResponse.next();
  const etag = await publicPageEtag(route);
  if (etag === null) {
    // Not public: a 404, or for a signed-in owner the draft preview. Neither may be cached.
    const cacheControl = route.kind === "post" && (await sessionUserId(request)) ? PRIVATE_CACHE_CONTROL : "no-store";
    return NextResponse.next({ headers: { "Cache-Control": cacheControl } });
  }
  const headers = { ETag: etag, "Cache-Control": PUBLIC_CACHE_CONTROL };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new NextResponse(null, { status: 304, headers });
  if (request.method !== "GET" || !pageCaptureEnabled()) return NextResponse.next({ headers });
  // A page this instance has rendered for this ETag: the stored bytes (lib/public-site/page-body-cache.ts).
  const key = pageCacheKey(request.nextUrl, etag);
  const stored = cachedPage(key);
  if (stored) {
    const replay = new Headers(stored.headers);
    for (const [name, value] of Object.entries(headers)) replay.set(name, value);
    return new NextResponse(stored.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: replay });
  }
  return NextResponse.next({ headers: { ...headers, [CAPTURE_HEADER]: encodeURIComponent(key) } });
}

// Usernames never contain a dot, so files (favicon.svg, robots.txt, sitemap.xml, feeds) and
// Next's own paths are left out; so are the API and sign-in.
export const config = {
  matcher: ["/dashboard", "/dashboard/:path*", "/((?!api/|_next/)[^.]+)"],
};
