// TEAMS.md "Invitations", "Members", "Keys" and "Protected labels" over HTTP: the invitation's
// whole life, demotion and suspension at the next request, removal that loses nothing, own posts,
// protected labels on scheduled moves, and account deletion refused while members remain.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiKey } from "../../lib/auth/create-api-key";
import { SCOPES } from "../../lib/auth/scopes";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { db } from "../../lib/db";
import type { MemberRole } from "../../lib/auth/roles";
import { connectTestDatabase, createTestUser, sessionCookieFor } from "../support/fixtures";
import { baseUrl, doc } from "../support/posts-api";

connectTestDatabase();

type Headers = Record<string, string>;
type Answer = { status: number; body: Record<string, unknown> };

async function call(headers: Headers, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function project(plan: "free" | "pro" = "pro") {
  const owner = await createTestUser({ plan });
  const session: Headers = { Cookie: await sessionCookieFor(owner.id) };
  return { owner, session };
}

async function member(projectOwner: { id: string; username: string }, role: MemberRole) {
  const user = await createTestUser();
  await db().membership.create({ data: { projectId: projectOwner.id, userId: user.id, role } });
  const session: Headers = { Cookie: await sessionCookieFor(user.id), "Inkbase-Project": projectOwner.username };
  const { key } = await createApiKey({ userId: projectOwner.id, scopes: [...SCOPES], kind: "personal", createdById: user.id });
  return { user, session, key: { Authorization: `Bearer ${key}` } as Headers };
}

const tokenOf = (url: unknown) => String(url).split("/invite/")[1];

describe("invitations", () => {
  it("invite → list → resend kills the old link → accept as the invited address → used", async () => {
    const { owner, session } = await project();
    const invitee = await createTestUser();
    const created = await call(session, "POST", "/api/members/invitations", { email: invitee.email.toUpperCase(), role: "author" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), email: invitee.email, role: "author", status: "pending", expiresAt: expect.any(String), url: expect.stringMatching(/\/invite\/[A-Za-z0-9_-]{43}$/) });
    const stored = await db().invitation.findUniqueOrThrow({ where: { id: String(created.body.id) } });
    expect(stored.tokenHash).not.toContain(tokenOf(created.body.url));

    const list = await call(session, "GET", "/api/members/invitations");
    expect(list.body.data).toEqual([{ id: created.body.id, email: invitee.email, role: "author", status: "pending", invitedBy: { id: owner.id, username: owner.username }, expiresAt: created.body.expiresAt }]);
    expect(JSON.stringify(list.body)).not.toContain(tokenOf(created.body.url));

    expect((await call(session, "POST", "/api/members/invitations", { email: invitee.email, role: "viewer" })).body).toEqual({ error: "Already invited" });

    const resent = await call(session, "POST", `/api/members/invitations/${String(created.body.id)}/resend`);
    expect(resent.status).toBe(200);
    const inviteeSession = { Cookie: await sessionCookieFor(invitee.id) };
    expect(await call(inviteeSession, "POST", "/api/invitations/accept", { token: tokenOf(created.body.url) })).toEqual({ status: 410, body: { error: "Invitation no longer valid" } });

    const stranger = await createTestUser();
    expect(await call({ Cookie: await sessionCookieFor(stranger.id) }, "POST", "/api/invitations/accept", { token: tokenOf(resent.body.url) })).toEqual({
      status: 403,
      body: { error: "This invitation is for another email address" },
    });

    const accepted = await call(inviteeSession, "POST", "/api/invitations/accept", { token: tokenOf(resent.body.url) });
    expect(accepted).toEqual({ status: 200, body: { project: { username: owner.username }, role: "author" } });
    expect(await call(inviteeSession, "POST", "/api/invitations/accept", { token: tokenOf(resent.body.url) })).toEqual({ status: 410, body: { error: "Invitation no longer valid" } });
    expect((await call(session, "GET", "/api/members/invitations")).body.data).toEqual([]);
    expect((await call(session, "POST", "/api/members/invitations", { email: invitee.email, role: "editor" })).body).toEqual({ error: "Already a member" });

    const members = (await call(session, "GET", "/api/members")).body.data as { userId: string; role: string; status: string }[];
    expect(members.map((m) => [m.userId, m.role, m.status])).toEqual([[owner.id, "owner", "active"], [invitee.id, "author", "active"]]);
    const me = await call({ ...inviteeSession, "Inkbase-Project": owner.username }, "GET", "/api/me");
    expect(me.body.project).toEqual({ username: owner.username, role: "author" });
  });

  it("expired and revoked links are 410; keys are refused with Session required", async () => {
    const { owner, session } = await project();
    const first = await call(session, "POST", "/api/members/invitations", { email: `x-${randomBytes(3).toString("hex")}@example.test`, role: "viewer" });
    await db().invitation.update({ where: { id: String(first.body.id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const someone = { Cookie: await sessionCookieFor((await createTestUser()).id) };
    expect(await call(someone, "POST", "/api/invitations/accept", { token: tokenOf(first.body.url) })).toEqual({ status: 410, body: { error: "Invitation expired" } });
    expect(((await call(session, "GET", "/api/members/invitations")).body.data as { status: string }[])[0].status).toBe("expired");

    const second = await call(session, "POST", "/api/members/invitations", { email: `y-${randomBytes(3).toString("hex")}@example.test`, role: "viewer" });
    expect((await call(session, "DELETE", `/api/members/invitations/${String(second.body.id)}`)).status).toBe(204);
    expect(await call(someone, "POST", "/api/invitations/accept", { token: tokenOf(second.body.url) })).toEqual({ status: 410, body: { error: "Invitation no longer valid" } });
    expect(await call(someone, "POST", "/api/invitations/accept", { token: "nope" })).toEqual({ status: 410, body: { error: "Invitation no longer valid" } });

    const { key } = await createApiKey({ userId: owner.id, scopes: [...SCOPES] });
    for (const [method, path] of [["GET", "/api/members"], ["POST", "/api/members/invitations"], ["GET", "/api/members/invitations"], ["DELETE", "/api/members/me"], ["POST", "/api/keys"]]) {
      expect(await call({ Authorization: `Bearer ${key}` }, method, path, method === "POST" ? {} : undefined)).toEqual({ status: 403, body: { error: "Session required" } });
    }
  });

  it("seats: 2 besides the owner on free; pending invitations count, viewers and suspended members do not", async () => {
    const { owner, session } = await project("free");
    const email = () => `s-${randomBytes(3).toString("hex")}@example.test`;
    const writer = await member(owner, "author");
    expect((await call(session, "POST", "/api/members/invitations", { email: email(), role: "contributor" })).status).toBe(201);
    expect(await call(session, "POST", "/api/members/invitations", { email: email(), role: "editor" })).toEqual({ status: 403, body: { error: "Member limit reached", limit: 2 } });
    expect((await call(session, "POST", "/api/members/invitations", { email: email(), role: "viewer" })).status).toBe(201);
    const viewer = await member(owner, "viewer");
    expect(await call(session, "PATCH", `/api/members/${viewer.user.id}`, { role: "contributor" })).toEqual({ status: 403, body: { error: "Member limit reached", limit: 2 } });
    expect((await call(session, "PATCH", `/api/members/${writer.user.id}`, { status: "suspended" })).body.status).toBe("suspended");
    expect((await call(session, "PATCH", `/api/members/${viewer.user.id}`, { role: "contributor" })).status).toBe(200);
    expect(await call(session, "PATCH", `/api/members/${writer.user.id}`, { status: "active" })).toEqual({ status: 403, body: { error: "Member limit reached", limit: 2 } });
  });

  it("signs up through the link with REGISTRATION=invite, verified and a member", async () => {
    const { owner, session } = await project();
    const email = `n-${randomBytes(3).toString("hex")}@example.test`;
    const invited = await call(session, "POST", "/api/members/invitations", { email, role: "contributor" });
    const page = await fetch(`${baseUrl()}/invite/${tokenOf(invited.body.url)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    const username = `n${randomBytes(4).toString("hex")}`;
    const wrong = await call({}, "POST", "/api/account/signup", { username, email: `other-${email}`, password: "correct horse battery", invitation: tokenOf(invited.body.url) });
    expect(wrong).toEqual({ status: 403, body: { error: "This invitation is for another email address" } });
    const signedUp = await call({}, "POST", "/api/account/signup", { username, email, password: "correct horse battery", invitation: tokenOf(invited.body.url) });
    expect(signedUp).toEqual({ status: 201, body: { id: expect.any(String), username, email, plan: "free", emailVerified: true } });
    const membership = await db().membership.findFirst({ where: { projectId: owner.id, userId: String(signedUp.body.id) } });
    expect(membership?.role).toBe("contributor");
    expect((await fetch(`${baseUrl()}/invite/${tokenOf(invited.body.url)}`)).status).toBe(410);
  });
});

describe("members", () => {
  it("a demotion applies at the key's next request; suspension makes keys 401 and the project 404", async () => {
    const { owner, session } = await project();
    const editor = await member(owner, "editor");
    const post = { title: "By the editor", slug: `e-${randomBytes(3).toString("hex")}`, content: doc("x") };
    expect((await call(editor.key, "POST", "/api/posts", post)).status).toBe(201);
    await call(session, "PATCH", `/api/members/${editor.user.id}`, { role: "viewer" });
    expect(await call(editor.key, "POST", "/api/posts", { ...post, slug: `${post.slug}-2` })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "viewer" } });
    await call(session, "PATCH", `/api/members/${editor.user.id}`, { status: "suspended" });
    expect((await call(editor.key, "GET", "/api/me")).status).toBe(401);
    expect(await call(editor.session, "GET", "/api/collections")).toEqual({ status: 404, body: { error: "Project not found" } });
    const own = await call({ Cookie: editor.session.Cookie }, "GET", "/api/me");
    expect((own.body.projects as { username: string }[]).map((p) => p.username)).toEqual([editor.user.username]);
    await call(session, "PATCH", `/api/members/${editor.user.id}`, { status: "active" });
    expect((await call(editor.key, "GET", "/api/me")).status).toBe(200);
  });

  it("the owner cannot be changed or removed, and cannot leave", async () => {
    const { owner, session } = await project();
    const admin = await member(owner, "admin");
    expect(await call(admin.session, "PATCH", `/api/members/${owner.id}`, { role: "viewer" })).toEqual({ status: 403, body: { error: "The owner cannot be changed" } });
    expect(await call(admin.session, "DELETE", `/api/members/${owner.id}`)).toEqual({ status: 403, body: { error: "The owner cannot be changed" } });
    expect(await call(session, "DELETE", "/api/members/me")).toEqual({ status: 403, body: { error: "The owner cannot be changed" } });
    expect(await call(session, "DELETE", "/api/me", { password: owner.password })).toEqual({ status: 409, body: { error: "Remove the project's members first" } });
  });

  it("removal loses nothing: bylines become external, createdBy goes to reassignTo, personal keys are revoked", async () => {
    const { owner, session } = await project();
    const writer = await member(owner, "contributor");
    const heir = await member(owner, "editor");
    const created = await call(writer.session, "POST", "/api/posts", { title: "Draft", slug: `d-${randomBytes(3).toString("hex")}`, content: doc("x") });
    expect(created.status).toBe(201);
    const read = await call(writer.session, "GET", `/api/posts/${String(created.body.id)}`);
    expect(read.body.createdBy).toEqual({ id: writer.user.id, username: writer.user.username });
    const row = await db().post.findUniqueOrThrow({ where: { id: String(created.body.id) }, include: { coauthors: true } });
    expect(row.createdById).toBe(writer.user.id);
    expect(row.coauthors.map((c) => c.userId)).toEqual([writer.user.id]);

    expect((await call(session, "DELETE", `/api/members/${writer.user.id}?reassignTo=${heir.user.id}`)).status).toBe(204);
    const after = await db().post.findUniqueOrThrow({ where: { id: row.id }, include: { coauthors: true } });
    expect(after.createdById).toBe(heir.user.id);
    expect(after.coauthors.map((c) => [c.userId, c.externalName, c.externalHandle])).toEqual([[null, writer.user.username, writer.user.username]]);
    expect((await call(writer.key, "GET", "/api/me")).status).toBe(401);
    expect(await call(writer.session, "GET", "/api/posts/mine")).toEqual({ status: 404, body: { error: "Project not found" } });

    expect((await call(heir.session, "DELETE", "/api/members/me")).status).toBe(204);
    expect(await db().membership.count({ where: { projectId: owner.id } })).toBe(0);
  });

  it("own posts: contributors edit their drafts and cannot publish; authors publish their own", async () => {
    const { owner } = await project();
    const contributor = await member(owner, "contributor");
    const author = await member(owner, "author");
    const slug = () => `o-${randomBytes(3).toString("hex")}`;
    const draft = await call(contributor.session, "POST", "/api/posts", { title: "C", slug: slug(), content: doc("x") });
    expect((await call(contributor.session, "PATCH", `/api/posts/${String(draft.body.id)}`, { title: "C2" })).status).toBe(200);
    expect(await call(contributor.session, "PATCH", `/api/posts/${String(draft.body.id)}`, { status: "published" })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "contributor" } });
    expect(await call(contributor.session, "POST", "/api/posts", { title: "P", slug: slug(), content: doc("x"), status: "published" })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "contributor" } });
    expect(await call(author.session, "PATCH", `/api/posts/${String(draft.body.id)}`, { title: "Not mine" })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "author" } });
    const mine = await call(author.session, "POST", "/api/posts", { title: "A", slug: slug(), content: doc("x") });
    expect((await call(author.session, "PATCH", `/api/posts/${String(mine.body.id)}`, { status: "published" })).status).toBe(200);
    expect(await call(contributor.session, "DELETE", `/api/posts/${String(mine.body.id)}`)).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "contributor" } });
    expect((await call(contributor.session, "DELETE", `/api/posts/${String(draft.body.id)}`)).status).toBe(200);
  });

  it("members' sessions preview drafts on the public read; keys never", async () => {
    const { owner } = await project();
    const viewer = await member(owner, "viewer");
    const slug = `v-${randomBytes(3).toString("hex")}`;
    const { key } = await createApiKey({ userId: owner.id, scopes: [...SCOPES] });
    await call({ Authorization: `Bearer ${key}` }, "POST", "/api/posts", { title: "Draft", slug, content: doc("x") });
    const path = `/api/posts/by-username/${owner.username}/${slug}?includeDrafts=true`;
    expect((await call({ Cookie: viewer.session.Cookie }, "GET", path)).status).toBe(200);
    expect((await call({}, "GET", path)).status).toBe(404);
    expect((await call({ Cookie: await sessionCookieFor((await createTestUser()).id) }, "GET", path)).status).toBe(404);
  });
});

describe("protected labels", () => {
  it("refuses below editor, and a scheduled move whose maker lost the right fails when it runs", async () => {
    const { owner, session } = await project();
    const editor = await member(owner, "editor");
    const author = await member(owner, "author");
    await call(session, "POST", "/api/collections", { name: "Docs", slug: "docs", fields: [{ name: "title", type: "string" }] });
    expect(await call(author.session, "POST", "/api/collections/docs/entries", { data: { title: "a" }, label: "production" })).toEqual({ status: 403, body: { error: "Protected label", label: "production" } });
    const entry = await call(author.session, "POST", "/api/collections/docs/entries", { data: { title: "a" }, label: "staging" });
    expect(entry.status).toBe(201);
    const labels = `/api/collections/docs/entries/${String(entry.body.id)}/labels`;
    expect(await call(author.key, "DELETE", `${labels}/production`)).toEqual({ status: 403, body: { error: "Protected label", label: "production" } });
    expect((await call(session, "PATCH", "/api/collections/docs", { protectedLabels: ["production", "staging"] })).body.protectedLabels).toEqual(["production", "staging"]);
    expect(await call(author.session, "DELETE", `${labels}/staging`)).toEqual({ status: 403, body: { error: "Protected label", label: "staging" } });
    expect(await call(editor.session, "PATCH", "/api/collections/docs", { protectedLabels: [] })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "editor" } });

    const at = new Date(Date.now() + 3600_000).toISOString();
    expect(await call(author.session, "PUT", `${labels}/production`, { version: "v_1", at })).toEqual({ status: 403, body: { error: "Protected label", label: "production" } });
    const scheduled = await call(editor.key, "PUT", `${labels}/production`, { version: "v_1", at });
    expect(scheduled.status).toBe(202);
    await call(session, "PATCH", `/api/members/${editor.user.id}`, { role: "author" });
    await db().scheduledLabelMove.updateMany({ where: { entryId: String(entry.body.id) }, data: { at: new Date(Date.now() - 1000) } });
    await runCronTick({ ownerId: owner.id });
    const move = await db().scheduledLabelMove.findFirstOrThrow({ where: { entryId: String(entry.body.id) } });
    expect([move.status, move.reason]).toEqual(["failed", "not_allowed"]);
    expect(await db().entryLabel.count({ where: { entryId: String(entry.body.id), name: "production" } })).toBe(0);
  });
});
