// The <head> of a blog page (`/<username>`, `/<username>/tags/<tag>`): its name, the page number
// past the first, canonical, feed links and a `website` Open Graph card. The description carries
// into Open Graph and Twitter, as Next's metadata resolution did when these were React pages.
import { projectUrl } from "../posts/post-event-data";
import { feedLinks } from "./feed-links";
import type { BlogPage } from "./load-blog-page";
import type { PageHead } from "./page-head";

export function blogMetadata(blog: BlogPage): PageHead {
  const home = projectUrl(blog.owner.username);
  const url = blog.tag ? `${home}/tags/${encodeURIComponent(blog.tag.slug)}` : home;
  const title = blog.tag ? `${blog.tag.name} – ${blog.name}` : blog.page > 1 ? `${blog.name} – page ${blog.page}` : blog.name;
  const description = blog.tag ? `Posts tagged ${blog.tag.name} by ${blog.name}` : `Posts by ${blog.name}`;
  return {
    title,
    description,
    robots: "index, follow",
    canonical: blog.page > 1 ? `${url}?page=${blog.page}` : url,
    feeds: feedLinks(blog.owner.username, blog.name),
    openGraph: { type: "website", title, description, url, siteName: blog.name },
    twitter: { card: "summary", title, description },
  };
}
