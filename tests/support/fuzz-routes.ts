// The route table the fuzzer (tests/api/fuzz.test.ts) works from: every route method in app/api
// with how it authenticates and the body fields it knows, and the enumeration of app/api that
// makes a route merged without an entry here fail the fuzzer's first test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type Auth = "key" | "session" | "none" | "cron";
export type Generator = {
  auth: Auth;
  /** Body fields the route knows: the fuzzer mixes hostile values into them. */
  fields?: string[];
  /** Foreign (nextauth): only "no 5xx" is checked, its bodies are not ours. */
  foreign?: boolean;
};

const POST_FIELDS = ["title", "slug", "content", "excerpt", "coverImage", "visibility", "status", "tagNames", "publishedAt", "coauthors", "subtitle", "featured", "seoTitle", "canonicalUrl", "ogImage", "robots"];
const COLLECTION_FIELDS = ["name", "slug", "schema", "fields", "indexes"];

// "METHOD /api/path/[param]" as the file system names it.
export const GENERATORS: Record<string, Generator> = {
  "GET /api/auth/[...nextauth]": { auth: "none", foreign: true },
  "POST /api/auth/[...nextauth]": { auth: "none", foreign: true, fields: ["email", "password", "csrfToken", "callbackUrl"] },
  "GET /api/media": { auth: "key" },
  "POST /api/media": { auth: "key", fields: ["file", "alt", "filename"] },
  "GET /api/media/[id]": { auth: "key" },
  "PATCH /api/media/[id]": { auth: "key", fields: ["alt", "filename"] },
  "DELETE /api/media/[id]": { auth: "key" },
  "POST /api/media/uploads": { auth: "key", fields: ["filename", "size", "mimeType"] },
  "PUT /api/media/uploads/[uploadId]": { auth: "none" },
  "POST /api/media/uploads/[uploadId]/complete": { auth: "key", fields: ["alt"] },
  "GET /api/collections": { auth: "key" },
  "POST /api/collections": { auth: "key", fields: COLLECTION_FIELDS },
  "GET /api/collections/[id]": { auth: "key" },
  "PATCH /api/collections/[id]": { auth: "key", fields: COLLECTION_FIELDS },
  "DELETE /api/collections/[id]": { auth: "key" },
  "GET /api/collections/[id]/entries": { auth: "key" },
  "POST /api/collections/[id]/entries": { auth: "key", fields: ["data", "label"] },
  "POST /api/collections/[id]/entries/bulk": { auth: "key", fields: ["entries", "updates", "ids", "action"] },
  "GET /api/collections/[id]/entries/[entryId]": { auth: "key" },
  "PATCH /api/collections/[id]/entries/[entryId]": { auth: "key", fields: ["data", "ifVersion"] },
  "DELETE /api/collections/[id]/entries/[entryId]": { auth: "key" },
  "GET /api/collections/[id]/entries/[entryId]/labels/[name]": { auth: "key" },
  "PUT /api/collections/[id]/entries/[entryId]/labels/[name]": { auth: "key", fields: ["version", "meta", "at"] },
  "DELETE /api/collections/[id]/entries/[entryId]/labels/[name]": { auth: "key" },
  "GET /api/collections/[id]/entries/[entryId]/labels/[name]/history": { auth: "key" },
  "GET /api/collections/[id]/entries/[entryId]/versions": { auth: "key" },
  "GET /api/collections/[id]/entries/[entryId]/versions/[version]": { auth: "key" },
  "GET /api/collections/[id]/entries/[entryId]/diff": { auth: "key" },
  "GET /api/collections/[id]/scheduled": { auth: "key" },
  "DELETE /api/collections/[id]/scheduled/[scheduleId]": { auth: "key" },
  // Without the secret: a real tick is global (it delivers every test's due webhooks and
  // announces every due post), which would race the webhook tests running beside this file.
  // The authorized tick is covered by tests/api/webhooks-cron.test.ts.
  "GET /api/cron/tick": { auth: "none" },
  "GET /api/health": { auth: "none" },
  "GET /api/me": { auth: "key" },
  "PATCH /api/me": { auth: "session", fields: ["displayName", "avatar", "email", "password", "currentPassword"] },
  "DELETE /api/me": { auth: "session", fields: ["password"] },
  "POST /api/account/setup": { auth: "none", fields: ["code", "username", "email", "password"] },
  "POST /api/account/signup": { auth: "none", fields: ["username", "email", "password", "invitation"] },
  "POST /api/account/sso-signup": { auth: "none", fields: ["username"] },
  "POST /api/account/verify-email": { auth: "none", fields: ["token"] },
  "POST /api/account/verify-email/resend": { auth: "session" },
  "POST /api/account/password-reset": { auth: "none", fields: ["email"] },
  "POST /api/account/password-reset/confirm": { auth: "none", fields: ["token", "password"] },
  "POST /api/account/confirm-email": { auth: "none", fields: ["token"] },
  // Without a session: with the fuzzer's, the first request would end it (the route takes no
  // input to fuzz, and ending every session is what it is for).
  "POST /api/account/sign-out-everywhere": { auth: "none" },
  "GET /api/posts/mine": { auth: "key" },
  "POST /api/posts": { auth: "key", fields: POST_FIELDS },
  "POST /api/posts/bulk": { auth: "key", fields: ["ids", "action"] },
  "GET /api/posts/[id]": { auth: "key" },
  "PATCH /api/posts/[id]": { auth: "session", fields: POST_FIELDS },
  "DELETE /api/posts/[id]": { auth: "key" },
  "PUT /api/posts/[id]/coauthorship": { auth: "session", fields: ["showOnBlog"] },
  "GET /api/posts/[id]/revisions": { auth: "key" },
  "GET /api/posts/[id]/revisions/[revision]": { auth: "key" },
  "GET /api/posts/[id]/revisions/[revision]/diff": { auth: "key" },
  "POST /api/posts/[id]/revisions/[revision]/restore": { auth: "session" },
  "GET /api/posts/[id]/preview-links": { auth: "key" },
  "POST /api/posts/[id]/preview-links": { auth: "key", fields: ["expiresInHours"] },
  "DELETE /api/posts/[id]/preview-links/[linkId]": { auth: "key" },
  "GET /api/posts/by-username/[project]": { auth: "none" },
  "GET /api/posts/by-username/[project]/[slug]": { auth: "none" },
  "GET /api/posts/by-username/[project]/search": { auth: "none" },
  "GET /api/posts/by-username/[project]/tags": { auth: "none" },
  "GET /api/events": { auth: "key" },
  "GET /api/events/[id]": { auth: "key" },
  // Portability (issue 26).
  "POST /api/imports": { auth: "key", fields: ["file", "source", "dryRun", "uploadId"] },
  "POST /api/imports/uploads": { auth: "key", fields: ["filename", "size"] },
  "GET /api/imports/[id]": { auth: "key" },
  "GET /api/export": { auth: "key" },
  // Routes from the keys/webhooks and OpenAPI issues (listed ahead of their merge; an entry for a
  // route that does not exist is simply not run).
  "GET /api/openapi.json": { auth: "none" },
  "GET /api/keys": { auth: "session" },
  "POST /api/keys": { auth: "session", fields: ["name", "scopes", "expiresAt", "kind", "role"] },
  "DELETE /api/keys/[id]": { auth: "session" },
  "GET /api/webhooks": { auth: "session" },
  "POST /api/webhooks": { auth: "session", fields: ["url", "events"] },
  "GET /api/webhooks/[id]": { auth: "session" },
  "PATCH /api/webhooks/[id]": { auth: "session", fields: ["url", "events", "active"] },
  "DELETE /api/webhooks/[id]": { auth: "session" },
  "POST /api/webhooks/[id]/test": { auth: "session", fields: ["type"] },
  "POST /api/webhooks/[id]/rotate-secret": { auth: "session" },
  "POST /api/webhooks/[id]/redeliver-failed": { auth: "session" },
  "GET /api/webhooks/[id]/deliveries": { auth: "session" },
  "GET /api/webhooks/[id]/deliveries/[deliveryId]": { auth: "session" },
  "POST /api/webhooks/[id]/deliveries/[deliveryId]/redeliver": { auth: "session" },
  // Teams (TEAMS.md): members and invitations, sessions only.
  "GET /api/members": { auth: "session" },
  "PATCH /api/members/[userId]": { auth: "session", fields: ["role", "status"] },
  "DELETE /api/members/[userId]": { auth: "session" },
  "GET /api/members/invitations": { auth: "session" },
  "POST /api/members/invitations": { auth: "session", fields: ["email", "role"] },
  "DELETE /api/members/invitations/[id]": { auth: "session" },
  "POST /api/members/invitations/[id]/resend": { auth: "session" },
  "POST /api/invitations/accept": { auth: "session", fields: ["token"] },
  // Review (TEAMS.md "Review") and project settings.
  "GET /api/project": { auth: "key" },
  "PATCH /api/project": { auth: "key", fields: ["reviewRequired"] },
  "POST /api/posts/[id]/review-requests": { auth: "key", fields: ["note"] },
  "POST /api/collections/[id]/entries/[entryId]/labels/[name]/requests": { auth: "key", fields: ["version", "note"] },
  "GET /api/reviews": { auth: "key" },
  "GET /api/reviews/[id]": { auth: "key" },
  "POST /api/reviews/[id]/decision": { auth: "key", fields: ["decision", "note", "publish", "publishAt"] },
  "POST /api/reviews/[id]/withdraw": { auth: "key" },
  // The audit log (TEAMS.md "Audit log"): sessions only.
  "GET /api/audit": { auth: "session" },
};

export const QUERY_NAMES = ["format", "page", "perPage", "sort", "tag", "q", "label", "version", "full", "includeDrafts", "slug", "status", "visibility", "search", "include", "force", "from", "to", "entryId", "after", "types", "limit", "against", "actor", "action", "target", "since", "until", "cursor", "kind"];

export function enumerateRoutes(): string[] {
  const found: string[] = [];
  const dir = path.join(root, "app/api");
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "route.ts") continue;
    const template = "/api/" + path.dirname(file).split(path.sep).join("/");
    const source = readFileSync(path.join(dir, file), "utf8");
    const methods = new Set<string>();
    for (const match of source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]);
    for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const part of match[1].split(",")) {
        const name = part.trim().split(/\s+as\s+/).pop();
        if (name && /^(GET|POST|PUT|PATCH|DELETE)$/.test(name)) methods.add(name);
      }
    }
    for (const method of methods) found.push(`${method} ${template}`);
  }
  return found.sort();
}
