// The `data` of post.published / post.updated (DECISIONS §6), shared by the post writes and by
// the cron tick that announces scheduled posts.
import { env } from "../env";
import { toWireVisibility } from "./post-visibility";

export type PostEventSource = {
  id: string;
  slug: string;
  title: string;
  status: "draft" | "published";
  /** As stored by Prisma: `link_only` is `link-only` on the wire. */
  visibility: "public" | "private" | "link_only";
  publishedAt: Date | null;
};

export function projectUrl(username: string): string {
  return `${env.publicBaseUrl}/${username}`;
}

export function postUrl(username: string, slug: string): string {
  return `${projectUrl(username)}/${slug}`;
}

export function postEventData(post: PostEventSource, username: string) {
  return {
    post: {
      id: post.id,
      slug: post.slug,
      title: post.title,
      status: post.status,
      visibility: toWireVisibility(post.visibility),
      publishedAt: post.publishedAt?.toISOString() ?? null,
      url: postUrl(username, post.slug),
    },
  };
}
