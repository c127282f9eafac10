// TEAMS.md "Tests and budgets", first point: the permission table walked as data. Every role ×
// every action of lib/auth/permissions.ts that has a route, through a session, a personal key
// and a project key of that role, expecting exactly the allowed answers; then every owner route
// tried across projects (a member of A naming B) answers 404. One server, one project, many
// requests: each probe makes its own target (a fresh post or entry) where the action consumes it.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../lib/auth/create-api-key";
import { PERMISSIONS, type Action } from "../../lib/auth/permissions";
import { atLeast, MEMBER_ROLES, type Role } from "../../lib/auth/roles";
import { SCOPES } from "../../lib/auth/scopes";
import { db } from "../../lib/db";
import { EMPTY_DOCUMENT } from "../../lib/content/tiptap-document";
import { createPost } from "../../lib/posts/create-post";
import { connectTestDatabase, createTestUser, sessionCookieFor } from "../support/fixtures";
import { baseUrl, doc } from "../support/posts-api";

connectTestDatabase();

type Channel = "session" | "personal key" | "project key";
type Caller = { role: Role; channel: Channel; headers: Record<string, string> };
type Probe = { action: Action; method: string; path: string; body?: unknown; headers?: Record<string, string> };

const READ_SCOPES = SCOPES.filter((scope) => scope.endsWith(":read"));
const suffix = () => randomBytes(4).toString("hex");

let owner: Awaited<ReturnType<typeof createTestUser>>;
let target: Awaited<ReturnType<typeof createTestUser>>;
let entryId: string;
let ownerPostId: string;
let ownerMediaId: string;
const callers: Caller[] = [];

