// What SEO and JSON-LD are computed from: the post as served plus the people behind it.
import type { SeoField } from "../posts/post-fields";

export type SeoAuthor = { name: string; url: string | null; alternateName?: string | null };

export type SeoSource = {
  title: string;
  excerpt: string;
  status: "draft" | "published";
  visibility: "public" | "private" | "link-only";
  coverImage: string | null;
  publishedAt: string | null;
  updatedAt: string;
  tags: { name: string }[];
  /** `${PUBLIC_BASE_URL}/<project>/<slug>` */
  url: string;
  /** `${PUBLIC_BASE_URL}/<project>` */
  projectUrl: string;
  /** The project's name: its owner's display name, else the username. */
  siteName: string;
  /** The owner first, then the co-authors in their order. */
  authors: SeoAuthor[];
} & Record<SeoField, string | null>;
