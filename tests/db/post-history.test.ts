// Post history on the database (HISTORY.md "What is kept"): revisions written by the post writes
// themselves, coalescing by actor and by time (on a clock the tests pass in, never a sleep),
// retention at its bound, the write that changes nothing, restore (status and publishedAt stay,
// a stale If-Match writes nothing), the block diff of a reordered and an edited block, and that
// every write path (create, PATCH, bulk, delete) keeps the history true.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { announceDuePosts } from "../../lib/posts/announce-due-posts";
import { applyBulkAction } from "../../lib/posts/apply-bulk-action";
import { createPost } from "../../lib/posts/create-post";
import { deletePost } from "../../lib/posts/delete-post";
import { diffPostRevision } from "../../lib/posts/diff-post-revision";
import { listPostRevisions } from "../../lib/posts/list-post-revisions";
import { postRevisionEtag } from "../../lib/posts/post-revision";
import { restorePostRevision } from "../../lib/posts/restore-post-revision";
import type { RevisionActor } from "../../lib/posts/revision-actor";
import { updatePost } from "../../lib/posts/update-post";
import { ApiError } from "../../lib/http/api-error";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

const MINUTE = 60_000;
const paragraph = (text: string) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] });
const heading = (text: string) => ({ type: "heading" as const, attrs: { level: 2 }, content: [{ type: "text" as const, text }] });
const doc = (...nodes: ReturnType<typeof paragraph | typeof heading>[]) => ({ type: "doc" as const, content: nodes });

let owner: { id: string; username: string };
let user: RevisionActor;
const keyA: RevisionActor = { type: "key", id: "key-a", prefix: "ink_aaaaaaaa" };
const keyB: RevisionActor = { type: "key", id: "key-b", prefix: "ink_bbbbbbbb" };

beforeAll(async () => {
  const created = await createTestUser();
  owner = { id: created.id, username: created.username };
  user = { type: "user", id: created.id };
});

/** A clock that starts an hour ago (so `now` stays in the past of the database's own clock) and only moves when told. */
function clock(start = Date.now() - 60 * MINUTE) {
  let time = start;
  return { now: () => new Date(time), advance: (ms: number) => void (time += ms) };
}

const revisions = async (postId: string) =>
  db().postRevision.findMany({ where: { postId }, orderBy: { revision: "asc" }, select: { revision: true, reason: true, title: true, actorType: true, actorId: true, createdAt: true, restoredFrom: true, status: true } });

async function newPost(now: Date, input: Record<string, unknown> = {}, actor: RevisionActor = user) {
  const { id } = await createPost({ owner, actor, now, input: { title: "Start", slug: uniqueName("post"), content: doc(paragraph("First words")), ...input } });
  return id;
}

describe("coalescing", () => {
  it("replaces the newest edit of the same actor within 10 minutes, and adds one otherwise", async () => {
    const time = clock();
    const id = await newPost(time.now());
    const edit = (title: string, actor: RevisionActor) => updatePost({ owner, id, actor, now: time.now(), input: { title } });

    time.advance(MINUTE);
    await edit("Edit 1", user); // after a `create`: a new revision
    time.advance(MINUTE);
    await edit("Edit 2", user); // same user, 1 minute into the edit's window: replaced
    expect((await revisions(id)).map((r) => [r.revision, r.reason, r.title])).toEqual([[1, "create", "Start"], [2, "edit", "Edit 2"]]);
    expect((await revisions(id))[1].createdAt).toEqual(time.now());

    time.advance(MINUTE);
    await edit("Edit 3", keyA); // another actor: added
    await edit("Edit 4", keyA); // the same key: replaced
    await edit("Edit 5", keyB); // another key of the same user: added
    time.advance(MINUTE);
    await edit("Edit 6", user); // back to the session user: added (the newest is keyB's)
    expect((await revisions(id)).map((r) => [r.revision, r.title, r.actorId])).toEqual([
      [1, "Start", owner.id],
      [2, "Edit 2", owner.id],
      [3, "Edit 4", "key-a"],
      [4, "Edit 5", "key-b"],
      [5, "Edit 6", owner.id],
    ]);

    // The window runs from the revision's first write, not its last: typing on for 10 minutes
    // still leaves a revision every 10 minutes.
    time.advance(9 * MINUTE + 59_000);
    await edit("Edit 7", user);
    expect(await revisions(id)).toHaveLength(5);
    time.advance(1000);
    await edit("Edit 8", user);
    expect((await revisions(id)).map((r) => [r.revision, r.title])).toEqual([[1, "Start"], [2, "Edit 2"], [3, "Edit 4"], [4, "Edit 5"], [5, "Edit 7"], [6, "Edit 8"]]);
  });

  it("never coalesces into a publish, unpublish, schedule or restore revision", async () => {
    const time = clock();
    const id = await newPost(time.now());
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "published" } });
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "After publish" } });
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "draft" } });
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "After unpublish" } });
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "published", publishedAt: new Date(time.now().getTime() + 60 * MINUTE).toISOString() } });
    await restorePostRevision({ owner, postId: id, revision: 1, actor: user, now: time.now() });
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "After restore" } });
    expect((await revisions(id)).map((r) => r.reason)).toEqual(["create", "publish", "edit", "unpublish", "edit", "schedule", "restore", "edit"]);
  });
});

