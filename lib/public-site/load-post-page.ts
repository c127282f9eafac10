// The post page (`/<username>/<slug>`): the API's single-post read (lib/posts/public-post.ts)
// rendered as HTML — the same visibility rule, renderer, `seo` and `jsonLd`. Public and
// link-only posts are served to everyone; when that read is a 404 and the visitor is signed in
// as the owner, the owner's preview of a draft, scheduled or private post (never cached).
import { coverImages } from "../media/cover-images";
import type { ResponsiveImage } from "../media/responsive-image";
import { publicPost } from "../posts/public-post";
import { nullIfNotFound } from "./not-found";
import { pageEtag } from "./page-etag";
import { isBlogUsername } from "./public-routes";

type PublicPostRead = Awaited<ReturnType<typeof publicPost>>;
export type PostPageData = Awaited<ReturnType<PublicPostRead["body"]>>;

/** The public page's ETag without loading the post; null when the public read is a 404. */
export async function postPageHead(options: { username: string; slug: string; now?: Date }) {
  if (!isBlogUsername(options.username)) return null;
  const read = await publicPost({ ...options, format: "html", includeDrafts: false, viewer: null }).catch(nullIfNotFound);
  if (!read?.etag) return null;
  return { etag: pageEtag("post", read.etag), read };
}

/**
 * The owner's preview of a post readers cannot see (draft, scheduled, private): the post when the
 * signed-in visitor owns it, else null (a 404, like for anyone else).
 */
export async function ownerPreview(options: { username: string; slug: string; signedIn: boolean }): Promise<PostPageData | null> {
  // Only a visitor with a cookie can be the owner. next-auth's session code (about 200 KB with
  // jose and openid-client) is loaded for them alone, not on every reader's 404 (bench/cold-start).
  if (!options.signedIn || !isBlogUsername(options.username)) return null;
  const { optionalSessionPrincipal } = await import("../auth/optional-session-principal");
  const viewer = await optionalSessionPrincipal();
  if (!viewer) return null;
  const draft = await publicPost({ username: options.username, slug: options.slug, format: "html", includeDrafts: true, viewer }).catch(nullIfNotFound);
  return draft ? draft.body() : null;
}

/** The post's cover's srcset and box when the cover is one of our media (MEDIA.md), else null. */
export async function postCover(post: PostPageData): Promise<ResponsiveImage | null> {
  return post.coverImage ? ((await coverImages([post.coverImage])).get(post.coverImage) ?? null) : null;
}
