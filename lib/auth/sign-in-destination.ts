// Where the sign-in page sends an author once signed in: the `callbackUrl` it was given when that
// is a page of this site, else the dashboard. Parsed as a browser would parse it, relative to an
// origin of our own, because a string check passes what browsers read as another host: `/\evil`
// and `/\t/evil` both navigate to `//evil`. Sign-in and API paths are refused too (a loop back to
// the form, or a JSON answer instead of a page).
const ORIGIN = "http://inkbase.invalid";

export const DEFAULT_DESTINATION = "/dashboard";

export function signInDestination(value: string | string[] | undefined | null): string {
  const target = Array.isArray(value) ? value[0] : value;
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return DEFAULT_DESTINATION;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return DEFAULT_DESTINATION;
  }
  if (url.origin !== ORIGIN) return DEFAULT_DESTINATION;
  const { pathname } = url;
  if (pathname === "/signin" || pathname.startsWith("/signin/") || pathname === "/api" || pathname.startsWith("/api/")) return DEFAULT_DESTINATION;
  return pathname + url.search + url.hash;
}
