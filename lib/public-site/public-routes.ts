// The public blog's URL space (PUBLIC-SITE.md "Pages"), parsed in one place: the proxy (ETag and
// Cache-Control) and the pages agree on which path is which page and which `?page=` is valid.
import { isReservedUsername } from "../users/reserved-usernames";

export const BLOG_PAGE_SIZE = 10;
const MAX_PAGE = 1_000_000;

export type PublicRoute =
  | { kind: "blog"; username: string; page: number; tag?: string }
  | { kind: "post"; username: string; slug: string };

const USERNAME = "[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?";
const BLOG_PATH = new RegExp(`^/(${USERNAME})/?$`);
const TAG_PATH = new RegExp(`^/(${USERNAME})/tags/([^/]+)/?$`);
const POST_PATH = new RegExp(`^/(${USERNAME})/([a-z0-9-]+)/?$`);

/** `?page=N`: absent is 1; anything but a positive integer is no page (404). */
export function parsePageParam(raw: string | string[] | null | undefined): number | null {
  if (raw === null || raw === undefined) return 1;
  if (Array.isArray(raw) || !/^[1-9][0-9]{0,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

/** A blog's name in a URL: usernames only, never a reserved one (those are app routes). */
export function isBlogUsername(username: string): boolean {
  return new RegExp(`^${USERNAME}$`).test(username) && !isReservedUsername(username);
}

export function matchPublicRoute(pathname: string, search: URLSearchParams): PublicRoute | null {
  const blog = BLOG_PATH.exec(pathname) ?? TAG_PATH.exec(pathname);
  if (blog) {
    if (!isBlogUsername(blog[1])) return null;
    const page = parsePageParam(search.get("page"));
    if (page === null) return null;
    const tag = blog[2] === undefined ? undefined : safeDecode(blog[2]);
    if (tag === null) return null;
    return { kind: "blog", username: blog[1], page, ...(tag === undefined ? {} : { tag }) };
  }
  const post = POST_PATH.exec(pathname);
  if (post && isBlogUsername(post[1])) return { kind: "post", username: post[1], slug: post[2] };
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
