// A WordPress WXR export (Tools → Export, WXR 1.2): RSS 2.0 with the `wp:`, `content:`,
// `excerpt:` and `dc:` namespaces, parsed by fast-xml-parser. Posts only (`wp:post_type` post);
// pages, attachments, menus and revisions are not posts (attachments give featured images).
// Categories and tags both become tags; Co-Authors Plus authors (category domain `author`) past
// the first become external co-authors. `content:encoded` is WordPress's own storage, with
// paragraphs as blank lines, so it gets WordPress's autop before conversion.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { MalformedImport, type ImportPost } from "./import-item";
import { wordpressAutop } from "./wordpress-autop";

type Node = Record<string, unknown>;

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") return text((value as Node)["#text"]);
  const s = String(value);
  return s.trim() === "" ? null : s;
};
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function gmtDate(value: unknown, fallback: unknown): string | null {
  const raw = text(value);
  if (raw && !raw.startsWith("0000")) {
    const parsed = new Date(`${raw.replace(" ", "T")}Z`);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
  }
  const other = text(fallback);
  const parsed = other ? new Date(other) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : null;
}

export function parseWordpress(xml: string, file: string): ImportPost[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new MalformedImport(`${file}: invalid XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    cdataPropName: false as unknown as string,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ["item", "category", "wp:postmeta", "wp:author"].includes(name),
  });
  const doc = parser.parse(xml) as Node;
  const channel = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel) throw new MalformedImport(`${file}: not a WordPress export (no rss/channel)`);
  const items = list(channel.item as Node[] | undefined);

  const authors = new Map<string, string>();
  for (const author of list(channel["wp:author"] as Node[] | undefined)) {
    const login = text(author["wp:author_login"]);
    if (login) authors.set(login, text(author["wp:author_display_name"]) ?? login);
  }
  const attachments = new Map<string, string>();
  for (const item of items) {
    if (text(item["wp:post_type"]) === "attachment") {
      const url = text(item["wp:attachment_url"]);
      if (url) attachments.set(text(item["wp:post_id"]) ?? "", url);
    }
  }

  const posts: ImportPost[] = [];
  items.forEach((item, index) => {
    if (text(item["wp:post_type"]) !== "post") return;
    const wpStatus = text(item["wp:status"]) ?? "draft";
    if (wpStatus === "trash" || wpStatus === "auto-draft" || wpStatus === "inherit") return;
    const id = text(item["wp:post_id"]);
    const key = text(item.guid) ?? id;
    if (!key) throw new MalformedImport(`${file}: item ${index + 1} has neither a guid nor a wp:post_id`);
    const slug = decodeURIComponent(text(item["wp:post_name"]) ?? "");
    const notes: string[] = [];

    const tags: string[] = [];
    const extraAuthors: string[] = [];
    for (const category of list(item.category as unknown[] | undefined)) {
      const domain = typeof category === "object" && category ? String((category as Node)["@domain"] ?? "") : "";
      const name = text(category);
      if (!name) continue;
      if (domain === "category" || domain === "post_tag") {
        if (!(domain === "category" && name === "Uncategorized")) tags.push(name);
      } else if (domain === "author") {
        extraAuthors.push(name);
      }
    }
    const meta = new Map(list(item["wp:postmeta"] as Node[] | undefined).map((m) => [text(m["wp:meta_key"]) ?? "", text(m["wp:meta_value"])]));
    const thumbnail = meta.get("_thumbnail_id");
    const creator = text(item["dc:creator"]);
    const coauthors = extraAuthors
      .filter((login) => login !== creator)
      .map((login) => ({ externalName: authors.get(login) ?? login, externalHandle: login }));

    const status = wpStatus === "publish" || wpStatus === "future" || wpStatus === "private" ? "published" : "draft";
    const publishedAt = gmtDate(item["wp:post_date_gmt"], item.pubDate);
    const password = text(item["wp:post_password"]);
    const visibility = wpStatus === "private" || password ? "private" : "public";
    if (password) notes.push("A password-protected post, imported as private");
    if (wpStatus === "pending") notes.push("A post pending review, imported as a draft");

    posts.push({
      kind: "post",
      key,
      label: slug ? `post "${slug}"` : `item ${index + 1}`,
      body: { html: wordpressAutop(text(item["content:encoded"]) ?? "") },
      notes,
      coauthors,
      createdAt: gmtDate(item["wp:post_date_gmt"], item["wp:post_date"]),
      fields: {
        title: text(item.title)?.trim() || "Untitled",
        slug,
        status,
        publishedAt: status === "published" || wpStatus === "future" ? publishedAt : null,
        excerpt: text(item["excerpt:encoded"])?.trim() || null,
        coverImage: (thumbnail && attachments.get(thumbnail)) || null,
        visibility,
        tagNames: tags,
      },
    });
  });
  return posts;
}