describe("retention", () => {
  it("keeps the newest 50 and the publish revisions of the last 12 months, pruning in the write that crosses the bound", async () => {
    const recent = Date.now() - 30 * 24 * 60 * MINUTE;
    const old = new Date(recent);
    old.setUTCMonth(old.getUTCMonth() - 13);
    // Revision 1: published 13 months ago. 2 and 3: unpublished and published again a month ago.
    const id = await newPost(old, { status: "published" });
    const time = clock(recent);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "draft" } });
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "published" } });
    // Edits 11 minutes apart never coalesce: revisions 4 to 50.
    const edit = async (n: number) => {
      time.advance(11 * MINUTE);
      await updatePost({ owner, id, actor: user, now: time.now(), input: { title: `Edit ${n}` } });
    };
    for (let n = 4; n <= 50; n++) await edit(n);
    const kept = async () => (await revisions(id)).map((r) => r.revision);
    expect(await kept()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    await edit(51); // 51 revisions: the publish of 13 months ago goes
    expect(await kept()).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    await edit(52); // the unpublish goes
    expect(await kept()).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
    await edit(53); // the publish of a month ago stays, beyond the newest 50
    expect(await kept()).toEqual([3, ...Array.from({ length: 50 }, (_, i) => i + 4)]);
    expect((await revisions(id))[0].reason).toBe("publish");

    // Numbers only grow, whatever was pruned; a coalesced edit keeps its number.
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "Coalesced" } });
    expect((await kept()).at(-1)).toBe(53);
    const list = await listPostRevisions({ ownerId: owner.id, postId: id, page: 1, limit: 100 });
    expect(list.pageInfo).toEqual({ total: 51, page: 1, limit: 100, hasMore: false });
    expect(list.data[0]).toMatchObject({ revision: 53, reason: "edit", title: "Coalesced" });
    expect(list.data.at(-1)).toMatchObject({ revision: 3, reason: "publish" });
  });
});

describe("a write that changes nothing", () => {
  it("writes no revision, fires no event and leaves updatedAt (the ETag) where it was", async () => {
    const time = clock();
    const id = await newPost(time.now(), { tagNames: ["Alpha", "beta"], subtitle: "Sub" });
    const before = await db().post.findUniqueOrThrow({ where: { id } });
    const events = () => db().outboxEvent.count({ where: { ownerId: owner.id, orderingKey: `post:${id}` } });
    const eventsBefore = await events();
    time.advance(MINUTE);
    const same = await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "Start", subtitle: "Sub", tagNames: ["beta", "alpha"], content: doc(paragraph("First words")) } });
    expect(same).toEqual({ updatedAt: before.updatedAt, changed: false });
    expect((await db().post.findUniqueOrThrow({ where: { id } })).updatedAt).toEqual(before.updatedAt);
    expect(await revisions(id)).toHaveLength(1);
    expect(await events()).toBe(eventsBefore);
    // An empty PATCH is the same, and still answers the If-Match check.
    expect((await updatePost({ owner, id, actor: user, now: time.now(), input: {}, ifMatch: postRevisionEtag(before.updatedAt) })).changed).toBe(false);
    await expect(updatePost({ owner, id, actor: user, now: time.now(), input: {}, ifMatch: '"r0"' })).rejects.toMatchObject({ status: 412 });

    const changed = await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "Changed" } });
    expect(changed.changed).toBe(true);
    expect(changed.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await revisions(id)).toHaveLength(2);
    expect(await events()).toBe(eventsBefore + 1);
  });
});

