// /<username>/<slug> – the post (PUBLIC-SITE.md): the API's single-post read rendered as a page,
// its <head> from the API's `seo`, its JSON-LD the API's `jsonLd`. The owner, signed in, sees
// their draft (or scheduled or private post) here with a "Draft preview" banner. ETag,
// Cache-Control and 304 are answered before rendering, by proxy.ts.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import styles from "@/components/blog/article.module.css";
import blogStyles from "@/components/blog/blog.module.css";
import { BlogShell } from "@/components/blog/blog-shell";
import { JsonLdScript } from "@/components/blog/json-ld-script";
import { PostMeta } from "@/components/blog/post-meta";
import { postUrl } from "@/lib/posts/post-event-data";
import { loadPostPage } from "@/lib/public-site/load-post-page";
import { postMetadata } from "@/lib/public-site/post-metadata";
import { readableHtml } from "@/lib/public-site/readable-html";

type Props = { params: Promise<{ username: string; slug: string }> };

async function load({ params }: Props) {
  const { username, slug } = await params;
  const page = await loadPostPage(username, slug);
  if (!page) notFound();
  return page;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { post } = await load(props);
  return postMetadata({
    seo: post.seo,
    generatedImageUrl: `${postUrl(post.user.username, post.slug)}/og-image`,
    username: post.user.username,
    blogName: post.seo.openGraph.siteName,
  });
}

export default async function PostPage(props: Props) {
  const { post, preview, cover } = await load(props);
  const [blogPosting] = post.jsonLd;
  const authors = Array.isArray(blogPosting.author) ? blogPosting.author : [];
  return (
    <BlogShell username={post.user.username} name={post.seo.openGraph.siteName}>
      {preview ? (
        <div className={blogStyles.banner} role="status">
          <strong>Draft preview</strong>
          Only you can see this page: the post is {describeState(post)}. Readers get a 404 until it is published.
        </div>
      ) : null}
      <article className={styles.article}>
        <header>
          <h1 className={styles.title}>{post.title}</h1>
          {post.subtitle ? <p className={styles.subtitle}>{post.subtitle}</p> : null}
          <div className={styles.byline}>
            <p className={blogStyles.meta}>
              <span>
                By{" "}
                {authors.map((author, index) => {
                  const person = author as { name?: string; url?: string };
                  return (
                    <span key={index}>
                      {index > 0 ? (index === authors.length - 1 ? " and " : ", ") : null}
                      {person.url ? <a href={person.url}>{person.name}</a> : person.name}
                    </span>
                  );
                })}
              </span>
            </p>
            <PostMeta username={post.user.username} publishedAt={post.publishedAt} readingTime={post.readingTime} tags={post.tags} />
          </div>
        </header>
        {post.coverImage ? (
          // Arbitrary remote URLs: next/image would need every host allow-listed.
          // eslint-disable-next-line @next/next/no-img-element
          <img className={styles.cover} src={post.coverImage} srcSet={cover?.srcset} sizes={cover?.sizes} width={cover?.width} height={cover?.height} alt="" decoding="async" fetchPriority="high" />
        ) : null}
        {/* The sanitized render of lib/content (the API's `html` format): no script, no unsafe URL. */}
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: readableHtml(post.rendered ?? "") }} />
      </article>
      {post.adjacent.prev || post.adjacent.next ? (
        <nav className={styles.adjacent} aria-label="More posts">
          {post.adjacent.prev ? (
            <Link href={`/${post.user.username}/${post.adjacent.prev.slug}`} rel="prev">
              <span>Older post</span>
              <strong>{post.adjacent.prev.title}</strong>
            </Link>
          ) : null}
          {post.adjacent.next ? (
            <Link className={styles.next} href={`/${post.user.username}/${post.adjacent.next.slug}`} rel="next">
              <span>Newer post</span>
              <strong>{post.adjacent.next.title}</strong>
            </Link>
          ) : null}
        </nav>
      ) : null}
      <JsonLdScript data={post.jsonLd} />
    </BlogShell>
  );
}

function describeState(post: { status: string; visibility: string; publishedAt: string | null }): string {
  if (post.status === "draft") return "a draft";
  if (post.visibility === "private") return "private";
  return post.publishedAt ? `scheduled for ${new Date(post.publishedAt).toUTCString()}` : "not published";
}
