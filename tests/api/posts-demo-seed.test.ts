// The first-run demo posts (lib/seed/seed-demo-posts.ts): every post state is there and reads
// the way a newcomer would try it. Run against the test database with a fresh demo owner.
import { describe, expect, it } from "vitest";
import { seedDemoPosts } from "../../lib/seed/seed-demo-posts";
import { connectTestDatabase, createTestUser, sessionCookieFor } from "../support/fixtures";
import { publicGet } from "../support/posts-api";

connectTestDatabase();

describe("seedDemoPosts", () => {
  it("seeds published, scheduled, link-only and draft posts with tags and a co-author", async () => {
    const owner = await createTestUser();
    await seedDemoPosts({ userId: owner.id, username: owner.username });
    const project = `/api/posts/by-username/${owner.username}`;

    const list = await (await publicGet(`${project}?format=html`)).json();
    expect(list.map((post: { slug: string }) => post.slug)).toEqual(["writing-together", "welcome-to-inkbase"]);
    expect(list[1].rendered).toContain("<pre><code class=\"language-bash\">");
    expect(list[0].coauthors).toHaveLength(2);

    expect(await (await publicGet(`${project}/tags`)).json()).toEqual([
      { name: "Collaboration", slug: "collaboration", count: 1 },
      { name: "Getting started", slug: "getting-started", count: 1 },
      { name: "Inkbase", slug: "inkbase", count: 1 },
    ]);
    expect((await publicGet(`${project}/notes-for-reviewers`)).status).toBe(200);
    expect((await publicGet(`${project}/next-weeks-post`)).status).toBe(404);
    expect((await publicGet(`${project}/ideas-for-later`)).status).toBe(404);
    const preview = await publicGet(`${project}/ideas-for-later?includeDrafts=true`, { Cookie: await sessionCookieFor(owner.id) });
    expect(preview.status).toBe(200);

    // The co-author shows the shared post on their own blog.
    const coauthorList = await (await publicGet("/api/posts/by-username/ada")).json();
    expect(coauthorList.map((post: { slug: string }) => post.slug)).toEqual(["writing-together"]);
  });
});
