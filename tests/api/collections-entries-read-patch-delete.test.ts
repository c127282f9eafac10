// Entries over HTTP once they exist: GET (production by default, ?label=, ?version=), PATCH
// (versions, ifVersion, labels stay) and DELETE. Creating entries and the rules for their data
// are in collections-entries-create.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const entries = (collectionId: string) => `/api/collections/${collectionId}/entries`;

describe("GET entry", () => {
  it("serves the production version by default with the DECISIONS §3 shape", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "First", slug: "first", summary: "S", tag: "news" }, "production");
    await api.call("PATCH", entryPath(id, entryId), { data: { title: "Second draft", slug: "first", tag: "news" } });
    const res = await api.call("GET", entryPath(id, entryId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: entryId,
      version: "v_1",
      labels: { production: { version: "v_1", meta: null } },
      title: "First",
      summary: "S",
      slug: "first",
      tag: "news",
      data: { title: "First", slug: "first", summary: "S", tag: "news" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("gives 404 for a default read of a draft, which stays readable by ?version= and another ?label=", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "Draft" });
    const res = await api.call("GET", entryPath(id, entryId));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Entry not found" });
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=v_1`)).body.title).toBe("Draft");
    await api.call("PUT", `${entryPath(id, entryId)}/labels/preview`, { version: "v_1" });
    expect((await api.call("GET", `${entryPath(id, entryId)}?label=preview`)).body.title).toBe("Draft");
  });

  it("?label= serves that label's version; an absent label is 404 Label not found", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "v1" }, "production");
    await api.call("PATCH", entryPath(id, entryId), { data: { title: "v2" } });
    await api.call("PUT", `${entryPath(id, entryId)}/labels/staging`, { version: "v_2" });
    const staged = await api.call("GET", `${entryPath(id, entryId)}?label=staging`);
    expect(staged.body).toMatchObject({ version: "v_2", title: "v2", data: { title: "v2" } });
    const missing = await api.call("GET", `${entryPath(id, entryId)}?label=nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Label not found" });
  });

  it("?version= serves that version; an unknown one is 404 Version not found; a malformed one 400", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "v1" });
    await api.call("PATCH", entryPath(id, entryId), { data: { title: "v2" } });
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=v_1`)).body).toMatchObject({ version: "v_1", title: "v1" });
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=v_2`)).body).toMatchObject({ version: "v_2", title: "v2" });
    const missing = await api.call("GET", `${entryPath(id, entryId)}?version=v_3`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Version not found" });
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=3`)).status).toBe(400);
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=v_1&label=production`)).status).toBe(400);
  });

  it("gives 404 Entry not found for an unknown entry, and for an entry of another collection", async () => {
    const { api } = await proOwner();
    const a = await makeCollection(api);
    const b = await makeCollection(api);
    const entryId = await makeEntry(api, a, { title: "in a" }, "production");
    for (const path of [entryPath(a, "nope"), entryPath(b, entryId)]) {
      const res = await api.call("GET", path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Entry not found" });
    }
  });
});

describe("PATCH entry", () => {
  it("writes a new version and answers { id, version }; labels stay where they were", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "v1" }, "production");
    const res = await api.call("PATCH", entryPath(id, entryId), { data: { title: "v2" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: entryId, version: "v_2" });
    const label = await api.call("GET", `${entryPath(id, entryId)}/labels/production`);
    expect(label.body).toEqual({ label: "production", version: "v_1", meta: null });
    expect((await api.call("GET", entryPath(id, entryId))).body.title).toBe("v1");
  });

  it("with a matching ifVersion writes; with a stale one answers 409 version_conflict and writes nothing", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "v1" });
    expect((await api.call("PATCH", entryPath(id, entryId), { data: { title: "v2" }, ifVersion: "v_1" })).body.version).toBe("v_2");
    const stale = await api.call("PATCH", entryPath(id, entryId), { data: { title: "lost" }, ifVersion: "v_1" });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: "version_conflict", current: "v_2" });
    const versions = await api.call("GET", `${entryPath(id, entryId)}/versions`);
    expect(versions.body.map((v: { version: string }) => v.version)).toEqual(["v_2", "v_1"]);
    expect(await db().outboxEvent.count({ where: { orderingKey: `entry:${entryId}`, type: "entry.updated" } })).toBe(1);
  });

  it.each([
    ["a label in the body", { data: {}, label: "production" }],
    ["a malformed ifVersion", { data: {}, ifVersion: "2" }],
    ["no data", { ifVersion: "v_1" }],
  ])("gives 400 for %s", async (_name, body) => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "v1" });
    const res = await api.call("PATCH", entryPath(id, entryId), body);
    expect(res.status).toBe(400);
  });

  it("gives 404 Entry not found for an unknown entry", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const res = await api.call("PATCH", entryPath(id, "nope"), { data: { title: "x" } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Entry not found" });
  });
});

describe("DELETE entry", () => {
  it("removes the entry with its versions and labels and keeps the counts exact", async () => {
    const { api } = await proOwner();
    const id = await makeCollection(api);
    const entryId = await makeEntry(api, id, { title: "bye" }, "production");
    await makeEntry(api, id, { title: "stays" }, "production");
    await api.call("PATCH", entryPath(id, entryId), { data: { title: "bye 2" } });
    const res = await api.call("DELETE", entryPath(id, entryId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await api.call("GET", `${entryPath(id, entryId)}?version=v_1`)).status).toBe(404);
    expect(await db().entryVersion.count({ where: { entryId } })).toBe(0);
    expect(await db().entryLabel.count({ where: { entryId } })).toBe(0);
    expect((await api.call("GET", `/api/collections/${id}`)).body.entryCount).toBe(1);
    expect((await api.call("GET", `${entries(id)}?label=production`)).body.pageInfo.total).toBe(1);
    const again = await api.call("DELETE", entryPath(id, entryId));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Entry not found" });
  });
});
