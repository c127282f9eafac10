// DECISIONS §5: slugs that would collide with routes (…/search, …/tags) or future pages.
import { badRequest } from "../http/api-error";

export const RESERVED_SLUGS = new Set([
  "search",
  "tags",
  "feed",
  "rss",
  "sitemap",
  "mine",
  "bulk",
  "new",
  "edit",
  "drafts",
  "api",
  "admin",
]);

export function assertSlugNotReserved(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) throw badRequest("This slug is reserved and cannot be used");
}
