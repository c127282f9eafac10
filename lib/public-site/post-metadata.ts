// The post page's <head> from the post's `seo` object exactly as the API returns it (DECISIONS §5,
// lib/seo/post-seo.ts): nothing is recomputed here. The one addition: a post without any image
// (no ogImage, no cover) gets the generated Open Graph image, since a share card without one is
// blank; `twitter` stays as the API says (card `summary`, no image).
import type { Metadata } from "next";
import type { PostSeo } from "../seo/post-seo";
import { feedAlternates } from "./feed-links";

export function postMetadata(options: { seo: PostSeo; generatedImageUrl: string; username: string; blogName: string }): Metadata {
  const { seo } = options;
  const images = seo.openGraph.images.length ? seo.openGraph.images : [{ url: options.generatedImageUrl, width: 1200, height: 630 }];
  return {
    title: { absolute: seo.title },
    description: seo.description,
    keywords: seo.keywords,
    robots: seo.robots,
    alternates: { canonical: seo.canonical, types: feedAlternates(options.username, options.blogName) },
    openGraph: {
      type: "article",
      title: seo.openGraph.title,
      description: seo.openGraph.description,
      url: seo.openGraph.url,
      siteName: seo.openGraph.siteName,
      images,
      ...(seo.openGraph.publishedTime ? { publishedTime: seo.openGraph.publishedTime } : {}),
      modifiedTime: seo.openGraph.modifiedTime,
    },
    twitter: {
      card: seo.twitter.card,
      title: seo.twitter.title,
      description: seo.twitter.description,
      ...(seo.twitter.images.length ? { images: seo.twitter.images } : {}),
    },
  };
}
