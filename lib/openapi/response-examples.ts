// Examples for the OpenAPI document, taken from real responses of this server (the built app on a
// test database, called through the SDK), with the run's username and host renamed to alice and
// blog.example.com. tests/unit/openapi-document.test.ts parses each with its operation's response
// schema, and tests/api/openapi-responses.test.ts checks that a real response today has the same
// keys, so an example cannot drift from what the routes send.
import type { z } from "zod";
import type { meSchema } from "../auth/me-response";
import type {
  collectionResponseSchema,
  createdEntrySchema,
  entryListSchema,
  entryResponseSchema,
  labelHistorySchema,
  labelResponseSchema,
  versionListItemSchema,
  versionSnapshotSchema,
} from "../collections/collection-response";
import type { postSchema, publicPostSchema, tagCountSchema } from "../posts/post-response";

export const meExample = {
  id: "cmwteddfn0000g37dsyw27yq2",
  username: "alice",
  email: "alice@example.com",
  plan: "pro",
  scopes: ["posts:read", "posts:write", "collections:read", "collections:write"],
  project: { username: "alice", role: "owner" },
} satisfies z.output<typeof meSchema>;

export const postExample = {
  id: "cmwtedex50000dv7dz6u61w5t",
  slug: "hello-world",
  title: "Hello, world",
  subtitle: null,
  excerpt: "Hello from Inkbase.",
  content: {
    type: "doc",
    content: [{ type: "paragraph", content: [{ text: "Hello from Inkbase.", type: "text" }] }],
  },
  rendered: null,
  format: "tiptap",
  coverImage: null,
  featured: false,
  tags: [{ name: "News", slug: "news" }],
  coauthors: [],
  user: { id: "cmwteddfn0000g37dsyw27yq2", username: "alice", displayName: null, avatar: null },
  readingTime: 1,
  publishedAt: "2026-11-23T15:05:04.297Z",
  updatedAt: "2026-11-23T15:05:04.297Z",
  visibility: "public",
  status: "published",
  seoTitle: null,
  seoDescription: null,
  canonicalUrl: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  twitterTitle: null,
  twitterDescription: null,
  twitterImage: null,
  robots: null,
} satisfies z.output<typeof postSchema>;

/** GET /api/posts/:id (TEAMS.md): the owner-side read adds `createdBy`. */
export const ownerPostExample = { ...postExample, createdBy: { id: postExample.user.id, username: postExample.user.username } };

export const publicPostExample = {
  ...postExample,
  adjacent: { prev: null, next: null },
  seo: {
    title: "Hello, world",
    description: "Hello from Inkbase.",
    canonical: "https://blog.example.com/alice/hello-world",
    robots: "index, follow",
    keywords: ["News"],
    openGraph: {
      type: "article",
      title: "Hello, world",
      description: "Hello from Inkbase.",
      url: "https://blog.example.com/alice/hello-world",
      siteName: "alice",
      images: [],
      publishedTime: "2026-11-23T15:05:04.297Z",
      modifiedTime: "2026-11-23T15:05:04.297Z",
    },
    twitter: { card: "summary", title: "Hello, world", description: "Hello from Inkbase.", images: [] },
  },
  jsonLd: [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Hello, world",
      description: "Hello from Inkbase.",
      datePublished: "2026-11-23T15:05:04.297Z",
      dateModified: "2026-11-23T15:05:04.297Z",
      author: [{ "@type": "Person", name: "alice", url: "https://blog.example.com/alice" }],
      keywords: ["News"],
      url: "https://blog.example.com/alice/hello-world",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://blog.example.com/alice/hello-world" },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          name: "alice",
          item: "https://blog.example.com/alice",
        },
        {
          "@type": "ListItem",
          position: 2,
          name: "Hello, world",
          item: "https://blog.example.com/alice/hello-world",
        },
      ],
    },
  ],
} satisfies z.output<typeof publicPostSchema>;

export const tagsExample = [{ name: "News", slug: "news", count: 1 }] satisfies z.output<typeof tagCountSchema>[];

export const collectionExample = {
  id: "docs",
  name: "Docs",
  slug: "docs",
  schema: {
    fields: [{ name: "title", type: "string", required: true }, { name: "slug", type: "slug" }],
    indexes: { slug: "slug", title: "title" },
  },
  protectedLabels: ["production"],
  entryCount: 0,
  createdAt: "2026-11-23T15:05:07.424Z",
  updatedAt: "2026-11-23T15:05:07.424Z",
} satisfies z.output<typeof collectionResponseSchema>;

export const createdEntryExample = {
  id: "cmwtedhck0004dv7d0u80iuef",
  version: "v_1",
  labels: { production: { version: "v_1", meta: null } },
} satisfies z.output<typeof createdEntrySchema>;

export const entryExample = {
  id: "cmwtedhck0004dv7d0u80iuef",
  version: "v_1",
  labels: { production: { version: "v_1", meta: null } },
  title: "Getting started",
  summary: null,
  slug: "getting-started",
  data: { slug: "getting-started", title: "Getting started" },
  createdAt: "2026-11-23T15:05:07.592Z",
  updatedAt: "2026-11-23T15:05:07.940Z",
} satisfies z.output<typeof entryResponseSchema>;

export const entryListExample = {
  entries: [
    {
      id: "cmwtedhck0004dv7d0u80iuef",
      version: "v_2",
      title: "Getting started with Inkbase",
      summary: null,
      slug: "getting-started",
      data: { slug: "getting-started", title: "Getting started with Inkbase" },
      updatedAt: "2026-11-23T15:05:07.940Z",
    },
  ],
  pageInfo: { total: 1, page: 1, perPage: 10, hasMore: false },
} satisfies z.output<typeof entryListSchema>;

export const versionsExample = [
  { version: "v_2", createdAt: "2026-11-23T15:05:07.940Z", labels: [] },
  { version: "v_1", createdAt: "2026-11-23T15:05:07.592Z", labels: ["production"] },
] satisfies z.output<typeof versionListItemSchema>[];

export const versionExample = {
  id: "cmwtedhck0004dv7d0u80iuef",
  version: "v_1",
  createdAt: "2026-11-23T15:05:07.592Z",
  labels: ["production"],
  data: { slug: "getting-started", title: "Getting started" },
} satisfies z.output<typeof versionSnapshotSchema>;

export const labelExample = { label: "production", version: "v_2", meta: null } satisfies z.output<typeof labelResponseSchema>;

export const labelHistoryExample = {
  data: [
    {
      label: "production",
      version: "v_2",
      previousVersion: "v_1",
      movedAt: "2026-11-23T15:05:08.458Z",
      movedBy: { type: "key", id: "cmwteddv80001g37dwxnf5fka", prefix: "ink_FsrznQJC" },
    },
    {
      label: "production",
      version: "v_1",
      previousVersion: null,
      movedAt: "2026-11-23T15:05:07.592Z",
      movedBy: { type: "key", id: "cmwteddv80001g37dwxnf5fka", prefix: "ink_FsrznQJC" },
    },
  ],
} satisfies z.output<typeof labelHistorySchema>;
