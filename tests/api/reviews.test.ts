// TEAMS.md "Review" over HTTP against the built server (PostgreSQL with TEST_DATABASE_URL, else
// the embedded database): a post's whole life (request → changes requested → request →
// approve and publish), the requester never deciding, withdraw, an approval voided by a later
// edit, Review required for authors where the project asks for review, two editors approving at
// once publishing once, a removed member's requests withdrawn, a protected label's request approved and one outdated by a move, the list's
// cursor, and review.requested / review.decided in the event feed. On real PostgreSQL: an edit
// committed while an author's publish waits for the post's lock is not published (the check runs
// under that lock, in the update's transaction).
import { describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import type { MemberRole } from "../../lib/auth/roles";
import { connectTestDatabase, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";
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

async function project() {
  const owner = await createTestUser({ plan: "pro" });
  return { owner, session: { Cookie: await sessionCookieFor(owner.id) } as Headers };
}

async function member(owner: { id: string; username: string }, role: MemberRole) {
  const user = await createTestUser();
  await db().membership.create({ data: { projectId: owner.id, userId: user.id, role } });
  return { user, session: { Cookie: await sessionCookieFor(user.id), "Inkbase-Project": owner.username } as Headers };
}

async function draft(session: Headers): Promise<string> {
  const created = await call(session, "POST", "/api/posts", { title: "Spores", slug: uniqueName("p"), content: doc("draft") });
  expect(created.status).toBe(201);
  return String(created.body.id);
}

const statusOf = async (session: Headers, postId: string) => (await call(session, "GET", `/api/posts/${postId}`)).body.status;

describe("post reviews", () => {
  it("request → changes requested → request → approve and publish; the requester never decides; events reach the feed", async () => {
    const { owner, session } = await project();
    const contributor = await member(owner, "contributor");
    const editor = await member(owner, "editor");
    const postId = await draft(contributor.session);
    expect(await call(contributor.session, "PATCH", `/api/posts/${postId}`, { status: "published" })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "contributor" } });

    const first = await call(contributor.session, "POST", `/api/posts/${postId}/review-requests`, { note: "Ready?" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: "post", postId, revision: expect.any(Number), status: "open", requestedBy: { id: contributor.user.id, username: contributor.user.username }, note: "Ready?", createdAt: expect.any(String) });
    expect(first.body).not.toHaveProperty("approvedRevision");
    const firstId = String(first.body.id);
    expect(await call(contributor.session, "POST", `/api/reviews/${firstId}/decision`, { decision: "approve" })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "contributor" } });

    // An editor who requests may not decide their own request either.
    const own = await call(editor.session, "POST", `/api/posts/${await draft(editor.session)}/review-requests`, {});
    expect(await call(editor.session, "POST", `/api/reviews/${String(own.body.id)}/decision`, { decision: "approve" })).toEqual({ status: 403, body: { error: "You cannot review your own request" } });

    const changes = await call(editor.session, "POST", `/api/reviews/${firstId}/decision`, { decision: "request_changes", note: "Shorter" });
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({ status: "changes_requested", decidedBy: { id: editor.user.id, username: editor.user.username }, decisionNote: "Shorter" });
    expect((await call(editor.session, "POST", `/api/reviews/${firstId}/decision`, { decision: "approve" })).body).toEqual({ error: "Review is not open", status: "changes_requested" });

    expect((await call(contributor.session, "PATCH", `/api/posts/${postId}`, { title: "Spores, shorter" })).status).toBe(200);
    const second = await call(contributor.session, "POST", `/api/posts/${postId}/review-requests`, {});
    const approved = await call(editor.session, "POST", `/api/reviews/${String(second.body.id)}/decision`, { decision: "approve", publish: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", approvedRevision: second.body.revision, decidedBy: { id: editor.user.id } });
    expect(await statusOf(session, postId)).toBe("published");
    expect(await call(session, "GET", `/api/reviews/${String(second.body.id)}`)).toEqual({ status: 200, body: approved.body });

    const feed = (await call(session, "GET", "/api/events?limit=100")).body.data as { type: string; data: Record<string, unknown> }[];
    const reviewEvents = feed.filter((event) => event.type.startsWith("review.") && event.data.id === second.body.id).map((event) => event.type);
    expect(reviewEvents.sort()).toEqual(["review.decided", "review.requested"]);
    expect(feed.find((event) => event.type === "review.decided" && event.data.id === second.body.id)?.data).toEqual(approved.body);
    expect(feed.some((event) => event.type === "post.published")).toBe(true);
  });

  it("withdraw: only the requester, once", async () => {
    const { owner } = await project();
    const author = await member(owner, "author");
    const editor = await member(owner, "editor");
    const requested = await call(author.session, "POST", `/api/posts/${await draft(author.session)}/review-requests`, {});
    const id = String(requested.body.id);
    expect(await call(editor.session, "POST", `/api/reviews/${id}/withdraw`)).toEqual({ status: 403, body: { error: "Only the requester can withdraw" } });
    const withdrawn = await call(author.session, "POST", `/api/reviews/${id}/withdraw`);
    expect(withdrawn).toMatchObject({ status: 200, body: { id, status: "withdrawn" } });
    expect((await call(author.session, "POST", `/api/reviews/${id}/withdraw`)).status).toBe(409);
    expect((await call(editor.session, "POST", `/api/reviews/${id}/decision`, { decision: "approve" })).body).toEqual({ error: "Review is not open", status: "withdrawn" });
  });

  it("removing a member withdraws their open requests", async () => {
    const { owner, session } = await project();
    const author = await member(owner, "author");
    const requested = await call(author.session, "POST", `/api/posts/${await draft(author.session)}/review-requests`, {});
    expect((await call(session, "DELETE", `/api/members/${author.user.id}`)).status).toBe(204);
    expect((await call(session, "GET", `/api/reviews/${String(requested.body.id)}`)).body).toMatchObject({ status: "withdrawn", requestedBy: { id: author.user.id, username: author.user.username } });
  });

  it("where review is required an author publishes only the approved state; a later edit voids the approval", async () => {
    const { owner, session } = await project();
    const author = await member(owner, "author");
    const editor = await member(owner, "editor");
    expect(await call(session, "GET", "/api/project")).toEqual({ status: 200, body: { reviewRequired: false } });
    expect(await call(editor.session, "PATCH", "/api/project", { reviewRequired: true })).toEqual({ status: 403, body: { error: "Not allowed for your role", role: "editor" } });
    expect(await call(session, "PATCH", "/api/project", { reviewRequired: true })).toEqual({ status: 200, body: { reviewRequired: true } });

    expect(await call(author.session, "POST", "/api/posts", { title: "Now", slug: uniqueName("p"), content: doc("x"), status: "published" })).toEqual({ status: 403, body: { error: "Review required" } });
    const postId = await draft(author.session);
    expect(await call(author.session, "PATCH", `/api/posts/${postId}`, { status: "published" })).toEqual({ status: 403, body: { error: "Review required" } });

    const requested = await call(author.session, "POST", `/api/posts/${postId}/review-requests`, {});
    expect((await call(editor.session, "POST", `/api/reviews/${String(requested.body.id)}/decision`, { decision: "approve" })).body.status).toBe("approved");
    expect(await statusOf(session, postId)).toBe("draft");
    // Publishing and editing in one write would publish what nobody approved.
    expect(await call(author.session, "PATCH", `/api/posts/${postId}`, { status: "published", title: "Sneaky" })).toEqual({ status: 403, body: { error: "Review required" } });
    // The refusal changed nothing: not the title, not the status, not the approval.
    expect((await call(session, "GET", `/api/posts/${postId}`)).body).toMatchObject({ status: "draft", title: "Spores" });
    expect((await call(author.session, "PATCH", `/api/posts/${postId}`, { status: "published" })).status).toBe(200);
    expect(await statusOf(session, postId)).toBe("published");

    const voided = await draft(author.session);
    const again = await call(author.session, "POST", `/api/posts/${voided}/review-requests`, {});
    await call(editor.session, "POST", `/api/reviews/${String(again.body.id)}/decision`, { decision: "approve" });
    expect((await call(author.session, "PATCH", `/api/posts/${voided}`, { content: doc("changed after approval") })).status).toBe(200);
    expect(await call(author.session, "PATCH", `/api/posts/${voided}`, { status: "published" })).toEqual({ status: 403, body: { error: "Review required" } });
    // Editors and above are never held by review.
    expect((await call(editor.session, "PATCH", `/api/posts/${voided}`, { status: "published" })).status).toBe(200);
  });

  // Without the check under the update's lock, the publish would pass a check made before the
  // edit committed, then publish the edited post. Needs a second connection holding the lock: the
  // embedded database runs one transaction at a time.
  it.skipIf(inject("databaseKind") !== "postgres")("an edit committed while an author's publish waits for the post is not published", async () => {
    const { owner, session } = await project();
    const author = await member(owner, "author");
    const editor = await member(owner, "editor");
    await call(session, "PATCH", "/api/project", { reviewRequired: true });
    const postId = await draft(author.session);
    const requested = await call(author.session, "POST", `/api/posts/${postId}/review-requests`, {});
    expect((await call(editor.session, "POST", `/api/reviews/${String(requested.body.id)}/decision`, { decision: "approve" })).body.status).toBe("approved");

    let publish: Promise<Answer> | undefined;
    await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`UPDATE "Post" SET title = 'Edited meanwhile', "updatedAt" = "updatedAt" + interval '1 second' WHERE id = ${postId}`;
        publish = call(author.session, "PATCH", `/api/posts/${postId}`, { status: "published" });
        // Commit only once the PATCH waits for the row: past any check made before its transaction.
        for (let waited = 0; ; waited += 50) {
          const [row] = await db().$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM "Post" WHERE id = %FOR UPDATE%'`;
          if (row.n > 0n) break;
          if (waited > 10_000) throw new Error("the PATCH never waited for the post's lock");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      { timeout: 20_000 },
    );
    expect(await publish).toEqual({ status: 403, body: { error: "Review required" } });
    const after = (await call(session, "GET", `/api/posts/${postId}`)).body;
    expect(after).toMatchObject({ status: "draft", title: "Edited meanwhile" });
    expect(await db().postRevision.count({ where: { postId, reason: "publish" } })).toBe(0);
  });

  it("two editors approving and publishing at once publish once", async () => {
    const { owner } = await project();
    const contributor = await member(owner, "contributor");
    const editors = [await member(owner, "editor"), await member(owner, "admin")];
    const postId = await draft(contributor.session);
    const requested = await call(contributor.session, "POST", `/api/posts/${postId}/review-requests`, {});
    const answers = await Promise.all(editors.map((editor) => call(editor.session, "POST", `/api/reviews/${String(requested.body.id)}/decision`, { decision: "approve", publish: true })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ error: "Review is not open", status: "approved" });
    expect(await db().outboxEvent.count({ where: { orderingKey: `post:${postId}`, type: "post.published" } })).toBe(1);
    expect(await db().postRevision.count({ where: { postId, reason: "publish" } })).toBe(1);
    expect(await db().outboxEvent.count({ where: { orderingKey: `review:${String(requested.body.id)}`, type: "review.decided" } })).toBe(1);
  });
});

