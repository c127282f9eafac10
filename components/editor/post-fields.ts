// The editor's form model: what the author edits (strings, as inputs hold them) and how each field
// becomes part of a PATCH /api/posts/:id body. Pure functions, shared by autosave, "Overwrite",
// the local backup and the previews.
import type { TiptapDocument } from "@/lib/content/tiptap-document";

export type CoauthorValue =
  | { kind: "user"; username: string }
  | { kind: "external"; externalName: string; externalHandle: string; externalUrl: string };

export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  tags: string;
  coverImage: string;
  visibility: "public" | "private" | "link-only";
  coauthors: CoauthorValue[];
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  twitterTitle: string;
  twitterDescription: string;
  twitterImage: string;
  robots: string;
};

export type FormField = keyof PostFormValues;
/** Every field autosave can send: the form's, plus the document. */
export type PatchField = FormField | "content";

export const SEO_TEXT_FIELDS = ["seoTitle", "seoDescription", "canonicalUrl", "ogTitle", "ogDescription", "ogImage", "twitterTitle", "twitterDescription", "twitterImage", "robots"] as const;
export const ALL_PATCH_FIELDS: PatchField[] = ["title", "slug", "content", "excerpt", "tags", "coverImage", "visibility", "coauthors", ...SEO_TEXT_FIELDS];

/** The owner view of a post as GET /api/posts/:id and the 412 body's `current` carry it. */
export type OwnerPost = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: TiptapDocument;
  coverImage: string | null;
  visibility: "public" | "private" | "link-only";
  status: "draft" | "published";
  publishedAt: string | null;
  updatedAt: string;
  tags: { name: string; slug: string }[];
  coauthors: ({ userId: string } | { externalName: string; externalHandle: string | null; externalUrl: string | null })[];
} & Record<(typeof SEO_TEXT_FIELDS)[number], string | null>;

/** Splits "a, b,, a" into ["a", "b"] (first spelling kept, as the API keeps it). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of text.split(",")) {
    const name = raw.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** The PATCH body for the given fields. `excerpt: null` hands the excerpt back to the content. */
export function toPatch(values: PostFormValues, fields: Iterable<PatchField>, content: () => TiptapDocument): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    switch (field) {
      case "content":
        patch.content = content();
        break;
      case "title":
        patch.title = values.title;
        break;
      case "slug":
        patch.slug = values.slug;
        break;
      case "excerpt":
        patch.excerpt = orNull(values.excerpt);
        break;
      case "tags":
        patch.tagNames = parseTags(values.tags);
        break;
      case "visibility":
        patch.visibility = values.visibility;
        break;
      case "coauthors":
        patch.coauthors = values.coauthors.map((coauthor) =>
          coauthor.kind === "user"
            ? { username: coauthor.username }
            : { externalName: coauthor.externalName, externalHandle: orNull(coauthor.externalHandle), externalUrl: orNull(coauthor.externalUrl) },
        );
        break;
      default:
        patch[field] = orNull(values[field]);
    }
  }
  return patch;
}

/** Which form field an API issue path names (`tagNames.3` → tags), to show its message there. */
export function fieldOfIssue(path: string[]): PatchField | null {
  const head = path[0];
  if (head === "tagNames") return "tags";
  if ((ALL_PATCH_FIELDS as string[]).includes(head)) return head as PatchField;
  return null;
}

/**
 * The form values of a post as the API returns it. User co-authors are shown by username (the page
 * resolves them); an automatic excerpt is an empty field whose placeholder shows it.
 */
export function toFormValues(post: OwnerPost, options: { usernames: Record<string, string>; excerptAuto: boolean }): PostFormValues {
  const text = (value: string | null) => value ?? "";
  const usernames = options.usernames;
  return {
    title: post.title,
    slug: post.slug,
    excerpt: options.excerptAuto ? "" : post.excerpt,
    tags: post.tags.map((tag) => tag.name).join(", "),
    coverImage: text(post.coverImage),
    visibility: post.visibility,
    coauthors: post.coauthors.map((coauthor): CoauthorValue =>
      "userId" in coauthor
        ? { kind: "user", username: usernames[coauthor.userId] ?? coauthor.userId }
        : { kind: "external", externalName: coauthor.externalName, externalHandle: text(coauthor.externalHandle), externalUrl: text(coauthor.externalUrl) },
    ),
    seoTitle: text(post.seoTitle),
    seoDescription: text(post.seoDescription),
    canonicalUrl: text(post.canonicalUrl),
    ogTitle: text(post.ogTitle),
    ogDescription: text(post.ogDescription),
    ogImage: text(post.ogImage),
    twitterTitle: text(post.twitterTitle),
    twitterDescription: text(post.twitterDescription),
    twitterImage: text(post.twitterImage),
    robots: text(post.robots),
  };
}
