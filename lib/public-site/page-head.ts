// The <head> of the public pages, written out the way Next's Metadata API wrote it when these pages
// were React pages: the same tags in the same order, empty values left out, images with their
// size. What goes in comes from the post's `seo` (lib/public-site/post-metadata.ts) or the blog's
// name (lib/public-site/blog-metadata.ts), which also make the fallbacks Next's metadata
// resolution used to make; nothing here decides content.
import type { CoverPreload } from "./views/cover-image";
import { html, trustedHtml, type Html } from "./html";
import { jsonLdScript } from "./json-ld-script";

export type HeadImage = { url: string; width?: number; height?: number; alt?: string };

export type FeedLink = { type: string; href: string; title: string };

export type PageHead = {
  title: string;
  description?: string;
  keywords?: string[];
  robots: string;
  canonical?: string;
  feeds?: FeedLink[];
  openGraph?: {
    type: "article" | "website";
    title: string;
    description?: string;
    url: string;
    siteName: string;
    images?: HeadImage[];
    publishedTime?: string | null;
    modifiedTime?: string;
  };
  twitter?: { card: string; title: string; description?: string; images?: HeadImage[] };
  /** The page's largest image (the post's cover), fetched before the stylesheet is read. */
  preloadImage?: CoverPreload | null;
  /** Structured data (the post's `jsonLd`), with the other metadata in <head>, where Ghost writes it. */
  jsonLd?: unknown;
};

const meta = (attribute: "name" | "property", key: string, content: string | number | null | undefined) =>
  content === null || content === undefined || content === "" ? null : html`<meta ${trustedHtml(attribute)}="${key}" content="${String(content)}"/>`;

function images(prefix: "og" | "twitter", list: HeadImage[] | undefined): Html[] {
  const attribute = prefix === "og" ? "property" : "name";
  return (list ?? []).map(
    (image) =>
      html`${meta(attribute, `${prefix}:image`, image.url)}${meta(attribute, `${prefix}:image:width`, image.width)}${meta(attribute, `${prefix}:image:height`, image.height)}${meta(attribute, `${prefix}:image:alt`, image.alt)}`,
  );
}

/** Everything inside <head>: charset and viewport, the stylesheet, the page's metadata, its JSON-LD. */
export function pageHead(head: PageHead, stylesheetHref: string): Html {
  const og = head.openGraph;
  const twitter = head.twitter;
  return html`<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>${
    head.preloadImage
      ? html`<link rel="preload" as="image" href="${head.preloadImage.href}"${
          head.preloadImage.srcset ? html` imagesrcset="${head.preloadImage.srcset}" imagesizes="${head.preloadImage.sizes ?? ""}"` : null
        } fetchpriority="high"/>`
      : null
  }<link rel="stylesheet" href="${stylesheetHref}"/><title>${head.title}</title>${meta("name", "description", head.description)}${
    head.keywords?.length ? meta("name", "keywords", head.keywords.join(",")) : null
  }${meta("name", "robots", head.robots)}${head.canonical ? html`<link rel="canonical" href="${head.canonical}"/>` : null}${(head.feeds ?? []).map(
    (feed) => html`<link rel="alternate" type="${feed.type}" href="${feed.href}" title="${feed.title}"/>`,
  )}${
    og
      ? html`${meta("property", "og:title", og.title)}${meta("property", "og:description", og.description)}${meta("property", "og:url", og.url)}${meta("property", "og:site_name", og.siteName)}${images("og", og.images)}${meta("property", "og:type", og.type)}${meta("property", "article:published_time", og.publishedTime)}${meta("property", "article:modified_time", og.modifiedTime)}`
      : null
  }${
    twitter
      ? html`${meta("name", "twitter:card", twitter.card)}${meta("name", "twitter:title", twitter.title)}${meta("name", "twitter:description", twitter.description)}${images("twitter", twitter.images)}`
      : null
  }<link rel="icon" href="/favicon.svg"/>${head.jsonLd === undefined ? null : jsonLdScript(head.jsonLd)}`;
}
