// Next 16's proxy (formerly middleware), for /dashboard only: a signed-out visitor of any
// /dashboard URL goes to /signin?callbackUrl=<where they were going>. It only checks that a valid
// session cookie exists (no database); the pages then load the account through lib/ and send a
// deleted user the same way, using the path passed on in DASHBOARD_PATH_HEADER.
//
// Public pages are not matched (docs/deploying.md, "The proxy"): on Vercel the proxy is a function
// of its own that runs before the CDN's cache, so matching them made every page view two
// invocations, a CDN hit included, and its body cache never held what the route functions
// rendered. The page routes answer their 304s and serve their stored bodies themselves
// (lib/public-site/*-page-response.ts).
import { NextResponse, type NextRequest } from "next/server";
import { DASHBOARD_PATH_HEADER } from "@/lib/auth/dashboard-path";
import { sessionUserId } from "@/lib/auth/session-user-id";

export async function proxy(request: NextRequest) {
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

export const config = {
  matcher: ["/dashboard", "/dashboard/:path*"],
};
