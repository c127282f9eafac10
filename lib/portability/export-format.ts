// The shape of our JSON export (PORTABILITY "Export"): posts.json and collections/<slug>.json in
// the zip. The inkbase import reads exactly this, so an export is the input of a round trip.
// Versioned: a later format bumps EXPORT_VERSION and the importer keeps reading older ones.
import type { TiptapDocument } from "../content/tiptap-document";
import type { toPostFields } from "../posts/to-post-fields";

export const EXPORT_VERSION = 1;

export type ExportedCoauthor = { username: string } | { externalName: string; externalHandle: string | null; externalUrl: string | null };

/** The post's fields as the API shows them (lib/posts/post-fields.ts: id, slug, title, …, the SEO overrides), and the export's own. */
export type ExportedPost = ReturnType<typeof toPostFields> & {
  /** Null when the excerpt is derived from the content. */
  excerpt: string | null;
  content: TiptapDocument;
  createdAt: string;
  tags: string[];
  coauthors: ExportedCoauthor[];
  /** The post's revisions, oldest first, where the instance keeps them (issue 23). */
  revisions?: unknown[];
};

export type ExportedActor = { type: string; id: string; prefix: string | null } | null;

export type ExportedEntry = {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Every kept version, oldest first (retention may have pruned some numbers). */
  versions: { version: number; data: Record<string, unknown>; createdAt: string; author: ExportedActor }[];
  labels: { name: string; version: number; meta: string | null; createdAt: string; updatedAt: string }[];
  labelHistory: { name: string; version: number | null; previousVersion: number | null; movedAt: string; actor: ExportedActor; scheduled: boolean }[];
};

export type ExportedCollection = {
  slug: string;
  name: string;
  schema: Record<string, unknown>;
  createdAt: string;
  entries: ExportedEntry[];
};

export type PostsFile = { source: "inkbase"; version: number; exportedAt: string; username: string; posts: ExportedPost[] };
export type CollectionFile = { source: "inkbase"; version: number } & ExportedCollection;
