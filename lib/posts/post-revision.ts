// The owner view's ETag (GET /api/posts/:id) and the `If-Match` check of PATCH (DASHBOARD.md).
// It names the post's revision: every write moves `updatedAt`, and PATCH keeps it strictly
// increasing under the row lock, so two writes never share one. It is the same for every
// `format`, because what it guards is the stored post, not one rendering of it.

export function postRevisionEtag(updatedAt: Date | string): string {
  const time = typeof updatedAt === "string" ? Date.parse(updatedAt) : updatedAt.getTime();
  return `"r${time.toString(36)}"`;
}

/**
 * RFC 9110 If-Match: `*` matches any current post; otherwise one of the listed entity tags must
 * equal the current one by strong comparison (a weak `W/` tag never matches).
 */
export function ifMatchSatisfied(ifMatch: string, etag: string): boolean {
  const value = ifMatch.trim();
  if (value === "*") return true;
  return value
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => !tag.startsWith("W/") && tag === etag);
}

/** The next `updatedAt`: now, or a millisecond past the last write when the clock has not moved on. */
export function nextRevisionTime(previous: Date, now: Date): Date {
  return now.getTime() > previous.getTime() ? now : new Date(previous.getTime() + 1);
}