describe("restore", () => {
  it("copies the editable fields back, keeps status and publishedAt, and keeps the present as a revision", async () => {
    const time = clock();
    const id = await newPost(time.now(), { title: "Original", tagNames: ["first"], content: doc(paragraph("The paragraph I will lose")), excerpt: "Given excerpt", visibility: "private" });
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { status: "published" } });
    const published = await db().post.findUniqueOrThrow({ where: { id } });
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "Rewritten", tagNames: ["second"], content: doc(paragraph("Overwritten")), excerpt: null, visibility: "public" } });

    time.advance(MINUTE);
    const events = await db().outboxEvent.count({ where: { ownerId: owner.id, orderingKey: `post:${id}`, type: "post.updated" } });
    const { post, revision } = await restorePostRevision({ owner, postId: id, revision: 1, actor: keyA, now: time.now() });
    expect(revision).toBe(4);
    expect(post).toMatchObject({ title: "Original", excerpt: "Given excerpt", visibility: "private", tags: [{ name: "first", slug: "first" }], status: "published", publishedAt: published.publishedAt!.toISOString() });
    expect(post.content).toEqual(doc(paragraph("The paragraph I will lose")));
    expect((await revisions(id)).map((r) => [r.revision, r.reason, r.title, r.restoredFrom, r.status])).toEqual([
      [1, "create", "Original", null, "draft"],
      [2, "publish", "Original", null, "published"],
      [3, "edit", "Rewritten", null, "published"],
      [4, "restore", "Original", 1, "published"],
    ]);
    expect(await db().outboxEvent.count({ where: { ownerId: owner.id, orderingKey: `post:${id}`, type: "post.updated" } })).toBe(events + 1);
  });

  it("refuses a stale If-Match with 412 and writes nothing", async () => {
    const time = clock();
    const id = await newPost(time.now());
    const etag = postRevisionEtag((await db().post.findUniqueOrThrow({ where: { id } })).updatedAt);
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: keyA, now: time.now(), input: { title: "From another tab" } });
    const error = await restorePostRevision({ owner, postId: id, revision: 1, actor: user, ifMatch: etag, now: time.now() }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(412);
    expect((error as ApiError).body).toMatchObject({ error: "precondition_failed", current: { title: "From another tab" } });
    expect(await revisions(id)).toHaveLength(2);
    expect((await db().post.findUniqueOrThrow({ where: { id } })).title).toBe("From another tab");
  });

  it("answers Revision not found for a number never written, and Post not found for another owner", async () => {
    const id = await newPost(new Date());
    await expect(restorePostRevision({ owner, postId: id, revision: 9, actor: user })).rejects.toMatchObject({ status: 404, body: { error: "Revision not found" } });
    const stranger = await createTestUser();
    await expect(restorePostRevision({ owner: { id: stranger.id, username: stranger.username }, postId: id, revision: 1, actor: user })).rejects.toMatchObject({ status: 404, body: { error: "Post not found" } });
  });
});

