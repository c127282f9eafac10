// /<username>/tags/<tag> – the blog filtered to one tag (by slug), 10 a page. Unknown tag: 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlogShell } from "@/components/blog/blog-shell";
import styles from "@/components/blog/blog.module.css";
import { PostList } from "@/components/blog/post-list";
import { projectUrl } from "@/lib/posts/post-event-data";
import { feedAlternates } from "@/lib/public-site/feed-links";
import { loadBlogPage } from "@/lib/public-site/load-blog-page";
import { parsePageParam } from "@/lib/public-site/public-routes";

type Props = { params: Promise<{ username: string; tag: string }>; searchParams: Promise<{ page?: string | string[] }> };

async function load({ params, searchParams }: Props) {
  const [{ username, tag }, { page: rawPage }] = await Promise.all([params, searchParams]);
  const page = parsePageParam(rawPage);
  const blog = page === null ? null : await loadBlogPage(username, page, tag);
  if (!blog?.tag) notFound();
  return { ...blog, tag: blog.tag };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const blog = await load(props);
  const title = `${blog.tag.name} – ${blog.name}`;
  const url = `${projectUrl(blog.owner.username)}/tags/${encodeURIComponent(blog.tag.slug)}`;
  return {
    title: { absolute: title },
    description: `Posts tagged ${blog.tag.name} by ${blog.name}`,
    robots: "index, follow",
    alternates: { canonical: blog.page > 1 ? `${url}?page=${blog.page}` : url, types: feedAlternates(blog.owner.username, blog.name) },
    openGraph: { type: "website", title, url, siteName: blog.name },
  };
}

export default async function TagPage(props: Props) {
  const blog = await load(props);
  return (
    <BlogShell username={blog.owner.username} name={blog.name}>
      <h1 className={styles.pageTitle}>Posts tagged “{blog.tag.name}”</h1>
      <PostList blog={blog} basePath={`/${blog.owner.username}/tags/${encodeURIComponent(blog.tag.slug)}`} />
    </BlogShell>
  );
}
