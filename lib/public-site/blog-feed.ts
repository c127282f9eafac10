// A blog's feeds (PUBLIC-SITE.md): the latest 20 public posts of the API's public list (one
// visibility rule), full sanitized HTML, absolute URLs. RSS 2.0 and Atom 1.0 are written by the
// `feed` package; its JSON output is JSON Feed 1.0, so the 1.1 document is written here
// (https://www.jsonfeed.org/version/1.1/). The ETag is the list's keys, read before any post is.
import { Feed } from "feed";
import { feedImages } from "../media/social-image-variants";
import { postUrl, projectUrl } from "../posts/post-event-data";
import { publicPostList } from "../posts/public-post-list";
import type { PostResponse } from "../posts/to-post";
import { feedUrls } from "./feed-links";
import { nullIfNotFound } from "./not-found";
import { pageEtag } from "./page-etag";
import { isBlogUsername } from "./public-routes";

export const FEED_SIZE = 20;
export type FeedFormat = "rss" | "atom" | "json";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

export async function blogFeed(options: { username: string; format: FeedFormat }) {
  if (!isBlogUsername(options.username)) return null;
  // The bare list: a feed shows no page info, so no total is counted.
  const list = await publicPostList({
    username: options.username,
    query: { format: "html", perPage: FEED_SIZE, sort: "publishedAt:desc" },
    envelope: false,
  }).catch(nullIfNotFound);
  if (!list) return null;
  // The blog's name comes with the list's keys and is part of the ETag: a rename shows at once.
  const blog = { username: options.username, name: list.projectDisplayName ?? options.username };
  const etag = pageEtag(`feed-${options.format}`, [list.etag, blog.name]);
  const body = async () => {
    const posts = (await list.body()) as PostResponse[];
    const images = await feedImages(posts.map((post) => post.coverImage));
    return options.format === "json" ? JSON.stringify(jsonFeed(blog, posts, images)) : xmlFeed(blog, posts, options.format, images);
  };
  return { etag, body, cacheTags: list.cacheTags };
}

type Blog = { username: string; name: string };

const itemUrl = (post: PostResponse) => post.canonicalUrl ?? postUrl(post.user.username, post.slug);
const authorOf = (post: PostResponse) => ({ name: post.user.displayName ?? post.user.username, link: projectUrl(post.user.username) });
// The newest change among the items, not the clock: the same posts give the same bytes (ETag).
const lastUpdated = (posts: PostResponse[]) =>
  posts.reduce<Date | null>((latest, post) => {
    const updated = new Date(post.updatedAt);
    return latest && latest > updated ? latest : updated;
  }, null);

/** A post's cover for feed readers: a media cover as its large variant (lib/media/social-image-variants.ts). */
type FeedImages = Map<string, string>;
const imageOf = (post: PostResponse, images: FeedImages) => (post.coverImage ? (images.get(post.coverImage) ?? post.coverImage) : null);

function xmlFeed(blog: Blog, posts: PostResponse[], format: "rss" | "atom", images: FeedImages): string {
  const home = projectUrl(blog.username);
  const links = feedUrls(blog.username);
  const feed = new Feed({
    id: home,
    title: blog.name,
    description: `Posts by ${blog.name}`,
    link: home,
    language: "en",
    updated: lastUpdated(posts) ?? new Date(0),
    generator: "Inkbase",
    feedLinks: { rss: links.rss, atom: links.atom, json: links.json },
    author: { name: blog.name, link: home },
    copyright: `© ${blog.name}`,
  });
  for (const post of posts) {
    const url = itemUrl(post);
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      // `feed` writes `date` as RSS <pubDate> and as Atom <updated>: publication for the one,
      // the last change for the other (Atom's <published> comes from `published`).
      date: new Date(format === "rss" ? (post.publishedAt ?? post.updatedAt) : post.updatedAt),
      published: post.publishedAt ? new Date(post.publishedAt) : undefined,
      description: post.excerpt,
      content: post.rendered ?? "",
      author: [authorOf(post)],
      category: post.tags.map((tag) => ({ name: tag.name, term: tag.slug, domain: `${home}/tags/${tag.slug}` })),
      ...(post.coverImage ? { image: imageOf(post, images)! } : {}),
    });
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}

function jsonFeed(blog: Blog, posts: PostResponse[], images: FeedImages) {
  const home = projectUrl(blog.username);
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: blog.name,
    home_page_url: home,
    feed_url: feedUrls(blog.username).json,
    description: `Posts by ${blog.name}`,
    language: "en",
    authors: [{ name: blog.name, url: home }],
    items: posts.map((post) => {
      const author = authorOf(post);
      return {
        id: itemUrl(post),
        url: itemUrl(post),
        title: post.title,
        content_html: post.rendered ?? "",
        summary: post.excerpt,
        ...(post.coverImage ? { image: imageOf(post, images) } : {}),
        date_published: post.publishedAt ?? post.updatedAt,
        date_modified: post.updatedAt,
        authors: [{ name: author.name, url: author.link }],
        tags: post.tags.map((tag) => tag.name),
      };
    }),
  };
}
