// The demo collection of the first-run seed: a schema with indexes, a published entry with
// several versions, a published entry with a staging candidate, and a draft.
import { describe, expect, it } from "vitest";
import { seedDemoCollections } from "../../lib/seed/seed-demo-collections";
import { getEntry } from "../../lib/collections/get-entry";
import { listEntries } from "../../lib/collections/list-entries";
import { listVersions } from "../../lib/collections/list-versions";
import { listCollections } from "../../lib/collections/list-collections";
import { connectTestDatabase, createTestUser } from "../support/fixtures";

connectTestDatabase();

describe("seedDemoCollections", () => {
  it("creates the demo collection with drafts, published entries, versions and a staging label", async () => {
    const user = await createTestUser({ plan: "pro" });
    const owner = { id: user.id, username: user.username };
    await seedDemoCollections({ userId: user.id, username: user.username });

    const [collection] = await listCollections({ owner });
    expect(collection).toMatchObject({ id: "articles", entryCount: 3 });
    expect(collection.schema.indexes).toEqual({ slug: "slug", title: "title", summary: "summary", tag: "tag" });
    expect(collection.schema.fields!.length).toBeGreaterThan(3);

    const query = { page: 1, perPage: 10, full: false };
    const all = await listEntries({ owner, collectionId: "articles", query });
    const published = await listEntries({ owner, collectionId: "articles", query: { ...query, label: "production" } });
    const staged = await listEntries({ owner, collectionId: "articles", query: { ...query, label: "staging" } });
    expect(all.pageInfo.total).toBe(3);
    expect(published.entries.map((entry) => entry.slug).sort()).toEqual(["getting-started", "pricing"]);
    expect(staged.entries.map((entry) => entry.slug)).toEqual(["pricing"]);

    const draft = all.entries.find((entry) => entry.slug === "roadmap-2026")!;
    await expect(getEntry({ owner, collectionId: "articles", entryId: draft.id })).rejects.toMatchObject({ status: 404 });
    const guide = published.entries.find((entry) => entry.slug === "getting-started")!;
    expect((await listVersions({ owner, collectionId: "articles", entryId: guide.id })).length).toBeGreaterThanOrEqual(3);
    const pricing = await getEntry({ owner, collectionId: "articles", entryId: staged.entries[0].id, label: "staging" });
    expect(pricing.version).toBe("v_2");
    expect(pricing.labels.production.version).toBe("v_1");
  });
});
