// @inkbase/sdk: a typed client for the Inkbase API. Resource methods map one to one onto the
// operations of /api/openapi.json; their types are generated from that document.
//
//   const inkbase = new Inkbase({ baseUrl: "https://blog.example.com", apiKey: process.env.INKBASE_API_KEY });
//   const { id } = await inkbase.posts.create({ title: "Hello", slug: "hello", status: "published" });
import { HttpClient, type InkbaseOptions, type RequestOptions } from "./http.js";
import type { BodyOf, InkbaseEvent, QueryOf, ResponseOf, ScheduledMoveCreated } from "./types.js";
import { MediaResource } from "./media.js";
import { PortabilityClient, type ImportOptions } from "./portability.js";
import { auditResource, membersResource, projectResource, reviewsResource, type DataCall } from "./teams.js";

export { InkbaseError, type ErrorBody } from "./errors.js";
export { ONE_REQUEST_MAX_BYTES, type UploadInput, type UploadOptions } from "./media.js";
export type { ImportOptions, ImportReport, ImportSource } from "./portability.js";
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookEvent, type WebhookHeaders } from "./webhooks.js";
export type { ApiResponse, EtagStore, InkbaseOptions, RequestOptions } from "./http.js";
export type * from "./types.js";
export type { components, paths } from "./schema.generated.js";

export const SDK_VERSION = "0.6.0";

const seg = (value: string) => encodeURIComponent(value);
type Call = Pick<RequestOptions, "signal" | "keepalive" | "headers">;

export class Inkbase {
  readonly http: HttpClient;

  /** The media library: `upload` (one request up to 4 MiB, else the two-step flow), list, get, update, delete. */
  readonly media: MediaResource;

  private readonly portability: PortabilityClient;

  constructor(options: InkbaseOptions) {
    this.http = new HttpClient(options);
    this.media = new MediaResource(this.http, options);
    this.portability = new PortabilityClient(this.http, options);
  }

  /**
   * Imports (PORTABILITY): `create(file, { source, dryRun? })` → `{ id, status }`, then `get(id)` for
   * the report. Files over 4 MiB go straight to storage (POST /api/imports/uploads), so up to 32 MiB
   * work on Vercel too.
   */
  readonly imports = {
    create: (file: Blob, options: ImportOptions) => this.portability.createImport(file, options),
    get: (id: string, call?: Call) => this.portability.getImport(id, call),
  };

  /** The account as a zip: `json` (posts, collections, media) or `markdown`. */
  export(options: { format?: "json" | "markdown"; signal?: AbortSignal } = {}): Promise<Blob> {
    return this.portability.export(options);
  }

