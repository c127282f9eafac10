// A blog's feeds (PUBLIC-SITE.md): absolute URLs, linked from every blog page's <head>.
import { projectUrl } from "../posts/post-event-data";

export function feedUrls(username: string) {
  const base = projectUrl(username);
  return { rss: `${base}/feed.xml`, atom: `${base}/atom.xml`, json: `${base}/feed.json` };
}

/** `alternates.types` of Next's Metadata: one <link rel="alternate"> per feed. */
export function feedAlternates(username: string, blogName: string) {
  const urls = feedUrls(username);
  return {
    "application/rss+xml": [{ url: urls.rss, title: `${blogName} (RSS)` }],
    "application/atom+xml": [{ url: urls.atom, title: `${blogName} (Atom)` }],
    "application/feed+json": [{ url: urls.json, title: `${blogName} (JSON Feed)` }],
  };
}
