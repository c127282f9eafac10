// Demo collection for the first-run seed: a schema with indexes, a published entry with a few
// versions (production promoted to the newest), a published entry with a newer candidate on
// `staging`, and a draft. Written through the domain functions, so it is exactly what the API
// would have produced (events included).
import type { CollectionSchema } from "../collections/collection-schema";
import { createCollection } from "../collections/create-collection";
import { createEntry } from "../collections/create-entry";
import { pointLabel } from "../collections/point-label";
import { updateEntry } from "../collections/update-entry";

const schema: CollectionSchema = {
  title: "Articles",
  fields: [
    { name: "title", type: "string", required: true, max: 200 },
    { name: "slug", type: "slug", required: true, max: 100 },
    { name: "summary", type: "text", max: 500 },
    { name: "tag", type: "string", enum: ["guide", "news", "changelog"] },
    { name: "publishedOn", type: "date" },
    { name: "body", type: "richtext" },
    { name: "seo", type: "object", fields: [{ name: "description", type: "text", max: 300 }] },
  ],
  indexes: { slug: "slug", title: "title", summary: "summary", tag: "tag" },
};

const doc = (...paragraphs: string[]) => ({
  type: "doc",
  content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
});

export async function seedDemoCollections(options: { userId: string; username: string }): Promise<void> {
  const owner = { id: options.userId, username: options.username };
  const collectionId = "articles";
  await createCollection({ owner, input: { name: "Articles", slug: collectionId, schema } });

  const guide = {
    title: "Getting started with Inkbase",
    slug: "getting-started",
    summary: "Create a collection, write entries, publish them with a label.",
    tag: "guide",
    publishedOn: "2026-01-05",
    body: doc("Every write creates an immutable version.", "Point the production label at a version to publish it."),
  };
  const started = await createEntry({ owner, collectionId, input: { data: guide, label: "production" } });
  await updateEntry({ owner, collectionId, entryId: started.id, input: { data: { ...guide, summary: "Collections, versions and labels in five minutes." } } });
  const latest = await updateEntry({
    owner,
    collectionId,
    entryId: started.id,
    input: { data: { ...guide, summary: "Collections, versions and labels in five minutes.", seo: { description: "A first tour of Inkbase." } } },
  });
  await pointLabel({ owner, collectionId, entryId: started.id, name: "production", input: { version: Number(latest.version.slice(2)) } });

  const pricing = {
    title: "New pricing",
    slug: "pricing",
    summary: "Pro now includes collections.",
    tag: "news",
    publishedOn: "2026-02-01",
    body: doc("Collections are part of the Pro plan."),
  };
  const priced = await createEntry({ owner, collectionId, input: { data: pricing, label: "production" } });
  const candidate = await updateEntry({
    owner,
    collectionId,
    entryId: priced.id,
    input: { data: { ...pricing, summary: "Pro now includes collections and webhooks.", body: doc("Collections and webhooks are part of the Pro plan.") } },
  });
  await pointLabel({
    owner,
    collectionId,
    entryId: priced.id,
    name: "staging",
    input: { version: Number(candidate.version.slice(2)), meta: { reviewer: "demo", note: "Waiting for sign-off" } },
  });

  const roadmap = { title: "Roadmap 2026", slug: "roadmap-2026", summary: "What comes next (draft).", tag: "news", body: doc("Work in progress.") };
  const drafted = await createEntry({ owner, collectionId, input: { data: roadmap } });
  await updateEntry({ owner, collectionId, entryId: drafted.id, input: { data: { ...roadmap, summary: "What comes next." } } });
}
