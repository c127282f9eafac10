// `include=0..3` on entry reads (MODELING "Reference fields"): referenced entries followed level
// by level, each once (cycles visited once), resolved at the read's own label so a production
// read never includes a draft, with unresolved references listed; on the single read, the list,
// `label=` listings and one version.
import { beforeAll, describe, expect, it } from "vitest";
import { entryPath, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";
import { create, makeModel, publish, type Model } from "../support/modeling";

connectTestDatabase();

type Included = { id: string; collection: string; version: string; title: string | null; data: Record<string, unknown> };

// One model for the read-only tests below:
//   ada ⇄ bea (each the other's mentor: a cycle), both published;
//   x (author ada, related [y]) and y (author bea, related [x]: a cycle), both published;
//   drafty: an author with no production label.
let api: Client;
let model: Model;
let ada: string, bea: string, x: string, y: string, drafty: string;
beforeAll(async () => {
  ({ api } = await proOwner());
  model = await makeModel(api);
  const { authors, articles } = model;
  ada = await create(api, authors, { name: "Ada" }, "production");
  bea = await create(api, authors, { name: "Bea", mentor: ada }, "production");
  await publish(api, authors, ada, { name: "Ada", mentor: bea });
  x = await create(api, articles, { title: "X", author: ada }, "production");
  y = await create(api, articles, { title: "Y", author: bea, related: [x] }, "production");
  await publish(api, articles, x, { title: "X", author: ada, related: [y] });
  drafty = await create(api, authors, { name: "Drafty" });
});

const ids = (entries: Included[]) => entries.map((entry) => entry.id);

describe("include on a single read", () => {
  it("adds nothing at 0 (the default)", async () => {
    const res = await api.call("GET", entryPath(model.articles, x));
    expect(res.body.includes).toBeUndefined();
    expect((await api.call("GET", `${entryPath(model.articles, x)}?include=0`)).body.includes).toBeUndefined();
  });

  it("follows one level at 1, two at 2, each entry once, never the entry itself", async () => {
    const one = await api.call("GET", `${entryPath(model.articles, x)}?include=1`);
    expect(one.status).toBe(200);
    expect(ids(one.body.includes.entries)).toEqual([ada, y]);
    expect(one.body.includes.unresolved).toEqual([]);
    const author = one.body.includes.entries[0] as Included;
    expect(author).toEqual({ id: ada, collection: model.authors, version: "v_2", title: "Ada", summary: null, slug: null, data: { name: "Ada", mentor: bea } });

    const two = await api.call("GET", `${entryPath(model.articles, x)}?include=2`);
    // Level 2: ada's mentor bea; y's author bea (already there) and related x (the entry itself).
    expect(ids(two.body.includes.entries)).toEqual([ada, y, bea]);
    const three = await api.call("GET", `${entryPath(model.articles, x)}?include=3`);
    // Level 3 only leads back to entries already there: the cycles end.
    expect(ids(three.body.includes.entries)).toEqual([ada, y, bea]);
  });

  it("refuses include outside 0..3", async () => {
    for (const value of ["4", "-1", "x", "1.5"]) {
      const res = await api.call("GET", `${entryPath(model.articles, x)}?include=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toEqual(["include"]);
    }
  });
});

describe("the read's label decides every included version", () => {
  it("never includes a draft in a production read, and lists it as no_label", async () => {
    const { api } = await proOwner();
    const { authors, articles } = await makeModel(api);
    const cleo = await create(api, authors, { name: "Cleo (published)" }, "production");
    await api.call("PATCH", entryPath(authors, cleo), { data: { name: "Cleo (unpublished edit)" } });
    const dora = await create(api, authors, { name: "Dora (draft)" });
    const article = await create(api, articles, { title: "Page", author: cleo }, "production");
    await publish(api, articles, article, { title: "Page", author: dora });
    await api.call("PATCH", entryPath(articles, article), { data: { title: "Page (next)", author: cleo } });

    const published = await api.call("GET", `${entryPath(articles, article)}?include=1`);
    expect(published.body.version).toBe("v_2");
    expect(published.body.includes).toEqual({ entries: [], unresolved: [{ entryId: article, path: "/author", id: dora, reason: "no_label" }] });

    // A staging read resolves at staging: cleo has none yet, then she has one.
    await api.call("PUT", `${entryPath(articles, article)}/labels/staging`, { version: "v_3" });
    const staging = await api.call("GET", `${entryPath(articles, article)}?label=staging&include=1`);
    expect(staging.body.includes.unresolved).toEqual([{ entryId: article, path: "/author", id: cleo, reason: "no_label" }]);
    await api.call("PUT", `${entryPath(authors, cleo)}/labels/staging`, { version: "v_2" });
    const staged = await api.call("GET", `${entryPath(articles, article)}?label=staging&include=1`);
    expect(staged.body.includes.entries.map((entry: Included) => [entry.id, entry.version, entry.data.name])).toEqual([[cleo, "v_2", "Cleo (unpublished edit)"]]);

    // A production listing of the author's first article shows cleo's production version (v_1).
    const first = await create(api, articles, { title: "First", author: cleo }, "production");
    const listing = await api.call("GET", `/api/collections/${articles}/entries?label=production&full=1&include=1`);
    expect(listing.status).toBe(200);
    expect(listing.body.includes.entries.map((entry: Included) => [entry.id, entry.version, entry.data.name])).toEqual([[cleo, "v_1", "Cleo (published)"]]);
    expect(listing.body.includes.unresolved).toEqual([{ entryId: article, path: "/author", id: dora, reason: "no_label" }]);
    expect(listing.body.entries.map((entry: { id: string }) => entry.id)).toEqual([first, article]);

    // Unlabelled reads (a version, the plain list) resolve to current versions, drafts included.
    const byVersion = await api.call("GET", `${entryPath(articles, article)}?version=v_2&include=1`);
    expect(byVersion.body.includes.entries.map((entry: Included) => [entry.id, entry.version])).toEqual([[dora, "v_1"]]);
    const plain = await api.call("GET", `/api/collections/${articles}/entries?include=1`);
    expect(plain.body.entries[0].data).toBeUndefined();
    expect(plain.body.includes.entries.map((entry: Included) => [entry.id, entry.version, entry.data.name])).toEqual([[cleo, "v_2", "Cleo (unpublished edit)"]]);
  });
});

describe("include on a listing and on one version", () => {
  it("includes what the page references, the page's own entries not repeated", async () => {
    const res = await api.call("GET", `/api/collections/${model.articles}/entries?label=production&full=1&include=2`);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((entry: { id: string }) => entry.id).sort()).toEqual([x, y].sort());
    expect(ids(res.body.includes.entries).sort()).toEqual([ada, bea].sort());
    expect(res.body.includes.unresolved).toEqual([]);
  });

  it("resolves a version's references at current versions, without an ETag", async () => {
    const res = await api.call("GET", `${entryPath(model.articles, x)}/versions/v_1?include=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    // v_1 of x referenced only ada.
    expect(ids(res.body.includes.entries)).toEqual([ada]);
    const plain = await api.call("GET", `${entryPath(model.articles, x)}/versions/v_1`);
    expect(plain.headers.get("etag")).toMatch(/^"/);
    expect(plain.body.includes).toBeUndefined();
  });

  it("lists a draft author of a current read as included, and no reference as no includes", async () => {
    const article = await create(api, model.articles, { title: "Draft", author: drafty });
    const res = await api.call("GET", `${entryPath(model.articles, article)}?version=v_1&include=3`);
    expect(ids(res.body.includes.entries)).toEqual([drafty]);
    const lone = await create(api, model.articles, { title: "Alone" }, "production");
    expect((await api.call("GET", `${entryPath(model.articles, lone)}?include=3`)).body.includes).toEqual({ entries: [], unresolved: [] });
  });
});
