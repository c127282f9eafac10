// Real responses against the response schemas the OpenAPI document is generated from: a field the
// code adds or drops without its schema fails here (top-level keys strict), so the document cannot
// drift from what the routes send. The document's examples (lib/openapi/response-examples.ts, taken
// from real responses) must still have the keys a real response has today.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { meSchema } from "../../lib/auth/me-response";
import { collectionResponseSchema, entryListSchema, entryResponseSchema, labelResponseSchema, versionListItemSchema, versionSnapshotSchema } from "../../lib/collections/collection-response";
import { ownerPostSchema, postSchema, publicPostSchema, tagCountSchema } from "../../lib/posts/post-response";
import * as examples from "../../lib/openapi/response-examples";
import { makeCollection, proOwner } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";
import { createOwner, doc } from "../support/posts-api";

connectTestDatabase();

function expectShape(schema: z.ZodObject, value: unknown) {
  const result = z.strictObject(schema.shape).safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
}

/** Same top-level keys; `optional` ones (the schema's optional fields) may be on either side. */
function expectExampleKeys(example: object, real: object, optional: string[] = []) {
  const keys = (value: object) => Object.keys(value).filter((key) => !optional.includes(key)).sort();
  expect(keys(example)).toEqual(keys(real));
}

describe("responses match the documented schemas", () => {
  it("posts: owner view, public single post, list and tags", async () => {
    const owner = await createOwner();
    const id = await owner.create({ status: "published", content: doc("Hello"), tagNames: ["News"] });
    const mine = await (await owner.call("GET", `/api/posts/${id}?format=html`)).json();
    expectShape(ownerPostSchema, mine);
    expectExampleKeys(examples.ownerPostExample, mine);
    const me = await (await owner.call("GET", "/api/me")).json();
    expectShape(meSchema, me);
    expectExampleKeys(examples.meExample, me);
    const slug = mine.slug as string;
    const single = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}/${slug}`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expectShape(publicPostSchema, single);
    expectExampleKeys(examples.publicPostExample, single);
    expectExampleKeys(examples.publicPostExample.seo, single.seo);
    const list = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expect(list).toHaveLength(1);
    expectShape(postSchema, list[0]);
    const tags = await (await owner.call("GET", `/api/posts/by-username/${owner.user.username}/tags`, undefined, { "X-Forwarded-For": owner.ip })).json();
    expectShape(tagCountSchema, tags[0]);
  });

  it("collections: collection, entry, list, versions and labels", async () => {
    const { api } = await proOwner();
    const collectionId = await makeCollection(api);
    const collection = (await api.call("GET", `/api/collections/${collectionId}`)).body;
    expectShape(collectionResponseSchema, collection);
    expectExampleKeys(examples.collectionExample, collection);
    const created = await api.call("POST", `/api/collections/${collectionId}/entries`, { data: { title: "One", slug: "one", summary: "s", tag: "t" }, label: "production" });
    expect(created.status).toBe(201);
    const entryId = created.body.id as string;
    expectExampleKeys(examples.createdEntryExample, created.body);
    const entry = (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}`)).body;
    expectShape(entryResponseSchema, entry);
    expectExampleKeys(examples.entryExample, entry, ["tag"]);
    const list = (await api.call("GET", `/api/collections/${collectionId}/entries?full=1`)).body;
    expect(entryListSchema.safeParse(list).success).toBe(true);
    expectShape(versionListItemSchema, (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/versions`)).body[0]);
    const snapshot = (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/versions/v_1`)).body;
    expectShape(versionSnapshotSchema, snapshot);
    expectExampleKeys(examples.versionExample, snapshot);
    const label = (await api.call("GET", `/api/collections/${collectionId}/entries/${entryId}/labels/production`)).body;
    expectShape(labelResponseSchema, label);
    expectExampleKeys(examples.labelExample, label);
  });
});
