// One post loaded and rendered with its `seo` and `jsonLd`, as the single-post read returns it:
// shared by that read (lib/posts/public-post.ts, once its visibility and ETag are settled) and the
// preview links' page (lib/public-site/preview-page-response.ts), which shows any post it names.
import type { ContentFormat } from "../content/content-format";
import { socialImageVariants } from "../media/social-image-variants";
import { postJsonLd } from "../seo/post-json-ld";
import { postSeo } from "../seo/post-seo";
import { loadPosts } from "./load-posts";
import { publicNotFound } from "./public-http";
import { toPosts } from "./to-post";
import { toSeoSource } from "./to-seo-source";

export type AdjacentPosts = {
  prev: { slug: string; title: string | null } | null;
  next: { slug: string; title: string | null } | null;
};

export async function readRenderedPost(options: { id: string; format: ContentFormat; adjacent: AdjacentPosts }) {
  const [row] = await loadPosts([options.id]);
  if (!row) throw publicNotFound("Post not found");
  const [post] = await toPosts([row], options.format);
  // A media cover or OG image is handed to social networks as a variant (MEDIA.md).
  const source = await socialImageVariants(toSeoSource(row, post));
  const seo = postSeo(source);
  return { ...post, adjacent: options.adjacent, seo, jsonLd: postJsonLd(source, seo) };
}
