// The public blog's URL space (PUBLIC-SITE.md "Pages"): which name is a blog and which `?page=`
// is valid, in one place for every page and feed.
import { isReservedUsername } from "../users/reserved-usernames";

export const BLOG_PAGE_SIZE = 10;
const MAX_PAGE = 1_000_000;

const USERNAME = "[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?";

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
