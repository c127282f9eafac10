// A small content model for the reference tests (MODELING "Reference fields"): `authors` (whose
// `mentor` points into authors itself) and `articles` (an `author` and `related` articles), made
// over HTTP with the owner's key.
import { uniqueName } from "./fixtures";
import { entryPath, type Client } from "./collections-client";

export type Model = { authors: string; articles: string };

export async function makeModel(api: Client): Promise<Model> {
  const authors = uniqueName("authors");
  const articles = uniqueName("articles");
  const made = await api.call("POST", "/api/collections", {
    name: "Authors",
    slug: authors,
    schema: {
      fields: [
        { name: "name", type: "string", required: true },
        { name: "mentor", type: "reference", collection: authors },
      ],
      indexes: { title: "name" },
    },
  });
  if (made.status !== 201) throw new Error(`authors: ${made.status} ${JSON.stringify(made.body)}`);
  const made2 = await api.call("POST", "/api/collections", {
    name: "Articles",
    slug: articles,
    schema: {
      fields: [
        { name: "title", type: "string", required: true },
        { name: "author", type: "reference", collection: authors },
        { name: "related", type: "array", items: "reference", collection: articles },
      ],
      indexes: { title: "title" },
    },
  });
  if (made2.status !== 201) throw new Error(`articles: ${made2.status} ${JSON.stringify(made2.body)}`);
  return { authors, articles };
}

export async function create(api: Client, collection: string, data: Record<string, unknown>, label?: string): Promise<string> {
  const res = await api.call("POST", `/api/collections/${collection}/entries`, { data, ...(label ? { label } : {}) });
  if (res.status !== 201) throw new Error(`create in ${collection}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A new version with `data`, then `production` pointed at it. */
export async function publish(api: Client, collection: string, id: string, data: Record<string, unknown>): Promise<void> {
  const res = await api.call("PATCH", entryPath(collection, id), { data });
  if (res.status !== 200) throw new Error(`patch: ${res.status} ${JSON.stringify(res.body)}`);
  const moved = await api.call("PUT", `${entryPath(collection, id)}/labels/production`, { version: res.body.version });
  if (moved.status !== 200) throw new Error(`publish: ${moved.status} ${JSON.stringify(moved.body)}`);
}