  /** Any operation, with status and headers (ETag, rate limits) alongside the data. */
  request<T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, options?: RequestOptions) {
    return this.http.request<T>(method, path, options);
  }

  private async data<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, options?: RequestOptions): Promise<T> {
    return (await this.http.request<T>(method, path, options)).data;
  }

  /** Who the key (or session) belongs to, with the key's scopes. */
  me(call?: Call) {
    return this.data<ResponseOf<"/api/me", "get">>("GET", "/api/me", call);
  }

  /** Session only (the dashboard): change the display name, avatar, email (confirmed by a mailed link) or password (with `currentPassword`). */
  updateProfile(body: BodyOf<"/api/me", "patch">, call?: Call) {
    return this.data<ResponseOf<"/api/me", "patch">>("PATCH", "/api/me", { ...call, body });
  }

  /**
   * Accounts (ACCOUNTS.md). Without credentials: `setup` (the first account, with the setup code),
   * `signUp` (open registration), `verifyEmail`, `requestPasswordReset` (always 202),
   * `resetPassword`, `confirmEmail` (the tokens of mailed links), `ssoSignUp` (single sign-on's
   * "Choose a username", from the browser that holds the identity's cookie). Session only (the dashboard):
   * `resendVerification`, `signOutEverywhere`, `delete`.
   */
  readonly account = {
    setup: (body: BodyOf<"/api/account/setup", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/account/setup", "post">>("POST", "/api/account/setup", { ...call, body }),
    signUp: (body: BodyOf<"/api/account/signup", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/account/signup", "post">>("POST", "/api/account/signup", { ...call, body }),
    ssoSignUp: (username: string, call?: Call) =>
      this.data<ResponseOf<"/api/account/sso-signup", "post">>("POST", "/api/account/sso-signup", { ...call, body: { username } }),
    verifyEmail: (token: string, call?: Call) =>
      this.data<ResponseOf<"/api/account/verify-email", "post">>("POST", "/api/account/verify-email", { ...call, body: { token } }),
    resendVerification: (call?: Call) => this.data<Record<string, never>>("POST", "/api/account/verify-email/resend", call),
    requestPasswordReset: (email: string, call?: Call) =>
      this.data<Record<string, never>>("POST", "/api/account/password-reset", { ...call, body: { email } }),
    resetPassword: (token: string, password: string, call?: Call) =>
      this.data<ResponseOf<"/api/account/password-reset/confirm", "post">>("POST", "/api/account/password-reset/confirm", { ...call, body: { token, password } }),
    confirmEmail: (token: string, call?: Call) =>
      this.data<ResponseOf<"/api/account/confirm-email", "post">>("POST", "/api/account/confirm-email", { ...call, body: { token } }),
    signOutEverywhere: (call?: Call) => this.data<null>("POST", "/api/account/sign-out-everywhere", call),
    delete: (password: string, call?: Call) => this.data<null>("DELETE", "/api/me", { ...call, body: { password } }),
  };

  readonly posts = {
    /** Public: a project's published posts. With `page` or `perPage` the answer is the envelope `{ posts, pageInfo }`. */
    list: (project: string, query?: QueryOf<"/api/posts/by-username/{project}", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/posts/by-username/{project}", "get">>("GET", `/api/posts/by-username/${seg(project)}`, { ...call, query }),
    /** Public: one post with `adjacent`, `seo` and `jsonLd`. */
    getPublic: (project: string, slug: string, query?: QueryOf<"/api/posts/by-username/{project}/{slug}", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/posts/by-username/{project}/{slug}", "get">>("GET", `/api/posts/by-username/${seg(project)}/${seg(slug)}`, { ...call, query }),
    /** Public: substring search over title and excerpt (at least 2 characters). */
    search: (project: string, q: string, query?: { format?: "tiptap" | "html" | "markdown" }, call?: Call) =>
      this.data<ResponseOf<"/api/posts/by-username/{project}/search", "get">>("GET", `/api/posts/by-username/${seg(project)}/search`, { ...call, query: { ...query, q } }),
    /** Public: tag counts. */
    tags: (project: string, call?: Call) =>
      this.data<ResponseOf<"/api/posts/by-username/{project}/tags", "get">>("GET", `/api/posts/by-username/${seg(project)}/tags`, call),
    /** Every post of the caller, drafts included. */
    mine: (call?: Call) => this.data<ResponseOf<"/api/posts/mine", "get">>("GET", "/api/posts/mine", call),
    /** One of the caller's posts (owner view). */
    get: (id: string, query?: QueryOf<"/api/posts/{id}", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/posts/{id}", "get">>("GET", `/api/posts/${seg(id)}`, { ...call, query }),
    /** One of the caller's posts with its ETag, for `update(..., { ifMatch })`. */
    getWithEtag: async (id: string, query?: QueryOf<"/api/posts/{id}", "get">, call?: Call) => {
      const response = await this.http.request<ResponseOf<"/api/posts/{id}", "get">>("GET", `/api/posts/${seg(id)}`, { ...call, query });
      return { post: response.data, etag: response.headers.get("etag") };
    },
    create: (body: BodyOf<"/api/posts", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/posts", "post">>("POST", "/api/posts", { ...call, body }),
    /** Send only what changes. With `ifMatch` (an ETag), a post changed since rejects with a 412 InkbaseError. Resolves with the new ETag. */
    update: async (id: string, body: BodyOf<"/api/posts/{id}", "patch">, options: Call & { ifMatch?: string | null } = {}) => {
      const { ifMatch, ...call } = options;
      const headers = { ...call.headers, ...(ifMatch ? { "If-Match": ifMatch } : {}) };
      const response = await this.http.request<ResponseOf<"/api/posts/{id}", "patch">>("PATCH", `/api/posts/${seg(id)}`, { ...call, headers, body });
      return { ...response.data, etag: response.headers.get("etag") };
    },
    publish: (id: string, call?: Call) => this.posts.update(id, { status: "published" }, call),
    unpublish: (id: string, call?: Call) => this.posts.update(id, { status: "draft" }, call),
    /** Publish at a future time (more than 5 minutes ahead schedules; sooner publishes now). */
    schedule: (id: string, publishedAt: Date | string, call?: Call) =>
      this.posts.update(id, { status: "published", publishedAt: typeof publishedAt === "string" ? publishedAt : publishedAt.toISOString() }, call),
    /** `representation: true` asks for per-item `results`. */
    bulk: (body: BodyOf<"/api/posts/bulk", "post">, options: Call & { representation?: boolean } = {}) => {
      const { representation, ...call } = options;
      const headers = { ...call.headers, ...(representation ? { Prefer: "return=representation" } : {}) };
      return this.data<ResponseOf<"/api/posts/bulk", "post">>("POST", "/api/posts/bulk", { ...call, headers, body });
    },
    delete: (id: string, call?: Call) => this.data<ResponseOf<"/api/posts/{id}", "delete">>("DELETE", `/api/posts/${seg(id)}`, call),
    /** As a co-author: show (or hide) the post on your own blog. */
    setShowOnBlog: (id: string, showOnBlog: boolean, call?: Call) =>
      this.data<ResponseOf<"/api/posts/{id}/coauthorship", "put">>("PUT", `/api/posts/${seg(id)}/coauthorship`, { ...call, body: { showOnBlog } }),
    /** A post's history: its revisions, each one whole, what changed since one, and restoring one. */
    revisions: {
      /** Newest first, one page at a time (`limit` 20 by default, at most 100). */
      list: (id: string, query?: { page?: number; limit?: number }, call?: Call) =>
        this.data<ResponseOf<"/api/posts/{id}/revisions", "get">>("GET", `/api/posts/${seg(id)}/revisions`, { ...call, query }),
      /** The whole snapshot; `format` fills `rendered` like a post read. */
      get: (id: string, revision: number, query?: QueryOf<"/api/posts/{id}/revisions/{revision}", "get">, call?: Call) =>
        this.data<ResponseOf<"/api/posts/{id}/revisions/{revision}", "get">>("GET", `/api/posts/${seg(id)}/revisions/${revision}`, { ...call, query }),
      /** What changed from the revision to the post now (`against: "current"`, the default) or to another revision. */
      diff: (id: string, revision: number, query?: { against?: "current" | number }, call?: Call) =>
        this.data<ResponseOf<"/api/posts/{id}/revisions/{revision}/diff", "get">>("GET", `/api/posts/${seg(id)}/revisions/${revision}/diff`, {
          ...call,
          query: query?.against === undefined ? undefined : { against: String(query.against) },
        }),
      /** Copies the revision back (status and publishedAt stay). With `ifMatch`, a post changed since rejects with a 412 InkbaseError. Resolves with the post and its new ETag. */
      restore: async (id: string, revision: number, options: Call & { ifMatch?: string | null } = {}) => {
        const { ifMatch, ...call } = options;
        const headers = { ...call.headers, ...(ifMatch ? { "If-Match": ifMatch } : {}) };
        const response = await this.http.request<ResponseOf<"/api/posts/{id}/revisions/{revision}/restore", "post">>(
          "POST",
          `/api/posts/${seg(id)}/revisions/${revision}/restore`,
          { ...call, headers },
        );
        return { post: response.data, etag: response.headers.get("etag") };
      },
    },
    /** Links anyone can open without signing in, showing the post as it is now (drafts included) until they expire or are revoked. */
    previewLinks: {
      /** `expiresInHours` 1–720, default 72. The `url` is in this answer only: the server keeps a hash of its token. */
      create: (id: string, body: BodyOf<"/api/posts/{id}/preview-links", "post"> = {}, call?: Call) =>
        this.data<ResponseOf<"/api/posts/{id}/preview-links", "post">>("POST", `/api/posts/${seg(id)}/preview-links`, { ...call, body }),
      /** The links not revoked, newest first, without their tokens. */
      list: (id: string, call?: Call) =>
        this.data<ResponseOf<"/api/posts/{id}/preview-links", "get">>("GET", `/api/posts/${seg(id)}/preview-links`, call),
      /** The link answers 404 from then on. */
      revoke: async (id: string, linkId: string, call?: Call): Promise<void> => {
        await this.http.request("DELETE", `/api/posts/${seg(id)}/preview-links/${seg(linkId)}`, call);
      },
    },
  };

  readonly collections = {
    list: (call?: Call) => this.data<ResponseOf<"/api/collections", "get">>("GET", "/api/collections", call),
    get: (id: string, call?: Call) => this.data<ResponseOf<"/api/collections/{id}", "get">>("GET", `/api/collections/${seg(id)}`, call),
    create: (body: BodyOf<"/api/collections", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/collections", "post">>("POST", "/api/collections", { ...call, body }),
    update: (id: string, body: BodyOf<"/api/collections/{id}", "patch">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}", "patch">>("PATCH", `/api/collections/${seg(id)}`, { ...call, body }),
    /** `{ force: true }` deletes it even while another collection's schema references it (otherwise a 409 InkbaseError). */
    delete: (id: string, options: Call & { force?: boolean } = {}) => {
      const { force, ...call } = options;
      return this.data<ResponseOf<"/api/collections/{id}", "delete">>("DELETE", `/api/collections/${seg(id)}`, { ...call, query: force ? { force: "true" } : undefined });
    },
  };

  readonly entries = {
    list: (collection: string, query?: QueryOf<"/api/collections/{id}/entries", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries", "get">>("GET", `/api/collections/${seg(collection)}/entries`, { ...call, query }),
    /** Entries carrying a label, at the labelled version (`production` is the published set). */
    listByLabel: (collection: string, label: string, query?: Omit<QueryOf<"/api/collections/{id}/entries", "get">, "label">, call?: Call) =>
      this.entries.list(collection, { full: "1", ...query, label }, call),
    /** The `production` version by default, or `{ label }` / `{ version }`. */
    get: (collection: string, entryId: string, query?: QueryOf<"/api/collections/{id}/entries/{entryId}", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}", "get">>("GET", `/api/collections/${seg(collection)}/entries/${seg(entryId)}`, { ...call, query }),
    /** `label` points that label at v_1 in the same call (`production` publishes). */
    create: (collection: string, body: BodyOf<"/api/collections/{id}/entries", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries", "post">>("POST", `/api/collections/${seg(collection)}/entries`, { ...call, body }),
    /** `ifVersion`: a newer version rejects with a 409 InkbaseError whose `body.current` is the current version. */
    update: (collection: string, entryId: string, body: BodyOf<"/api/collections/{id}/entries/{entryId}", "patch">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}", "patch">>("PATCH", `/api/collections/${seg(collection)}/entries/${seg(entryId)}`, { ...call, body }),
    /** `{ force: true }` deletes it even while other entries reference it (otherwise a 409 InkbaseError with `referencedBy`). */
    delete: (collection: string, entryId: string, options: Call & { force?: boolean } = {}) => {
      const { force, ...call } = options;
      return this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}", "delete">>("DELETE", `/api/collections/${seg(collection)}/entries/${seg(entryId)}`, {
        ...call,
        query: force ? { force: "true" } : undefined,
      });
    },
    bulk: (collection: string, body: BodyOf<"/api/collections/{id}/entries/bulk", "post">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/bulk", "post">>("POST", `/api/collections/${seg(collection)}/entries/bulk`, { ...call, body }),
    /** What changes from one version to another, each side a version id (`v_7`) or a label (`production`). */
    diff: (collection: string, entryId: string, query: QueryOf<"/api/collections/{id}/entries/{entryId}/diff", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/diff", "get">>("GET", `/api/collections/${seg(collection)}/entries/${seg(entryId)}/diff`, { ...call, query }),
  };

  readonly versions = {
    list: (collection: string, entryId: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/versions", "get">>("GET", `/api/collections/${seg(collection)}/entries/${seg(entryId)}/versions`, call),
    /** Immutable: with `conditionalGets` on, a repeat read is a 304 served from the store. */
    get: (collection: string, entryId: string, version: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/versions/{version}", "get">>(
        "GET",
        `/api/collections/${seg(collection)}/entries/${seg(entryId)}/versions/${seg(version)}`,
        call,
      ),
  };

  readonly labels = {
    get: (collection: string, entryId: string, name: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/labels/{name}", "get">>("GET", this.labelPath(collection, entryId, name), call),
    /** Point the label at a version: publish (`production`), promote, or roll back. */
    move: (collection: string, entryId: string, name: string, body: BodyOf<"/api/collections/{id}/entries/{entryId}/labels/{name}", "put">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/labels/{name}", "put">>("PUT", this.labelPath(collection, entryId, name), { ...call, body }),
    remove: (collection: string, entryId: string, name: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/labels/{name}", "delete">>("DELETE", this.labelPath(collection, entryId, name), call),
    /** Where the label pointed over time, newest first. */
    history: (collection: string, entryId: string, name: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/entries/{entryId}/labels/{name}/history", "get">>("GET", `${this.labelPath(collection, entryId, name)}/history`, call),
    /** Roll back: point the label (default `production`) at an earlier retained version. */
    rollBack: (collection: string, entryId: string, version: string, name = "production", call?: Call) =>
      this.labels.move(collection, entryId, name, { version }, call),
    /** Move the label at a later time (more than 5 s ahead; sooner moves now). Resolves with `{ scheduled }`; a newer schedule of the same label replaces it. */
    schedule: (collection: string, entryId: string, name: string, body: { version: string; at: Date | string; meta?: unknown }, call?: Call) =>
      this.data<ScheduledMoveCreated>("PUT", this.labelPath(collection, entryId, name), {
        ...call,
        body: { ...body, at: typeof body.at === "string" ? body.at : body.at.toISOString() },
      }),
    /** The collection's pending moves (or `{ status: "applied" | "failed" }` ones), optionally for one `entryId`. */
    scheduled: (collection: string, query?: QueryOf<"/api/collections/{id}/scheduled", "get">, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/scheduled", "get">>("GET", `/api/collections/${seg(collection)}/scheduled`, { ...call, query }),
    /** Cancel a pending move; one already made is a 404 InkbaseError. */
    cancelSchedule: (collection: string, scheduleId: string, call?: Call) =>
      this.data<ResponseOf<"/api/collections/{id}/scheduled/{scheduleId}", "delete">>("DELETE", `/api/collections/${seg(collection)}/scheduled/${seg(scheduleId)}`, call),
  };

  /** Teams (TEAMS.md), session only: the current project's members and invitations (sdk/src/teams.ts). */
  readonly members = membersResource(this.data.bind(this) as DataCall);

  readonly webhooks = {
    list: (call?: Call) => this.data<ResponseOf<"/api/webhooks", "get">>("GET", "/api/webhooks", call),
    get: (id: string, call?: Call) => this.data<ResponseOf<"/api/webhooks/{id}", "get">>("GET", `/api/webhooks/${seg(id)}`, call),
    /** The answer carries the signing `secret`, shown this once. */
    create: (body: BodyOf<"/api/webhooks", "post">, call?: Call) => this.data<ResponseOf<"/api/webhooks", "post">>("POST", "/api/webhooks", { ...call, body }),
    update: (id: string, body: BodyOf<"/api/webhooks/{id}", "patch">, call?: Call) =>
      this.data<ResponseOf<"/api/webhooks/{id}", "patch">>("PATCH", `/api/webhooks/${seg(id)}`, { ...call, body }),
    delete: (id: string, call?: Call) => this.data<ResponseOf<"/api/webhooks/{id}", "delete">>("DELETE", `/api/webhooks/${seg(id)}`, call),
    rotateSecret: (id: string, call?: Call) =>
      this.data<ResponseOf<"/api/webhooks/{id}/rotate-secret", "post">>("POST", `/api/webhooks/${seg(id)}/rotate-secret`, call),
    /** Queues a `ping` delivery. */
    test: (id: string, call?: Call) => this.data<ResponseOf<"/api/webhooks/{id}/test", "post">>("POST", `/api/webhooks/${seg(id)}/test`, call),
    deliveries: {
      list: (id: string, query?: QueryOf<"/api/webhooks/{id}/deliveries", "get">, call?: Call) =>
        this.data<ResponseOf<"/api/webhooks/{id}/deliveries", "get">>("GET", `/api/webhooks/${seg(id)}/deliveries`, { ...call, query }),
      get: (id: string, deliveryId: string, call?: Call) =>
        this.data<ResponseOf<"/api/webhooks/{id}/deliveries/{deliveryId}", "get">>("GET", `/api/webhooks/${seg(id)}/deliveries/${seg(deliveryId)}`, call),
      redeliver: (id: string, deliveryId: string, call?: Call) =>
        this.data<ResponseOf<"/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", "post">>(
          "POST",
          `/api/webhooks/${seg(id)}/deliveries/${seg(deliveryId)}/redeliver`,
          call,
        ),
      /** Queues every failed delivery created in `{ since, until? }` again, at most 100 per call (`hasMore`: call again). */
      redeliverFailed: (id: string, body: BodyOf<"/api/webhooks/{id}/redeliver-failed", "post">, call?: Call) =>
        this.data<ResponseOf<"/api/webhooks/{id}/redeliver-failed", "post">>("POST", `/api/webhooks/${seg(id)}/redeliver-failed`, { ...call, body }),
    },
  };

  /** Reviews (TEAMS.md): of a post, pinned to a revision, or of a protected label's move. */
  readonly reviews = reviewsResource(this.data.bind(this) as DataCall);

  /** The project's settings: `reviewRequired` (admins and the owner). */
  readonly project = projectResource(this.data.bind(this) as DataCall);

  readonly events = {
    /**
     * One page of your events, oldest first in commit order: `{ data, pageInfo: { hasMore, nextAfter } }`.
     * Pass `after` (an event id, e.g. the last one you processed) and `types` (comma-separated).
     */
    list: (query?: QueryOf<"/api/events", "get">, call?: Call) => this.data<ResponseOf<"/api/events", "get">>("GET", "/api/events", { ...call, query }),
    get: (id: string, call?: Call) => this.data<ResponseOf<"/api/events/{id}", "get">>("GET", `/api/events/${seg(id)}`, call),
    /**
     * Every event after `after` (all kept events without it), page by page, each exactly once and
     * in commit order; ends when the feed has nothing more. Remember the last event's id and pass
     * it as `after` next time to continue where this left off.
     */
    iterate: (query: Omit<QueryOf<"/api/events", "get">, "after"> & { after?: string | null } = {}, call?: Call): AsyncIterableIterator<InkbaseEvent> => {
      const list = this.events.list;
      return (async function* () {
        let after = query.after ?? undefined;
        for (;;) {
          const page = await list({ ...query, after }, call);
          yield* page.data;
          if (!page.pageInfo.hasMore || !page.pageInfo.nextAfter) return;
          after = page.pageInfo.nextAfter;
        }
      })();
    },
  };

  /** The project's audit log (sdk/src/teams.ts). */
  readonly audit = auditResource(this.data.bind(this) as DataCall);

  private labelPath(collection: string, entryId: string, name: string): string {
    return `/api/collections/${seg(collection)}/entries/${seg(entryId)}/labels/${seg(name)}`;
  }
}
