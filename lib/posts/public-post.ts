// GET /api/posts/by-username/:project/:slug – one post with adjacent, seo and jsonLd.
//
// Served: the project's own published posts whose time has come, public or link-only (anyone with
// the slug may read a link-only post). Drafts, scheduled and private posts are 404, except for
// a member's preview: `includeDrafts=true` with the session cookie of the owner or of any active
// member of the project (TEAMS.md; an API key never unlocks it), which serves any of its posts
// and is never cached.
//
// The visibility check and the ETag come from one statement (singlePostKeys): the post's and its
// neighbours' updatedAt, the owner's and the user co-authors' updatedAt, plus format and
// PUBLIC_BASE_URL. The post is loaded, rendered and given its SEO only without an ETag match.
import type { Principal } from "../auth/principal";
import type { ContentFormat } from "../content/content-format";
import { postTag, projectTag } from "../cache/cache-tags";
import { env } from "../env";
import { socialImageVariants } from "../media/social-image-variants";
import { postJsonLd } from "../seo/post-json-ld";
import { postSeo } from "../seo/post-seo";
import { isActiveMember } from "../members/is-active-member";
import { loadPosts } from "./load-posts";
import { PRIVATE_CACHE_CONTROL, publicCacheControl, publicNotFound, strongEtag } from "./public-http";
import { singlePostKeys } from "./single-post-keys";
import { toPosts } from "./to-post";
import { toSeoSource } from "./to-seo-source";

export async function publicPost(options: {
  username: string;
  slug: string;
  format: ContentFormat;
  includeDrafts: boolean;
  viewer: Principal | null;
  now?: Date;
}) {
  const now = options.now ?? new Date();
  const keys = await singlePostKeys({ username: options.username, slug: options.slug, now });
  if (keys.projectId === null) throw publicNotFound("User not found");
  const id = keys.id;
  const preview = options.includeDrafts && (await mayPreview(options.viewer, keys.projectId));
  const servable =
    preview ||
    (keys.status === "published" &&
      keys.visibility !== "private" &&
      keys.publishedAt !== null &&
      keys.publishedAt.getTime() <= now.getTime());
  if (id === null || !servable) throw publicNotFound("Post not found");

  const time = (date: Date | null) => date?.getTime() ?? null;
  const etag = preview
    ? null
    : strongEtag([
        "post",
        [id, time(keys.updatedAt)],
        [keys.projectId, time(keys.projectUpdatedAt)],
        keys.coauthorUsers,
        [keys.prevId, time(keys.prevUpdatedAt)],
        [keys.nextId, time(keys.nextUpdatedAt)],
        options.format,
        env.publicBaseUrl,
      ]);

  const body = async () => {
    const [row] = await loadPosts([id]);
    if (!row) throw publicNotFound("Post not found");
    const [post] = await toPosts([row], options.format);
    // A media cover or OG image is handed to social networks as a variant (MEDIA.md).
    const source = await socialImageVariants(toSeoSource(row, post));
    const seo = postSeo(source);
    const adjacent = {
      prev: keys.prevSlug !== null ? { slug: keys.prevSlug, title: keys.prevTitle } : null,
      next: keys.nextSlug !== null ? { slug: keys.nextSlug, title: keys.nextTitle } : null,
    };
    return { ...post, adjacent, seo, jsonLd: postJsonLd(source, seo) };
  };
  // A change to the post, its blog or its authors purges it by these (lib/cache/cache-tags.ts).
  const cacheTags = preview ? [] : [projectTag(keys.projectId), postTag(id)];
  return { etag, cacheControl: preview ? PRIVATE_CACHE_CONTROL : publicCacheControl(), body, cacheTags };
}

/** Drafts are for the project's people: its owner's or an active member's session, never a key. */
async function mayPreview(viewer: Principal | null, projectId: string): Promise<boolean> {
  if (!viewer || viewer.kind !== "session") return false;
  if (viewer.projectId === projectId) return true;
  return isActiveMember(projectId, viewer.actorId);
}
