// The single-post `seo` object, exactly per DECISIONS §5. Every override falls back to the
// computed value: og* → seo* → post fields, and twitter* → og* → seo* → post fields.
import type { SeoSource } from "./seo-source";

export type PostSeo = {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  keywords: string[];
  openGraph: {
    type: "article";
    title: string;
    description: string;
    url: string;
    siteName: string;
    images: { url: string }[];
    publishedTime: string | null;
    modifiedTime: string;
  };
  twitter: { card: "summary" | "summary_large_image"; title: string; description: string; images: string[] };
};

export function postSeo(post: SeoSource): PostSeo {
  const title = post.seoTitle ?? post.title;
  const description = post.seoDescription ?? post.excerpt;
  const canonical = post.canonicalUrl ?? post.url;
  // DECISIONS: link-only is noindex; the owner's preview of a draft or private post is too.
  const listed = post.visibility === "public" && post.status === "published";
  const ogTitle = post.ogTitle ?? title;
  const ogDescription = post.ogDescription ?? description;
  const ogImage = post.ogImage ?? post.coverImage;
  const twitterImage = post.twitterImage ?? ogImage;
  return {
    title,
    description,
    canonical,
    robots: post.robots ?? (listed ? "index, follow" : "noindex, nofollow"),
    keywords: post.tags.map((tag) => tag.name),
    openGraph: {
      type: "article",
      title: ogTitle,
      description: ogDescription,
      url: canonical,
      siteName: post.siteName,
      images: ogImage ? [{ url: ogImage }] : [],
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
    },
    twitter: {
      card: twitterImage ? "summary_large_image" : "summary",
      title: post.twitterTitle ?? ogTitle,
      description: post.twitterDescription ?? ogDescription,
      images: twitterImage ? [twitterImage] : [],
    },
  };
}
