// The post page's <head> from the post's `seo` object exactly as the API returns it (DECISIONS §5,
// lib/seo/post-seo.ts): nothing is recomputed here. The one addition: a post without any image
// (no ogImage, no cover) gets the generated Open Graph image, since a share card without one is
// blank. `twitter` is the API's, except that without images of its own it names the Open Graph
// ones (the generated image), as Next's metadata resolution did when this page was a React page.
import type { PostSeo } from "../seo/post-seo";
import { feedLinks } from "./feed-links";
import type { PageHead } from "./page-head";

export function postMetadata(options: { seo: PostSeo; generatedImageUrl: string; username: string; blogName: string }): PageHead {
  const { seo } = options;
  const images = seo.openGraph.images.length ? seo.openGraph.images : [{ url: options.generatedImageUrl, width: 1200, height: 630 }];
  return {
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords,
    robots: seo.robots,
    canonical: seo.canonical,
    feeds: feedLinks(options.username, options.blogName),
    openGraph: {
      type: "article",
      title: seo.openGraph.title,
      description: seo.openGraph.description,
      url: seo.openGraph.url,
      siteName: seo.openGraph.siteName,
      images,
      publishedTime: seo.openGraph.publishedTime,
      modifiedTime: seo.openGraph.modifiedTime,
    },
    twitter: {
      card: seo.twitter.card,
      title: seo.twitter.title,
      description: seo.twitter.description,
      images: seo.twitter.images.length ? seo.twitter.images.map((url) => ({ url })) : images,
    },
  };
}
