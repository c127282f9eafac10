// The posts table's status filter "In review" (TEAMS.md "Review"; lib/posts/list-dashboard-posts.ts):
// exactly the posts with an open review — not those whose reviews were withdrawn, approved,
// declined or outdated — counted in the total, each row flagged `inReview` whatever the filter,
// and the filter combined with the others (status, title search).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { createPost } from "../../lib/posts/create-post";
import { listDashboardPosts } from "../../lib/posts/list-dashboard-posts";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

const doc = { type: "doc" as const, content: [{ type: "paragraph" as const, content: [{ type: "text" as const, text: "text" }] }] };

let owner: { id: string; username: string };
const ids: Record<string, string> = {};

async function post(name: string, status: "draft" | "published" = "draft") {
  const created = await createPost({ owner, actor: { type: "user", id: owner.id }, input: { title: `Post ${name}`, slug: uniqueName(name), content: doc, status } });
  ids[name] = created.id;
  return created.id;
}

async function review(postId: string, status: string) {
  await db().review.create({ data: { id: uniqueName("rev"), projectId: owner.id, kind: "post", status, postId, revision: 1, requestedById: owner.id } });
}

beforeAll(async () => {
  const user = await createTestUser();
  owner = { id: user.id, username: user.username };
  await review(await post("open"), "open");
  await review(await post("reopened"), "withdrawn");
  await review(ids.reopened, "open");
  await review(await post("live", "published"), "open");
  for (const status of ["withdrawn", "approved", "changes_requested", "outdated"]) await review(await post(status.replace("_", "-")), status);
  await post("never");
});

describe("the dashboard's In review filter", () => {
  it("lists exactly the posts with an open review, with the total", async () => {
    const result = await listDashboardPosts({ userId: owner.id, status: "in_review", page: 1 });
    expect(result.rows.map((row) => row.id).sort()).toEqual([ids.open, ids.reopened, ids.live].sort());
    expect(result.total).toBe(3);
    expect(result.rows.every((row) => row.inReview)).toBe(true);
    // A post in review keeps its own status.
    expect(result.rows.find((row) => row.id === ids.live)?.status).toBe("published");
  });

  it("flags every row of the unfiltered table, and combines with the other filters", async () => {
    const all = await listDashboardPosts({ userId: owner.id, page: 1 });
    expect(all.total).toBe(Object.keys(ids).length);
    const flagged = all.rows.filter((row) => row.inReview).map((row) => row.id).sort();
    expect(flagged).toEqual([ids.open, ids.reopened, ids.live].sort());
    const searched = await listDashboardPosts({ userId: owner.id, status: "in_review", q: "Post live", page: 1 });
    expect(searched.rows.map((row) => row.id)).toEqual([ids.live]);
    const other = await createTestUser();
    expect((await listDashboardPosts({ userId: other.id, status: "in_review", page: 1 })).total).toBe(0);
  });
});
