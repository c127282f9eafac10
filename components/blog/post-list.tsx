import Link from "next/link";
import type { BlogPage } from "@/lib/public-site/load-blog-page";
import styles from "./blog.module.css";
import { PostMeta } from "./post-meta";

/** The posts of one blog page, newest first, with Newer/Older links between pages. */
export function PostList({ blog, basePath }: { blog: BlogPage; basePath: string }) {
  if (blog.posts.length === 0) return <p className={styles.empty}>No posts yet.</p>;
  const pageHref = (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);
  return (
    <>
      <ul className={styles.list}>
        {blog.posts.map((post) => {
          // A co-authored post shown on this blog lives at its owner's address.
          const href = `/${post.user.username}/${post.slug}`;
          // A cover from the media library comes with its variants (lib/media/cover-images.ts).
          const cover = post.coverImage ? blog.covers.get(post.coverImage) : undefined;
          return (
            <li key={post.id}>
              <article className={styles.card}>
                {post.coverImage ? (
                  // Arbitrary remote URLs: next/image would need every host allow-listed.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img className={styles.cover} src={post.coverImage} srcSet={cover?.srcset} sizes={cover?.sizes} width={cover?.width} height={cover?.height} alt="" loading="lazy" decoding="async" />
                ) : null}
                <h2 className={styles.cardTitle}><Link href={href}>{post.title}</Link></h2>
                {post.excerpt ? <p className={styles.excerpt}>{post.excerpt}</p> : null}
                <PostMeta username={post.user.username} publishedAt={post.publishedAt} readingTime={post.readingTime} tags={post.tags} />
              </article>
            </li>
          );
        })}
      </ul>
      {blog.page > 1 || blog.hasMore ? (
        <nav className={styles.pagination} aria-label="Pagination">
          {blog.page > 1 ? <Link href={pageHref(blog.page - 1)} rel="prev">Newer posts</Link> : <span />}
          {blog.hasMore ? <Link href={pageHref(blog.page + 1)} rel="next">Older posts</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