describe("label reviews", () => {
  it("a protected label's move is requested, approved and made; one outdated by a move meanwhile is 409", async () => {
    const { owner, session } = await project();
    const contributor = await member(owner, "contributor");
    const editor = await member(owner, "editor");
    expect((await call(session, "POST", "/api/collections", { name: "Docs", slug: "docs", fields: [{ name: "title", type: "string" }] })).status).toBe(201);
    const entry = await call(session, "POST", "/api/collections/docs/entries", { data: { title: "one" }, label: "production" });
    const entryId = String(entry.body.id);
    expect((await call(session, "PATCH", `/api/collections/docs/entries/${entryId}`, { data: { title: "two" } })).status).toBe(200);
    const labels = `/api/collections/docs/entries/${entryId}/labels`;
    expect(await call(contributor.session, "PUT", `${labels}/production`, { version: "v_2" })).toEqual({ status: 403, body: { error: "Protected label", label: "production" } });

    expect((await call(contributor.session, "POST", `${labels}/production/requests`, { version: "v_9" })).body).toEqual({ error: "Version not found" });
    const requested = await call(contributor.session, "POST", `${labels}/production/requests`, { version: "v_2", note: "Ship it" });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ kind: "label", collectionId: "docs", entryId, label: "production", fromVersion: "v_1", toVersion: "v_2", status: "open", note: "Ship it" });
    const approved = await call(editor.session, "POST", `/api/reviews/${String(requested.body.id)}/decision`, { decision: "approve" });
    expect(approved).toMatchObject({ status: 200, body: { status: "approved", decidedBy: { id: editor.user.id } } });
    expect((await call(session, "GET", `${labels}/production`)).body.version).toBe("v_2");

    const back = await call(contributor.session, "POST", `${labels}/production/requests`, { version: "v_1" });
    expect((await call(session, "PUT", `${labels}/production`, { version: "v_1" })).status).toBe(200);
    expect(await call(editor.session, "POST", `/api/reviews/${String(back.body.id)}/decision`, { decision: "approve" })).toEqual({ status: 409, body: { error: "Label moved since the request" } });
    expect((await call(session, "GET", `/api/reviews/${String(back.body.id)}`)).body.status).toBe("outdated");

    const feed = (await call(session, "GET", "/api/events?limit=100")).body.data as { type: string; data: Record<string, unknown> }[];
    expect(feed.filter((event) => event.type === "review.requested").length).toBe(2);
    expect(feed.filter((event) => event.type === "review.decided").map((event) => event.data.id)).toEqual([requested.body.id]);
  });
});

