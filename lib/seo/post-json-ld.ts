// The single-post `jsonLd`: a schema.org BlogPosting and a BreadcrumbList (DECISIONS §5). Typed
// with schema-dts, so a property schema.org does not define, or a value of the wrong type, fails
// the type check.
import type { BlogPosting, BreadcrumbList, Person, WithContext } from "schema-dts";
import type { PostSeo } from "./post-seo";
import type { SeoSource } from "./seo-source";

export type PostJsonLd = [WithContext<BlogPosting>, WithContext<BreadcrumbList>];

function person(author: SeoSource["authors"][number]): Person {
  return {
    "@type": "Person",
    name: author.name,
    ...(author.url ? { url: author.url } : {}),
    ...(author.alternateName ? { alternateName: author.alternateName } : {}),
  };
}

export function postJsonLd(post: SeoSource, seo: PostSeo): PostJsonLd {
  const images = seo.openGraph.images.map((image) => image.url);
  const blogPosting: WithContext<BlogPosting> = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: seo.description,
    ...(images.length ? { image: images } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: post.authors.map(person),
    ...(seo.keywords.length ? { keywords: seo.keywords } : {}),
    url: seo.canonical,
    mainEntityOfPage: { "@type": "WebPage", "@id": seo.canonical },
  };
  const breadcrumbs: WithContext<BreadcrumbList> = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: post.siteName, item: post.projectUrl },
      { "@type": "ListItem", position: 2, name: post.title, item: post.url },
    ],
  };
  return [blogPosting, breadcrumbs];
}
