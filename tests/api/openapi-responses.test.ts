// Real responses against the response schemas the OpenAPI document is generated from: a field the
// code adds or drops without its schema fails here (top-level keys strict), so the document cannot
// drift from what the routes send.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { meSchema } from "../../lib/auth/me-response";
import { collectionResponseSchema, entryListSchema, entryResponseSchema, labelResponseSchema, versionListItemSchema, versionSnapshotSchema } from "../../lib/collections/collection-response";
import { postSchema, publicPostSchema, tagCountSchema } from "../../lib/posts/post-response";
import { makeCollection, proOwner } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";
import { createOwner, doc } from "../support/posts-api";

connectTestDatabase();

function expectShape(schema: z.ZodObject, value: unknown) {
  const result = z.strictObject(schema.shape).safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
}

describe("responses match the documented schemas", () => {
  it("posts: owner view, public single post, list and tags", async () => {
    const owner = await createOwner();
    const id = await owner.create({ status: "published", content: doc("Hello"), tagNames: ["News"] });
    const mine = await (await owner.call("GET", `/api/posts/${id}?format=html`)).json();
    expectShape(postSchema, mine);
    const me = await (await owner.call("GET", "/api/me")).json();
    expectShape(meSchema, me);
    const slug = mine.slug as string;
    const single = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}/${slug}`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expectShape(publicPostSchema, single);
    const list = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expect(list).toHaveLength(1);
    expectShape(postSchema, list[0]);
    const tags = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}/tags`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expectShape(tagCountSchema, tags[0]);
  });

  it("collections: collection, entry, list, versions and labels", async () => {
    const { api } = await proOwner();
    const collectionId = await makeCollection(api);
    expectShape(collectionResponseSchema, (await api.call("GET", `/api/collections/${collectionId}`)).body);
    const created = await api.call("POST", `/api/collections/${collectionId}/entries`, { data: { title: "One", slug: "one", summary: "s", tag: "t" }, label: "production" });
    expect(created.status).toBe(201);
    const entryId = created.body.id as string;
    expectShape(entryResponseSchema, (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}`)).body);
    const list = (await api.call("GET", `/api/collections/${collectionId}/entries?full=1`)).body;
    expect(entryListSchema.safeParse(list).success).toBe(true);
    expectShape(versionListItemSchema, (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/versions`)).body[0]);
    expectShape(versionSnapshotSchema, (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/versions/v_1`)).body);
    expectShape(labelResponseSchema, (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/labels/production`)).body);
  });
});