describe("GET /api/reviews", () => {
  it("lists both kinds newest first, filters, and pages with the cursor", async () => {
    const { owner, session } = await project();
    const author = await member(owner, "author");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(String((await call(author.session, "POST", `/api/posts/${await draft(author.session)}/review-requests`, {})).body.id));
    await call(author.session, "POST", `/api/reviews/${ids[0]}/withdraw`);
    const first = await call(session, "GET", "/api/reviews?limit=2");
    expect((first.body.data as { id: string }[]).map((review) => review.id)).toEqual([ids[2], ids[1]]);
    const next = await call(session, "GET", `/api/reviews?limit=2&cursor=${String(first.body.nextCursor)}`);
    expect(next.body).toEqual({ data: [expect.objectContaining({ id: ids[0], status: "withdrawn" })], nextCursor: null });
    expect(((await call(author.session, "GET", "/api/reviews?status=open&kind=post")).body.data as { id: string }[]).map((review) => review.id)).toEqual([ids[2], ids[1]]);
    expect((await call(author.session, "GET", "/api/reviews?kind=label")).body).toEqual({ data: [], nextCursor: null });
    // Another project's review is not found.
    const stranger = await project();
    expect(await call(stranger.session, "GET", `/api/reviews/${ids[1]}`)).toEqual({ status: 404, body: { error: "Review not found" } });
  });
});
