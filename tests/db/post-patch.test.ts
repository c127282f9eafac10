// The post PATCH's write path on the database (lib/posts/write-post-update.ts: raw statements,
// the revision copied from the post's row in SQL): what each revision holds after coalescing
// through it (fields, tags, co-authors, word count, whether the content was sent or not), the
// writes that change nothing (fields equal to the stored ones leave updatedAt, revisions and
// events alone), and concurrent PATCHes holding one ETag (one wins, the other is 412).
import { beforeAll, describe, expect, it } from "vitest";
import { wordCount } from "../../lib/content/word-count";
import { db } from "../../lib/db";
import { createPost } from "../../lib/posts/create-post";
import { postRevisionEtag } from "../../lib/posts/post-revision";
import type { RevisionActor } from "../../lib/posts/revision-actor";
import { updatePost } from "../../lib/posts/update-post";
import { ApiError } from "../../lib/http/api-error";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

const MINUTE = 60_000;
const doc = (...texts: string[]) => ({ type: "doc" as const, content: texts.map((text) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] })) });

let owner: { id: string; username: string };
let user: RevisionActor;
let coauthor: { id: string; username: string };

beforeAll(async () => {
  const created = await createTestUser();
  owner = { id: created.id, username: created.username };
  user = { type: "user", id: created.id };
  coauthor = await createTestUser();
});

const start = () => new Date(Date.now() - 60 * MINUTE);
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);
const post = (id: string) => db().post.findUniqueOrThrow({ where: { id } });
const revisions = (postId: string) => db().postRevision.findMany({ where: { postId }, orderBy: { revision: "asc" } });
const events = (id: string) => db().outboxEvent.count({ where: { ownerId: owner.id, orderingKey: `post:${id}` } });

async function newPost(now: Date, input: Record<string, unknown> = {}) {
  return (await createPost({ owner, actor: user, now, input: { title: "Start", slug: uniqueName("post"), content: doc("one two three"), ...input } })).id;
}

describe("the revision a PATCH writes", () => {
  it("holds the post as written, tags and co-authors included, coalesced edit after edit", async () => {
    const t0 = start();
    const id = await newPost(t0, { tagNames: ["Beta"] });
    await updatePost({ owner, id, actor: user, now: at(t0, 1), input: { title: "Two", content: doc("four five six seven"), tagNames: ["zeta", "Alpha"] } });
    await updatePost({ owner, id, actor: user, now: at(t0, 2), input: { coauthors: [{ username: coauthor.username }, { externalName: "Ext", externalUrl: "https://ext.example" }], seoTitle: "SEO" } });
    const [, edit] = await revisions(id);
    const row = await post(id);
    expect(await revisions(id)).toHaveLength(2);
    expect(edit).toMatchObject({ revision: 2, reason: "edit", title: "Two", content: row.content, excerpt: "four five six seven", seoTitle: "SEO", wordCount: 4, createdAt: at(t0, 2), startedAt: at(t0, 1) });
    expect(edit.tags).toEqual([{ name: "Alpha", slug: "alpha" }, { name: "zeta", slug: "zeta" }]);
    expect(edit.coauthors).toEqual([{ userId: coauthor.id }, { externalName: "Ext", externalHandle: null, externalUrl: "https://ext.example" }]);
    expect(row.readingTime).toBe(1);
  });

  it("counts the words of content it was not sent: the newest revision's count, or the stored document's", async () => {
    const t0 = start();
    const id = await newPost(t0);
    await updatePost({ owner, id, actor: user, now: at(t0, 1), input: { title: "Title only" } });
    expect((await revisions(id)).map((r) => r.wordCount)).toEqual([3, 3]);
    // The document changed behind history's back (as before history existed): counted from the post.
    await db().post.update({ where: { id }, data: { content: doc("a b c d e f g h") } });
    await updatePost({ owner, id, actor: user, now: at(t0, 2), input: { title: "Title again" } });
    await updatePost({ owner, id, actor: { type: "key", id: "key-x", prefix: null }, now: at(t0, 3), input: { title: "By a key" } });
    expect((await revisions(id)).map((r) => [r.title, r.wordCount])).toEqual([["Start", 3], ["Title again", 8], ["By a key", 8]]);
    expect(wordCount((await post(id)).content as never)).toBe(8);
  });
});

describe("a PATCH that changes nothing", () => {
  it("sent fields equal to the stored ones (link-only visibility, co-authors, SEO, excerpt) leave updatedAt, revisions and events alone", async () => {
    const t0 = start();
    const id = await newPost(t0, { visibility: "link-only", excerpt: "Given", coauthors: [{ userId: coauthor.id }], seoTitle: "S", featured: true });
    const before = await post(id);
    const count = await events(id);
    const same = { title: "Start", visibility: "link-only" as const, excerpt: "Given", coauthors: [{ username: coauthor.username }], seoTitle: "S", featured: true, content: doc("one two three"), status: "draft" as const };
    expect(await updatePost({ owner, id, actor: user, now: at(t0, 1), input: same, ifMatch: postRevisionEtag(before.updatedAt) })).toEqual({ updatedAt: before.updatedAt, changed: false });
    expect((await post(id)).updatedAt).toEqual(before.updatedAt);
    expect(await revisions(id)).toHaveLength(1);
    expect(await events(id)).toBe(count);

    // One field that differs is a write, with its revision and event.
    const changed = await updatePost({ owner, id, actor: user, now: at(t0, 2), input: { ...same, content: doc("one two three four") } });
    expect(changed.changed).toBe(true);
    expect(await revisions(id)).toHaveLength(2);
    expect(await events(id)).toBe(count + 1);
    expect((await post(id)).excerpt).toBe("Given");
  });
});

describe("concurrent PATCHes with one ETag", () => {
  it("one writes; the other is 412 with the post the first wrote, and writes nothing", async () => {
    const t0 = start();
    const id = await newPost(t0);
    const etag = postRevisionEtag((await post(id)).updatedAt);
    const count = await events(id);
    const results = await Promise.allSettled(
      ["Tab A", "Tab B"].map((title, i) => updatePost({ owner, id, actor: { type: "key", id: `key-${i}`, prefix: null }, now: at(t0, 1), input: { title, content: doc(title) }, ifMatch: etag })),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason as ApiError] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(ApiError);
    const stored = await post(id);
    expect(lost[0]).toMatchObject({ status: 412, body: { error: "precondition_failed", current: { title: stored.title, updatedAt: stored.updatedAt.toISOString() } } });
    expect(await revisions(id)).toHaveLength(2);
    expect(await events(id)).toBe(count + 1);
  });
});
