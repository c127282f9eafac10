// The post page (`/<username>/<slug>`): the API's single-post read (lib/posts/public-post.ts)
// rendered as HTML — the same visibility rule, renderer, `seo` and `jsonLd`. Public and
// link-only posts are served to everyone; when that read is a 404 and the visitor is signed in
// as the owner, the owner's preview of a draft, scheduled or private post (never cached).
import { cache } from "react";
import { optionalSessionPrincipal } from "../auth/optional-session-principal";
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

/** The post, whether it is the owner's preview, and its cover's srcset when the cover is one of our media. */
export type PostPage = { post: PostPageData; preview: boolean; cover: ResponsiveImage | null };

export const loadPostPage = cache(async (username: string, slug: string): Promise<PostPage | null> => {
  const head = await postPageHead({ username, slug });
  if (head) return withCover(await head.read.body(), false);
  if (!isBlogUsername(username)) return null;
  const viewer = await optionalSessionPrincipal();
  if (!viewer) return null;
  const draft = await publicPost({ username, slug, format: "html", includeDrafts: true, viewer }).catch(nullIfNotFound);
  if (!draft) return null;
  return withCover(await draft.body(), true);
});

async function withCover(post: PostPageData, preview: boolean): Promise<PostPage> {
  const cover = post.coverImage ? ((await coverImages([post.coverImage])).get(post.coverImage) ?? null) : null;
  return { post, preview, cover };
}
