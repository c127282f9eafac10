// A post (or one of its revisions) as the dashboard compares two of them: the History panel (a
// revision against the post now) and the "Review" dialog (the published revision against the
// post now). Lists become text (tags, co-authors), so lib/diff compares them as words.

/** The fields compared, in order, as the editor names them. Status and publication date are left out: a restore keeps them, and a review decides them. */
export const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  content: "Content",
  excerpt: "Excerpt",
  slug: "Slug",
  tags: "Tags",
  coverImage: "Cover image URL",
  visibility: "Visibility",
  featured: "Featured",
  coauthors: "Co-authors",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  canonicalUrl: "Canonical URL",
  ogTitle: "Open Graph title",
  ogDescription: "Open Graph description",
  ogImage: "Open Graph image",
  twitterTitle: "Twitter title",
  twitterDescription: "Twitter description",
  twitterImage: "Twitter image",
  robots: "Robots",
};
export const FIELD_TYPES: Record<string, string> = Object.fromEntries(Object.keys(FIELD_LABELS).map((name) => [name, name === "content" ? "richtext" : "string"]));

/**
 * A post or a revision as the dashboard compares it: text for the lists (tags, co-authors). A user
 * co-author reads as their username where `usernames` (by user id) knows it.
 */
export function comparable(post: Record<string, unknown>, usernames: Record<string, string> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(FIELD_LABELS)) out[name] = post[name] ?? null;
  out.tags = ((post.tags as { name: string }[] | undefined) ?? []).map((tag) => tag.name).join(", ");
  out.coauthors = ((post.coauthors as Record<string, string | null>[] | undefined) ?? []).map((coauthor) => coauthor.externalName ?? (coauthor.userId ? (usernames[coauthor.userId] ?? coauthor.userId) : "")).join(", ");
  out.featured = post.featured === true ? "yes" : "no";
  return out;
}
