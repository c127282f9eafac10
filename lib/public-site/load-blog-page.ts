// One page of a blog (`/<username>`, `/<username>/tags/<tag>`): the same public list the API
// serves (lib/posts/public-post-list.ts: one visibility rule, one ETag), 10 a page, newest
// first, plus what the page alone shows (the blog's name, read with the list's keys). `etag` is
// cheap (one statement); `blogPageData` then reads the posts. A null head: not a page (unknown
// blog, page past the end, tag without public posts) — a 404.
import { coverImages } from "../media/cover-images";
import type { ResponsiveImage } from "../media/responsive-image";
import { publicPostList } from "../posts/public-post-list";
import type { PostResponse } from "../posts/to-post";
import { nullIfNotFound } from "./not-found";
import { pageEtag } from "./page-etag";
import { BLOG_PAGE_SIZE, isBlogUsername } from "./public-routes";

export type BlogPage = {
  owner: { username: string; displayName: string | null };
  name: string;
  posts: PostResponse[];
  page: number;
  total: number;
  hasMore: boolean;
  tag: { name: string; slug: string } | null;
  /** srcset and box of each cover that is one of our media, by its URL. */
  covers: Map<string, ResponsiveImage>;
};

/** A card's cover is at most the list's column wide (44rem), the screen below that. */
const CARD_SIZES = "(min-width: 44rem) 44rem, 100vw";

export async function blogPageHead(options: { username: string; page: number; tag?: string; now?: Date }) {
  if (!isBlogUsername(options.username)) return null;
  const list = await publicPostList({
    username: options.username,
    query: { format: "tiptap", page: options.page, perPage: BLOG_PAGE_SIZE, sort: "publishedAt:desc", tag: options.tag },
    now: options.now,
  }).catch(nullIfNotFound);
  if (!list || list.projectId === null) return null;
  const total = list.total ?? 0;
  // Page 1 of a blog always exists (an empty blog is a page); past the end is not.
  const exists = options.page === 1 ? options.tag === undefined || total > 0 : (options.page - 1) * BLOG_PAGE_SIZE < total;
  if (!exists) return null;
  // The owner's name comes with the list's keys; the page shows it, so the ETag covers it.
  const owner = { username: options.username, displayName: list.projectDisplayName };
  const etag = pageEtag("blog", [list.etag, owner.displayName]);
  return { etag, total, list, owner };
}

type BlogPageHead = NonNullable<Awaited<ReturnType<typeof blogPageHead>>>;

/** The page's posts, read through the list behind `head` (no second key statement). */
export async function blogPageData(head: BlogPageHead, options: { page: number; tag?: string }): Promise<BlogPage> {
  const { owner } = head;
  const body = await head.list.body();
  const posts = (Array.isArray(body) ? body : body.posts) as PostResponse[];
  // Every post of a tag page carries the tag (the list is filtered by it), so its name is found;
  // the slug stands in should that ever not hold.
  const covers = await coverImages(posts.map((post) => post.coverImage), CARD_SIZES);
  const tag = options.tag === undefined ? null : (posts.flatMap((post) => post.tags).find((candidate) => candidate.slug === options.tag) ?? { name: options.tag, slug: options.tag });
  return {
    owner,
    name: owner.displayName ?? owner.username,
    posts,
    page: options.page,
    total: head.total,
    hasMore: options.page * BLOG_PAGE_SIZE < head.total,
    tag,
    covers,
  };
}