async function call(caller: Pick<Caller, "headers">, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...caller.headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function ownerPost(): Promise<string> {
  const { id } = await createPost({ owner: { id: owner.id, username: owner.username }, input: { title: "Theirs", slug: `p-${suffix()}`, content: EMPTY_DOCUMENT, status: "published" } });
  return id;
}

async function freshEntry(): Promise<string> {
  const res = await call(callers[0], "POST", "/api/collections/docs/entries", { data: { title: `e ${suffix()}` } });
  return String(res.body.id);
}

/** One request per action; the route and body are the least that reaches the permission check and then succeeds or fails harmlessly. */
async function probe(action: Action): Promise<Probe> {
  switch (action) {
    case "project.read":
      return { action, method: "GET", path: `/api/posts/${ownerPostId}` };
    case "posts.create":
      return { action, method: "POST", path: "/api/posts", body: { title: "Mine", slug: `m-${suffix()}`, content: doc("y") } };
    case "posts.edit":
      // A wrong If-Match: allowed callers reach the update and get 412, nothing changes.
      return { action, method: "PATCH", path: `/api/posts/${ownerPostId}`, body: { title: "Edited" }, headers: { "If-Match": '"stale"' } };
    case "posts.publish":
      return { action, method: "PATCH", path: `/api/posts/${ownerPostId}`, body: { visibility: "private" }, headers: { "If-Match": '"stale"' } };
    case "posts.delete":
      return { action, method: "DELETE", path: `/api/posts/${await ownerPost()}` };
    case "entries.write":
      return { action, method: "POST", path: "/api/collections/docs/entries", body: { data: { title: `w ${suffix()}` } } };
    case "labels.move":
      return { action, method: "PUT", path: `/api/collections/docs/entries/${entryId}/labels/staging`, body: { version: "v_1" } };
    case "entries.delete":
      return { action, method: "DELETE", path: `/api/collections/docs/entries/${await freshEntry()}` };
    case "labels.move_protected":
      return { action, method: "PUT", path: `/api/collections/docs/entries/${entryId}/labels/production`, body: { version: "v_1" } };
    case "collections.manage":
      return { action, method: "PATCH", path: "/api/collections/docs", body: { name: "Docs" } };
    case "media.upload":
      // An empty upload: allowed callers get past the role to the body's 4xx, never 403.
      return { action, method: "POST", path: "/api/media", body: {} };
    case "media.edit":
      return { action, method: "PATCH", path: `/api/media/${ownerMediaId}`, body: { alt: "x" } };
    case "project.manage":
      return { action, method: "GET", path: "/api/webhooks" };
    case "members.invite":
      return { action, method: "POST", path: "/api/members/invitations", body: { email: `i-${suffix()}@example.test`, role: "contributor" } };
    case "members.manage":
      return { action, method: "PATCH", path: `/api/members/${target.id}`, body: { role: "viewer" } };
    case "keys.personal":
      return { action, method: "GET", path: "/api/keys" };
    case "keys.project":
      return { action, method: "POST", path: "/api/keys", body: { name: "p", scopes: ["posts:read"], kind: "project", role: "viewer" } };
    case "audit.read":
      throw new Error("the audit log is the audit helper's");
  }
}

/** What the table says this caller gets for this action (roles with "own" rights do not own the probes' targets). */
function expected(caller: Caller, action: Action): "allowed" | "role" | "session" | "protected" {
  const rule = PERMISSIONS[action] as { min: Role; sessionOnly?: true };
  if (rule.sessionOnly && caller.channel !== "session") return "session";
  if (atLeast(caller.role, rule.min)) return "allowed";
  return action === "labels.move_protected" && atLeast(caller.role, "contributor") ? "protected" : "role";
}

beforeAll(async () => {
  owner = await createTestUser({ plan: "pro" });
  target = await createTestUser();
  const ownerHeaders = { Cookie: await sessionCookieFor(owner.id) };
  const ownerKey = await createApiKey({ userId: owner.id, scopes: [...SCOPES], kind: "personal", createdById: owner.id });
  callers.push({ role: "owner", channel: "session", headers: ownerHeaders });
  callers.push({ role: "owner", channel: "personal key", headers: { Authorization: `Bearer ${ownerKey.key}` } });
  await db().membership.create({ data: { projectId: owner.id, userId: target.id, role: "contributor" } });
  for (const role of MEMBER_ROLES) {
    const member = await createTestUser();
    await db().membership.create({ data: { projectId: owner.id, userId: member.id, role } });
    const personal = await createApiKey({ userId: owner.id, scopes: role === "viewer" ? READ_SCOPES : [...SCOPES], kind: "personal", createdById: member.id });
    const project = await createApiKey({ userId: owner.id, scopes: [...SCOPES], kind: "project", role, createdById: owner.id });
    callers.push({ role, channel: "session", headers: { Cookie: await sessionCookieFor(member.id), "Inkbase-Project": owner.username } });
    callers.push({ role, channel: "personal key", headers: { Authorization: `Bearer ${personal.key}` } });
    callers.push({ role, channel: "project key", headers: { Authorization: `Bearer ${project.key}` } });
  }
  const created = await call(callers[0], "POST", "/api/collections", { name: "Docs", slug: "docs", fields: [{ name: "title", type: "string" }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  entryId = await freshEntry();
  ownerPostId = await ownerPost();
  // The owner's upload, as a row: editing its alt text touches no file.
  ownerMediaId = `med_${suffix()}${suffix()}`;
  await db().media.create({
    data: { id: ownerMediaId, ownerId: owner.id, filename: "a.png", storedName: "a.png", mimeType: "image/png", size: 1, width: 1, height: 1, placeholder: "", variants: [], etag: '"x"', storedBytes: BigInt(1) },
  });
});

const WALKED = (Object.keys(PERMISSIONS) as Action[]).filter((action) => action !== "audit.read");

describe("the permission table, walked", () => {
  it("answers every role × action × channel exactly as TEAMS.md's table says", async () => {
    const mismatches: string[] = [];
    for (const action of WALKED) {
      for (const caller of callers) {
        const p = await probe(action);
        const res = await call(caller, p.method, p.path, p.body, p.headers);
        const want = expected(caller, action);
        const got =
          res.status === 403 && res.body.error === "Session required"
            ? "session"
            : res.status === 403 && res.body.error === "Protected label"
              ? "protected"
              : res.status === 403 && res.body.error === "Not allowed for your role"
                ? "role"
                : res.status === 401 || res.status === 403 || res.status === 404 && res.body.error === "Project not found"
                  ? `other ${res.status} ${JSON.stringify(res.body)}`
                  : "allowed";
        if (got !== want) mismatches.push(`${action} as ${caller.role} (${caller.channel}): wanted ${want}, got ${got} (${res.status} ${JSON.stringify(res.body)})`);
        if (got === "role") expect(res.body).toEqual({ error: "Not allowed for your role", role: caller.role });
        if (got === "protected") expect(res.body).toEqual({ error: "Protected label", label: "production" });
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it("a viewer's personal key may carry only *:read scopes", async () => {
    const viewerSession = callers.find((c) => c.role === "viewer" && c.channel === "session")!;
    const refused = await call(viewerSession, "POST", "/api/keys", { name: "w", scopes: ["posts:write"] });
    expect(refused).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "viewer" } });
    const made = await call(viewerSession, "POST", "/api/keys", { name: "r", scopes: ["posts:read"] });
    expect(made.status).toBe(201);
  });

  it("GET /api/me names the current project and role, and a session's projects", async () => {
    const editor = callers.find((c) => c.role === "editor" && c.channel === "session")!;
    const me = await call(editor, "GET", "/api/me");
    expect(me.body.project).toEqual({ username: owner.username, role: "editor" });
    expect(me.body.projects).toEqual(expect.arrayContaining([{ username: owner.username, displayName: null, role: "editor" }]));
    const key = callers.find((c) => c.role === "author" && c.channel === "project key")!;
    const keyed = await call(key, "GET", "/api/me");
    expect(keyed.body.project).toEqual({ username: owner.username, role: "author" });
    expect(keyed.body.projects).toBeUndefined();
  });
});

describe("owner routes across projects", () => {
  const OWNER_ROUTES = ["/api/posts/mine", "/api/collections", "/api/webhooks", "/api/media", "/api/events", "/api/members", "/api/keys", "/api/me"];

  it("a member of A naming B gets 404 Project not found, sessions and keys alike", async () => {
    const other = await createTestUser({ plan: "pro" });
    for (const caller of callers.filter((c) => c.role !== "owner")) {
      for (const path of OWNER_ROUTES) {
        const res = await call(caller, "GET", path, undefined, { "Inkbase-Project": other.username });
        expect([path, caller.role, caller.channel, res.status, res.body]).toEqual([path, caller.role, caller.channel, caller.channel === "session" || !["/api/members", "/api/keys"].includes(path) ? 404 : 403, caller.channel === "session" || !["/api/members", "/api/keys"].includes(path) ? { error: "Project not found" } : { error: "Session required" }]);
      }
      // `?project=` names the project too (dashboard pages); here without the header, which would win.
      const { ["Inkbase-Project"]: _named, ...withoutHeader } = caller.headers;
      void _named;
      const byQuery = await call({ headers: withoutHeader }, "GET", `/api/collections?project=${other.username}`);
      expect(byQuery).toEqual({ status: 404, body: { error: "Project not found" } });
    }
  });

  it("the owner's own requests see no change without the header, and with their own name", async () => {
    const res = await call(callers[0], "GET", "/api/collections", undefined, { "Inkbase-Project": owner.username });
    expect(res.status).toBe(200);
  });
});
