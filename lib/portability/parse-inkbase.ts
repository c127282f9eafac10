// Our own JSON export (export-format.ts): the zip GET /api/export?format=json writes, or its
// posts.json alone. Posts keep every field the export has; collections come whole (schema,
// entries, kept versions, labels, label history) and are imported one per batch.
import type { TiptapDocument } from "../content/tiptap-document";
import { pickSeoFields } from "../posts/to-post-fields";
import { EXPORT_VERSION, type CollectionFile, type ExportedPost, type PostsFile } from "./export-format";
import { MalformedImport, type ImportCollection, type ImportItem, type ImportPost } from "./import-item";
import { parseJsonNamingLine } from "./json-with-lines";
import { isZip, readZip } from "./read-zip";

function checkHeader(value: unknown, file: string): void {
  const header = value as { source?: unknown; version?: unknown } | null;
  if (!header || header.source !== "inkbase") throw new MalformedImport(`${file}: not an Inkbase export (no "source": "inkbase")`);
  if (typeof header.version !== "number" || header.version > EXPORT_VERSION) {
    throw new MalformedImport(`${file}: export version ${String(header.version)} is newer than this instance reads (${EXPORT_VERSION})`);
  }
}

function toItem(post: ExportedPost, index: number): ImportPost {
  if (!post || typeof post !== "object" || typeof post.slug !== "string" || typeof post.title !== "string") {
    throw new MalformedImport(`posts.json: posts[${index}] is not an exported post (slug and title are required)`);
  }
  return {
    kind: "post",
    key: post.id ?? post.slug,
    label: `post "${post.slug}"`,
    body: { doc: (post.content ?? { type: "doc", content: [] }) as TiptapDocument },
    notes: [],
    coauthors: (post.coauthors ?? []).map((c) => ("username" in c ? { username: c.username } : c)),
    createdAt: post.createdAt ?? null,
    revisions: post.revisions,
    fields: {
      title: post.title,
      slug: post.slug,
      subtitle: post.subtitle ?? null,
      excerpt: post.excerpt ?? null,
      coverImage: post.coverImage ?? null,
      featured: post.featured ?? false,
      visibility: post.visibility ?? "public",
      status: post.status === "published" ? "published" : "draft",
      publishedAt: post.publishedAt ?? null,
      tagNames: post.tags ?? [],
      ...pickSeoFields(post),
    },
  };
}

function postsOf(text: string, file: string): ImportPost[] {
  const json = parseJsonNamingLine(text, file) as PostsFile;
  checkHeader(json, file);
  if (!Array.isArray(json.posts)) throw new MalformedImport(`${file}: no "posts" array`);
  return json.posts.map(toItem);
}

export async function parseInkbase(bytes: Uint8Array, filename: string): Promise<ImportItem[]> {
  if (!isZip(bytes)) return postsOf(Buffer.from(bytes).toString("utf8"), filename);
  const files = await readZip(bytes, filename, (path) => path === "posts.json" || /^collections\/[^/]+\.json$/.test(path));
  const posts = files.find((file) => file.path === "posts.json");
  if (!posts) throw new MalformedImport(`${filename}: no posts.json in the zip`);
  const collections = files
    .filter((file) => file.path.startsWith("collections/"))
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((file): ImportCollection => {
      const json = parseJsonNamingLine(file.bytes.toString("utf8"), file.path) as CollectionFile;
      checkHeader(json, file.path);
      if (typeof json.slug !== "string" || !Array.isArray(json.entries)) throw new MalformedImport(`${file.path}: no "slug" or "entries"`);
      return { kind: "collection", key: `collection:${json.slug}`, label: `collection "${json.slug}"`, collection: json };
    });
  return [...postsOf(posts.bytes.toString("utf8"), "posts.json"), ...orderByReferences(collections)];
}

/** Collections whose schemas reference others come after them (a reference must name an existing collection). */
function orderByReferences(collections: ImportCollection[]): ImportCollection[] {
  const referenced = (c: ImportCollection) => [...JSON.stringify(c.collection.schema ?? {}).matchAll(/"collection":"([^"]+)"/g)].map((m) => m[1]);
  const done = new Set<string>();
  const out: ImportCollection[] = [];
  const visit = (c: ImportCollection, seen: Set<string>) => {
    if (done.has(c.collection.slug) || seen.has(c.collection.slug)) return;
    seen.add(c.collection.slug);
    for (const slug of referenced(c)) {
      const target = collections.find((other) => other.collection.slug === slug);
      if (target) visit(target, seen);
    }
    done.add(c.collection.slug);
    out.push(c);
  };
  for (const c of collections) visit(c, new Set());
  return out;
}