describe("the diff", () => {
  it("shows a reordered block as removed and added, and an edited block with its text before and after", async () => {
    const time = clock();
    const id = await newPost(time.now(), { content: doc(paragraph("Alpha one"), paragraph("Beta two"), heading("Gamma")) });
    time.advance(MINUTE);
    await updatePost({ owner, id, actor: user, now: time.now(), input: { title: "Reordered", content: doc(paragraph("Beta two"), paragraph("Alpha one"), heading("Gamma changed")) } });

    for (const against of ["current", 2] as const) {
      const diff = await diffPostRevision({ ownerId: owner.id, postId: id, revision: 1, against });
      expect(diff.from).toBe(1);
      expect(diff.to).toBe(against);
      // The automatic excerpt follows the content, so it changed too.
      expect(diff.changes.map((change) => change.field)).toEqual(["title", "excerpt", "content"]);
      expect(diff.changes[0]).toEqual({ field: "title", kind: "changed", before: "Start", after: "Reordered" });
      const blocks = diff.changes[2].blocks!;
      expect(blocks).toContainEqual({ kind: "changed", label: "Heading 2", before: "Gamma", after: "Gamma changed" });
      const moved = blocks.filter((block) => block.kind !== "changed");
      expect(moved).toHaveLength(2);
      expect(moved.map((block) => block.kind).sort()).toEqual(["added", "removed"]);
      expect(new Set(moved.map((block) => block.before ?? block.after)).size).toBe(1);
    }
    await expect(diffPostRevision({ ownerId: owner.id, postId: id, revision: 1, against: 7 })).rejects.toMatchObject({ status: 404, body: { error: "Revision not found" } });
  });
});

describe("every write path", () => {
  it("bulk publish and unpublish write publish and unpublish revisions for the posts they change, none for the others", async () => {
    const time = clock();
    const draft = await newPost(time.now());
    const live = await newPost(time.now(), { status: "published" });
    time.advance(MINUTE);
    await applyBulkAction({ ownerId: owner.id, actor: keyA, now: time.now(), input: { action: "publish", ids: [draft, live] } });
    expect((await revisions(draft)).map((r) => [r.reason, r.actorId, r.status])).toEqual([["create", owner.id, "draft"], ["publish", "key-a", "published"]]);
    expect((await revisions(live)).map((r) => r.reason)).toEqual(["publish"]);
    time.advance(MINUTE);
    await applyBulkAction({ ownerId: owner.id, actor: keyA, now: time.now(), input: { action: "unpublish", ids: [draft, live] } });
    expect((await revisions(draft)).map((r) => r.reason)).toEqual(["create", "publish", "unpublish"]);
    expect((await revisions(live)).map((r) => r.reason)).toEqual(["publish", "unpublish"]);
  });

  it("create records publish or schedule for a post created published, with the creator as actor", async () => {
    const now = new Date();
    const scheduled = await newPost(now, { status: "published", publishedAt: new Date(now.getTime() + 24 * 60 * MINUTE).toISOString() }, keyB);
    expect((await revisions(scheduled)).map((r) => [r.reason, r.actorType, r.actorId])).toEqual([["schedule", "key", "key-b"]]);
    const list = await listPostRevisions({ ownerId: owner.id, postId: scheduled, page: 1, limit: 20 });
    expect(list.data[0]).toEqual({
      revision: 1,
      createdAt: now.toISOString(),
      reason: "schedule",
      restoredFrom: null,
      actor: { type: "key", id: "key-b", prefix: "ink_bbbbbbbb" },
      title: "Start",
      wordCount: 2,
      status: "published",
    });
    const mine = await listPostRevisions({ ownerId: owner.id, postId: await newPost(now), page: 1, limit: 20 });
    expect(mine.data[0].actor).toEqual({ type: "user", id: owner.id, username: owner.username });
  });

  it("the tick that makes a scheduled post visible adds no revision: the schedule revision already holds it", async () => {
    const now = new Date();
    const id = await newPost(now, { status: "published", publishedAt: new Date(now.getTime() + 60 * MINUTE).toISOString() });
    // Its time comes (moved into the past in the database, as the tick's tests do).
    await db().post.update({ where: { id }, data: { publishedAt: new Date(Date.now() - 1000) } });
    await announceDuePosts({ ownerId: owner.id });
    expect((await db().post.findUniqueOrThrow({ where: { id } })).announcedAt).toBeInstanceOf(Date);
    expect((await revisions(id)).map((r) => [r.reason, r.status])).toEqual([["schedule", "published"]]);
  });

  it("deleting a post deletes its revisions", async () => {
    const id = await newPost(new Date());
    await updatePost({ owner, id, actor: keyA, input: { title: "Second" } });
    expect(await revisions(id)).toHaveLength(2);
    await deletePost({ ownerId: owner.id, id });
    expect(await db().postRevision.count({ where: { postId: id } })).toBe(0);
  });
});
