// SEO and JSON-LD of a single post, exactly per DECISIONS §5. The JSON-LD is checked twice: at
// compile time (lib/seo/post-json-ld.ts returns schema-dts `WithContext<BlogPosting>` and
// `WithContext<BreadcrumbList>`; the assignments below fail `tsc` if that ever loosens) and at
// run time against the properties schema.org and Google's guidelines require.
import type { BlogPosting, BreadcrumbList, WithContext } from "schema-dts";
import { describe, expect, it } from "vitest";
import { postJsonLd } from "../../lib/seo/post-json-ld";
import { postSeo } from "../../lib/seo/post-seo";
import type { SeoSource } from "../../lib/seo/seo-source";
import { jsonLdProblems } from "../support/json-ld-check";

const base: SeoSource = {
  title: "Post title",
  excerpt: "The excerpt",
  status: "published",
  visibility: "public",
  coverImage: null,
  publishedAt: "2025-01-02T03:04:05.000Z",
  updatedAt: "2025-02-03T04:05:06.000Z",
  tags: [{ name: "Alpha" }, { name: "Beta" }],
  seoTitle: null,
  seoDescription: null,
  canonicalUrl: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  twitterTitle: null,
  twitterDescription: null,
  twitterImage: null,
  robots: null,
  url: "https://blog.example/ada/post-title",
  projectUrl: "https://blog.example/ada",
  siteName: "Ada's blog",
  authors: [
    { name: "Ada", url: "https://blog.example/ada" },
    { name: "Grace", url: "https://blog.example/grace" },
    { name: "Ext Person", url: null, alternateName: "@ext" },
  ],
};

describe("postSeo", () => {
  it("computes every value from the post when nothing is overridden", () => {
    expect(postSeo(base)).toEqual({
      title: "Post title",
      description: "The excerpt",
      canonical: "https://blog.example/ada/post-title",
      robots: "index, follow",
      keywords: ["Alpha", "Beta"],
      openGraph: {
        type: "article",
        title: "Post title",
        description: "The excerpt",
        url: "https://blog.example/ada/post-title",
        siteName: "Ada's blog",
        images: [],
        publishedTime: "2025-01-02T03:04:05.000Z",
        modifiedTime: "2025-02-03T04:05:06.000Z",
      },
      twitter: { card: "summary", title: "Post title", description: "The excerpt", images: [] },
    });
  });

  it("uses the cover image for Open Graph and Twitter, with a large card", () => {
    const seo = postSeo({ ...base, coverImage: "https://img.example/cover.png" });
    expect(seo.openGraph.images).toEqual([{ url: "https://img.example/cover.png" }]);
    expect(seo.twitter).toMatchObject({ card: "summary_large_image", images: ["https://img.example/cover.png"] });
  });

  it("lets seo* override the post fields, and og* / twitter* fall back through them", () => {
    const seo = postSeo({
      ...base,
      coverImage: "https://img.example/cover.png",
      seoTitle: "SEO title",
      seoDescription: "SEO description",
      canonicalUrl: "https://elsewhere.example/canonical",
      robots: "noarchive",
    });
    expect(seo).toMatchObject({
      title: "SEO title",
      description: "SEO description",
      canonical: "https://elsewhere.example/canonical",
      robots: "noarchive",
      openGraph: { title: "SEO title", description: "SEO description", url: "https://elsewhere.example/canonical" },
      twitter: { title: "SEO title", description: "SEO description" },
    });

    const og = postSeo({ ...base, seoTitle: "SEO title", ogTitle: "OG title", ogDescription: "OG description", ogImage: "https://img.example/og.png", coverImage: "https://img.example/cover.png" });
    expect(og.openGraph).toMatchObject({ title: "OG title", description: "OG description", images: [{ url: "https://img.example/og.png" }] });
    expect(og.twitter).toEqual({ card: "summary_large_image", title: "OG title", description: "OG description", images: ["https://img.example/og.png"] });
    expect(og.title).toBe("SEO title");

    const tw = postSeo({ ...base, ogTitle: "OG title", twitterTitle: "TW title", twitterDescription: "TW description", twitterImage: "https://img.example/tw.png" });
    expect(tw.twitter).toEqual({ card: "summary_large_image", title: "TW title", description: "TW description", images: ["https://img.example/tw.png"] });
    expect(tw.openGraph.images).toEqual([]);
  });

  it("marks link-only posts noindex, nofollow unless robots is set", () => {
    expect(postSeo({ ...base, visibility: "link-only" }).robots).toBe("noindex, nofollow");
    expect(postSeo({ ...base, visibility: "link-only", robots: "index" }).robots).toBe("index");
  });
});

describe("postJsonLd", () => {
  it("is a BlogPosting and a BreadcrumbList typed by schema-dts and valid at run time", () => {
    const source = { ...base, coverImage: "https://img.example/cover.png" };
    const [posting, breadcrumbs] = postJsonLd(source, postSeo(source));
    const typedPosting: WithContext<BlogPosting> = posting;
    const typedBreadcrumbs: WithContext<BreadcrumbList> = breadcrumbs;
    expect(jsonLdProblems([typedPosting, typedBreadcrumbs])).toEqual([]);
    expect(jsonLdProblems(JSON.parse(JSON.stringify([posting, breadcrumbs])))).toEqual([]);

    expect(posting).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Post title",
      description: "The excerpt",
      image: ["https://img.example/cover.png"],
      datePublished: "2025-01-02T03:04:05.000Z",
      dateModified: "2025-02-03T04:05:06.000Z",
      author: [
        { "@type": "Person", name: "Ada", url: "https://blog.example/ada" },
        { "@type": "Person", name: "Grace", url: "https://blog.example/grace" },
        { "@type": "Person", name: "Ext Person", alternateName: "@ext" },
      ],
      keywords: ["Alpha", "Beta"],
      url: "https://blog.example/ada/post-title",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://blog.example/ada/post-title" },
    });
    expect(breadcrumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Ada's blog", item: "https://blog.example/ada" },
        { "@type": "ListItem", position: 2, name: "Post title", item: "https://blog.example/ada/post-title" },
      ],
    });
  });

  it("uses the canonical override as the posting's url and leaves out empty image and keywords", () => {
    const source = { ...base, tags: [], canonicalUrl: "https://elsewhere.example/c" };
    const [posting] = postJsonLd(source, postSeo(source));
    expect(posting.url).toBe("https://elsewhere.example/c");
    expect(posting).not.toHaveProperty("image");
    expect(posting).not.toHaveProperty("keywords");
    expect(jsonLdProblems(postJsonLd(source, postSeo(source)))).toEqual([]);
  });

  it("the runtime check catches what it is meant to catch", () => {
    const [posting, breadcrumbs] = postJsonLd(base, postSeo(base));
    expect(jsonLdProblems([{ ...posting, headline: "" }, breadcrumbs])).toContain("BlogPosting: headline is required");
    expect(jsonLdProblems([{ ...posting, author: [] }])).toContain("BlogPosting: author must be a non-empty list");
    expect(jsonLdProblems([{ ...posting, "@context": "http://schema.org/" }])).toHaveLength(1);
    expect(jsonLdProblems([{ ...breadcrumbs, itemListElement: [{ "@type": "ListItem", position: 2, name: "x", item: "/relative" }] }])).toHaveLength(2);
  });
});
