// /<username> – the blog: its public published posts, newest first, 10 a page (PUBLIC-SITE.md).
// ETag, Cache-Control and 304 are answered before rendering, by proxy.ts.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlogShell } from "@/components/blog/blog-shell";
import styles from "@/components/blog/blog.module.css";
import { PostList } from "@/components/blog/post-list";
import { projectUrl } from "@/lib/posts/post-event-data";
import { feedAlternates } from "@/lib/public-site/feed-links";
import { loadBlogPage } from "@/lib/public-site/load-blog-page";
import { parsePageParam } from "@/lib/public-site/public-routes";

type Props = { params: Promise<{ username: string }>; searchParams: Promise<{ page?: string | string[] }> };

async function load({ params, searchParams }: Props) {
  const [{ username }, { page: rawPage }] = await Promise.all([params, searchParams]);
  const page = parsePageParam(rawPage);
  const blog = page === null ? null : await loadBlogPage(username, page);
  if (!blog) notFound();
  return blog;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const blog = await load(props);
  const url = projectUrl(blog.owner.username);
  const title = blog.page > 1 ? `${blog.name} – page ${blog.page}` : blog.name;
  return {
    title: { absolute: title },
    description: `Posts by ${blog.name}`,
    robots: "index, follow",
    alternates: { canonical: blog.page > 1 ? `${url}?page=${blog.page}` : url, types: feedAlternates(blog.owner.username, blog.name) },
    openGraph: { type: "website", title, url, siteName: blog.name },
  };
}

export default async function BlogIndexPage(props: Props) {
  const blog = await load(props);
  return (
    <BlogShell username={blog.owner.username} name={blog.name}>
      <h1 className={styles.pageTitle}>{blog.page > 1 ? `${blog.name} – page ${blog.page}` : blog.name}</h1>
      <PostList blog={blog} basePath={`/${blog.owner.username}`} />
    </BlogShell>
  );
}
