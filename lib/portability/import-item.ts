// What every source's parser produces (parse-import-file.ts): the same item shape, so the
// importer has one path from here on. Content stays in its source format until the import
// converts it (the one HTML/Markdown → Tiptap converter of lib/content).
import type { TiptapDocument } from "../content/tiptap-document";
import type { CreatePostInput } from "../posts/post-input";
import type { ExportedCollection } from "./export-format";

export const IMPORT_SOURCES = ["ghost", "wordpress", "markdown", "inkbase"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export type ImportCoauthor = { username: string } | { externalName: string; externalHandle?: string | null; externalUrl?: string | null };

export type ImportPost = {
  kind: "post";
  /** The source item's identity (a Ghost post id, a WordPress guid, a file's path in the zip). */
  key: string;
  /** How the report names the item: `post "slug"`, `item 12`, `posts/a.md`. */
  label: string;
  body: { html: string } | { markdown: string } | { doc: TiptapDocument };
  /** Everything but `content`, with `tagNames`; `slug` may be empty (derived from the title then). */
  fields: Omit<CreatePostInput, "content" | "coauthors"> & { slug: string };
  coauthors: ImportCoauthor[];
  createdAt?: string | null;
  /** The post's revisions from an Inkbase export, where the source instance kept them. */
  revisions?: unknown[];
  /** Warnings the parser already has for this item (a Ghost page imported as a post, …). */
  notes: string[];
};

export type ImportCollection = { kind: "collection"; key: string; label: string; collection: ExportedCollection };

export type ImportItem = ImportPost | ImportCollection;

/** A malformed file: the import fails with this message, which names the line or the item. */
export class MalformedImport extends Error {
  override name = "MalformedImport";
}
