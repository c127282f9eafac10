// A blog's feeds (PUBLIC-SITE.md): absolute URLs, linked from every blog page's <head>.
import { projectUrl } from "../posts/post-event-data";
import type { FeedLink } from "./page-head";

export function feedUrls(username: string) {
  const base = projectUrl(username);
  return { rss: `${base}/feed.xml`, atom: `${base}/atom.xml`, json: `${base}/feed.json` };
}

/** One <link rel="alternate"> per feed. */
export function feedLinks(username: string, blogName: string): FeedLink[] {
  const urls = feedUrls(username);
  return [
    { type: "application/rss+xml", href: urls.rss, title: `${blogName} (RSS)` },
    { type: "application/atom+xml", href: urls.atom, title: `${blogName} (Atom)` },
    { type: "application/feed+json", href: urls.json, title: `${blogName} (JSON Feed)` },
  ];
}
