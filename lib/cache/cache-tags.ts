// The tags public responses carry for Vercel's CDN (`Vercel-Cache-Tag`: a comma-separated list,
// read and stripped by the CDN), so a change purges exactly the responses it alters
// (purge-after-response.ts):
// - `project-<user id>`: every page, feed and API read of a blog, and each post page of it (a post
//   page shows its neighbours and its authors' names);
// - `post-<post id>`: the post's page, its social image and its API read;
// - `sitemap`: /sitemap.xml and its parts, which list every blog.
// Tags are case-sensitive, at most 256 characters each and 128 a response (the limits Next.js
// applies to the same machinery); ours are ids of letters and digits, and two or three a response.
export const CACHE_TAG_HEADER = "Vercel-Cache-Tag";
export const SITEMAP_TAG = "sitemap";

export const projectTag = (userId: string) => `project-${userId}`;
export const postTag = (postId: string) => `post-${postId}`;

/** The header for a response, or nothing when it has no tags (a private or uncached answer). */
export function cacheTagHeaders(tags: readonly string[] | undefined): Record<string, string> {
  return tags?.length ? { [CACHE_TAG_HEADER]: [...new Set(tags)].join(",") } : {};
}
