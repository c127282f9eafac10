// SPEC "Publish-now window": a publishedAt in the past, absent, or at most 5 minutes ahead of the
// server clock counts as now and is clamped to it (a past date is kept: backdating is allowed);
// anything later schedules the post, which the read queries hide until that instant.
export const PUBLISH_NOW_WINDOW_MS = 5 * 60 * 1000;

export function publicationTime(requested: Date | null, now: Date): { publishedAt: Date; scheduled: boolean } {
  if (requested === null) return { publishedAt: now, scheduled: false };
  if (requested.getTime() - now.getTime() > PUBLISH_NOW_WINDOW_MS) return { publishedAt: requested, scheduled: true };
  return { publishedAt: requested.getTime() < now.getTime() ? requested : now, scheduled: false };
}
