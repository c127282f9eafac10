// The reference index against the database (MODELING "Reference fields"): `include` costs one
// query per level whatever the number of entries, and a write pointing at an entry racing that
// entry's delete never leaves a reference to nothing without `force`.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCollection } from "../../lib/collections/create-collection";
import { createEntry } from "../../lib/collections/create-entry";
import { deleteEntry } from "../../lib/collections/delete-entry";
import type { Owner } from "../../lib/collections/owner";
import { resolveIncludes } from "../../lib/collections/resolve-includes";
import { updateEntry } from "../../lib/collections/update-entry";
import { db, dbConnection } from "../../lib/db";
import { ApiError } from "../../lib/http/api-error";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

let owner: Owner;
let authors: string;
let articles: string;
beforeAll(async () => {
  const user = await createTestUser({ plan: "pro" });
  owner = { id: user.id, username: user.username };
  authors = uniqueName("authors");
  articles = uniqueName("articles");
  await createCollection({ owner, input: { name: "Authors", slug: authors, fields: [{ name: "name", type: "string" }, { name: "mentor", type: "reference", collection: authors }] } });
  await createCollection({
    owner,
    input: {
      name: "Articles",
      slug: articles,
      fields: [
        { name: "title", type: "string" },
        { name: "author", type: "reference", collection: authors },
        { name: "related", type: "array", items: "reference", collection: articles },
      ],
    },
  });
});

describe("include", () => {
  it("runs one query per level, whatever the number of entries", async () => {
    const people: string[] = [];
    for (let i = 0; i < 5; i++) people.push((await createEntry({ owner, collectionId: authors, input: { data: { name: `P${i}` }, label: "production" } })).id);
    const roots: { id: string; version: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const data = { title: `A${i}`, author: people[i % 5], related: roots.slice(-2).map((root) => root.id) };
      roots.push({ id: (await createEntry({ owner, collectionId: articles, input: { data, label: "production" } })).id, version: 1 });
    }
    const { pool } = dbConnection();
    const spy = vi.spyOn(pool, "query");
    try {
      const includes = await resolveIncludes({ ownerId: owner.id, label: "production", roots: roots.slice(10), depth: 3 });
      // Level 1: the 5 authors and articles 8 and 9; level 2: 6 and 7; level 3: 4 and 5.
      expect(includes.entries).toHaveLength(11);
      expect(includes.unresolved).toEqual([]);
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("include's bound", () => {
  it("stops at the bound of included entries and says so", async () => {
    const people: string[] = [];
    for (let i = 0; i < 4; i++) people.push((await createEntry({ owner, collectionId: authors, input: { data: { name: `B${i}` }, label: "production" } })).id);
    const roots = [];
    for (const person of people) roots.push({ id: (await createEntry({ owner, collectionId: articles, input: { data: { title: "x", author: person }, label: "production" } })).id, version: 1 });
    const bounded = await resolveIncludes({ ownerId: owner.id, label: "production", roots, depth: 1, maxIncluded: 3 });
    expect(bounded.entries.map((entry) => entry.id)).toEqual(people.slice(0, 3));
    expect(bounded.truncated).toBe(true);
    const whole = await resolveIncludes({ ownerId: owner.id, label: "production", roots, depth: 1 });
    expect(whole.entries).toHaveLength(4);
    expect(whole.truncated).toBeUndefined();
  });
});

describe("a write racing the delete of what it points at", () => {
  it("ends with the reference refused or the delete refused, never a reference to nothing", async () => {
    for (let round = 0; round < 6; round++) {
      const target = (await createEntry({ owner, collectionId: authors, input: { data: { name: `T${round}` } } })).id;
      const article = (await createEntry({ owner, collectionId: articles, input: { data: { title: `R${round}` } } })).id;
      const [write, remove] = await Promise.allSettled([
        updateEntry({ owner, collectionId: articles, entryId: article, input: { data: { title: `R${round}`, author: target } } }),
        deleteEntry({ owner, collectionId: authors, entryId: target }),
      ]);
      const refused = (outcome: PromiseSettledResult<unknown>, status: number) => outcome.status === "rejected" && outcome.reason instanceof ApiError && outcome.reason.status === status;
      // Exactly one of the two wins.
      expect([write.status === "fulfilled" && refused(remove, 409), remove.status === "fulfilled" && refused(write, 400)]).toContain(true);
      const targetExists = (await db().entry.count({ where: { id: target } })) === 1;
      const references = await db().entryReference.count({ where: { sourceEntryId: article, targetEntryId: target } });
      expect(references > 0).toBe(targetExists);
    }
  });
});
