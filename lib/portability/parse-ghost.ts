// A Ghost 4–6 JSON export (Settings → Import/Export): `db[0].data` with `posts`, `tags`,
// `posts_tags`, `users`, `posts_authors` and, from Ghost 5, `posts_meta` (SEO fields). Content
// comes from each post's `html`, which Ghost renders from Lexical or mobiledoc. The first author
// is the importing account; the others become external co-authors (a Ghost user is not a user of
// this instance). Members-only and paid posts (`visibility` other than public) become private.
import { MalformedImport, type ImportPost } from "./import-item";
import { parseJsonNamingLine } from "./json-with-lines";

type Row = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const rows = (data: Row, name: string): Row[] => (Array.isArray(data[name]) ? (data[name] as Row[]).filter((r) => r && typeof r === "object") : []);
const date = (value: unknown): string | null => {
  const text = str(value);
  if (!text) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
};

export function parseGhost(text: string, file: string): ImportPost[] {
  const json = parseJsonNamingLine(text, file) as Row;
  const db = Array.isArray(json?.db) ? (json.db as Row[])[0] : json;
  const data = (db?.data ?? null) as Row | null;
  if (!data || !Array.isArray(data.posts)) throw new MalformedImport(`${file}: not a Ghost export (no db[0].data.posts)`);

  const tags = new Map(rows(data, "tags").map((tag) => [String(tag.id), tag]));
  const users = new Map(rows(data, "users").map((user) => [String(user.id), user]));
  const meta = new Map(rows(data, "posts_meta").map((m) => [String(m.post_id), m]));
  const tagsOf = new Map<string, { name: string; order: number }[]>();
  for (const link of rows(data, "posts_tags")) {
    const tag = tags.get(String(link.tag_id));
    const name = str(tag?.name);
    // Ghost's internal tags (#hash) are for themes, not readers.
    if (!name || name.startsWith("#")) continue;
    const list = tagsOf.get(String(link.post_id)) ?? [];
    list.push({ name, order: Number(link.sort_order ?? list.length) });
    tagsOf.set(String(link.post_id), list);
  }
  const authorsOf = new Map<string, { user: Row; order: number }[]>();
  for (const link of rows(data, "posts_authors")) {
    const user = users.get(String(link.author_id));
    if (!user) continue;
    const list = authorsOf.get(String(link.post_id)) ?? [];
    list.push({ user, order: Number(link.sort_order ?? list.length) });
    authorsOf.set(String(link.post_id), list);
  }

  return (data.posts as unknown[]).map((raw, index): ImportPost => {
    if (!raw || typeof raw !== "object") throw new MalformedImport(`${file}: posts[${index}] is not an object`);
    const post = raw as Row;
    const id = str(post.id) ?? str(post.uuid);
    if (!id) throw new MalformedImport(`${file}: posts[${index}] has no id`);
    const slug = str(post.slug) ?? "";
    const label = slug ? `post "${slug}"` : `posts[${index}]`;
    const notes: string[] = [];
    const m = { ...post, ...(meta.get(id) ?? {}) } as Row;

    let body: ImportPost["body"];
    const html = str(post.html);
    if (html) body = { html };
    else {
      const plain = str(post.plaintext) ?? "";
      if (post.mobiledoc || post.lexical) notes.push("No rendered HTML in the export; the plain text was imported");
      body = { markdown: plain };
    }

    const ghostStatus = str(post.status) ?? "draft";
    const publishedAt = date(post.published_at);
    const status = ghostStatus === "published" || ghostStatus === "scheduled" || ghostStatus === "sent" ? "published" : "draft";
    const visibility = (str(post.visibility) ?? "public") === "public" ? "public" : "private";
    if (visibility === "private") notes.push(`Ghost visibility "${String(post.visibility)}" imported as private`);
    if (str(post.type) === "page") notes.push("A Ghost page, imported as a post");

    const authors = (authorsOf.get(id) ?? []).sort((a, b) => a.order - b.order);
    const coauthors = authors.slice(1).flatMap(({ user }) => {
      const name = str(user.name) ?? str(user.slug);
      return name ? [{ externalName: name, externalHandle: str(user.slug), externalUrl: str(user.website) }] : [];
    });

    return {
      kind: "post",
      key: id,
      label,
      body,
      notes,
      coauthors,
      createdAt: date(post.created_at),
      fields: {
        title: str(post.title) ?? "Untitled",
        slug,
        status,
        publishedAt: status === "published" ? publishedAt : publishedAt && ghostStatus === "draft" ? null : publishedAt,
        excerpt: str(post.custom_excerpt),
        coverImage: str(post.feature_image),
        featured: post.featured === true || post.featured === 1,
        visibility,
        tagNames: (tagsOf.get(id) ?? []).sort((a, b) => a.order - b.order).map((t) => t.name),
        seoTitle: str(m.meta_title),
        seoDescription: str(m.meta_description),
        canonicalUrl: str(post.canonical_url) ?? str(m.canonical_url),
        ogTitle: str(m.og_title),
        ogDescription: str(m.og_description),
        ogImage: str(m.og_image),
        twitterTitle: str(m.twitter_title),
        twitterDescription: str(m.twitter_description),
        twitterImage: str(m.twitter_image),
      },
    };
  });
}
