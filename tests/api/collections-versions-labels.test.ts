// Versions (list, single snapshot with ETag/304, retention) and labels (GET/PUT/DELETE,
// publish/promote/rollback/unpublish, staging pattern, meta verbatim) over HTTP, with the
// events each change writes to the outbox.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const versionsOf = async (api: Client, c: string, e: string) =>
  ((await api.call("GET", `${entryPath(c, e)}/versions`)).body as { version: string }[]).map((v) => v.version);

async function writes(api: Client, c: string, e: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await api.call("PATCH", entryPath(c, e), { data: { title: `write ${i}` } });
    expect(res.status).toBe(200);
  }
}

const eventsOf = async (entryId: string) =>
  (await db().outboxEvent.findMany({ where: { orderingKey: `entry:${entryId}` }, orderBy: { sequence: "asc" } })).map(
    (event) => event.body as { type: string; project: string; data: Record<string, unknown> },
  );

describe("versions", () => {
  it("lists retained versions newest first with their labels", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" }, "production");
    await writes(api, c, e, 2);
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_3" });
    await api.call("PUT", `${entryPath(c, e)}/labels/preview`, { version: "v_3" });
    const res = await api.call("GET", `${entryPath(c, e)}/versions`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { version: "v_3", createdAt: expect.any(String), labels: ["preview", "staging"] },
      { version: "v_2", createdAt: expect.any(String), labels: [] },
      { version: "v_1", createdAt: expect.any(String), labels: ["production"] },
    ]);
  });

  it("serves one version with ETag and immutable Cache-Control, and 304 on If-None-Match", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    await writes(api, c, e, 1);
    const res = await api.call("GET", `${entryPath(c, e)}/versions/v_1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: e, version: "v_1", createdAt: expect.any(String), labels: [], data: { title: "v1" } });
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");

    const again = await api.call("GET", `${entryPath(c, e)}/versions/v_1`, undefined, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect((await api.call("GET", `${entryPath(c, e)}/versions/v_1`, undefined, { "If-None-Match": `"other", W/${etag}` })).status).toBe(304);
    expect((await api.call("GET", `${entryPath(c, e)}/versions/v_1`, undefined, { "If-None-Match": '"stale"' })).status).toBe(200);
    // Later writes do not change an older snapshot.
    await writes(api, c, e, 1);
    expect((await api.call("GET", `${entryPath(c, e)}/versions/v_1`)).headers.get("etag")).toBe(etag);
    expect((await api.call("GET", `${entryPath(c, e)}/versions/v_2`)).headers.get("etag")).not.toBe(etag);
  });

  it("changes the ETag when the labels in the body change", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    const before = (await api.call("GET", `${entryPath(c, e)}/versions/v_1`)).headers.get("etag")!;
    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_1" });
    const res = await api.call("GET", `${entryPath(c, e)}/versions/v_1`, undefined, { "If-None-Match": before });
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual(["production"]);
  });

  it("gives 404 Version not found for a missing version and 400 for a malformed one", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    const missing = await api.call("GET", `${entryPath(c, e)}/versions/v_2`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Version not found" });
    expect((await api.call("GET", `${entryPath(c, e)}/versions/latest`)).status).toBe(400);
    expect((await api.call("GET", `${entryPath(c, "nope")}/versions`)).body).toEqual({ error: "Entry not found" });
  });
});

describe("retention", () => {
  it("keeps the 10 newest versions", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    await writes(api, c, e, 14);
    expect(await versionsOf(api, c, e)).toEqual(Array.from({ length: 10 }, (_, i) => `v_${15 - i}`));
    expect((await api.call("GET", `${entryPath(c, e)}/versions/v_5`)).status).toBe(404);
  });

  it("keeps every labelled version as well, and prunes one once its last label moves away", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" }, "production");
    await api.call("PUT", `${entryPath(c, e)}/labels/archive`, { version: "v_1" });
    await writes(api, c, e, 1);
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_2" });
    await writes(api, c, e, 12); // v_3 .. v_14
    expect(await versionsOf(api, c, e)).toEqual([...Array.from({ length: 10 }, (_, i) => `v_${14 - i}`), "v_2", "v_1"]);

    // production moves away from v_1, but `archive` still pins it.
    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_14" });
    await writes(api, c, e, 1);
    expect(await versionsOf(api, c, e)).toContain("v_1");

    // Its last label removed, v_1 goes with the next write; v_2 moves off staging and goes too.
    await api.call("DELETE", `${entryPath(c, e)}/labels/archive`);
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_15" });
    expect(await versionsOf(api, c, e)).toContain("v_1"); // pruned by writes, not by label calls
    await writes(api, c, e, 1);
    expect(await versionsOf(api, c, e)).toEqual(Array.from({ length: 10 }, (_, i) => `v_${16 - i}`));

    // A pruned version is gone: pointing a label at it is 404, and so is rolling back to it.
    const res = await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_1" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Version not found" });
    expect((await api.call("GET", `${entryPath(c, e)}/labels/production`)).body.version).toBe("v_14");
  });

  it("leaves versions alone when only labels change", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" }, "production");
    await writes(api, c, e, 11);
    expect(await versionsOf(api, c, e)).toContain("v_1");
    await api.call("DELETE", `${entryPath(c, e)}/labels/production`);
    expect(await versionsOf(api, c, e)).toContain("v_1");
    await writes(api, c, e, 1);
    expect(await versionsOf(api, c, e)).not.toContain("v_1");
  });
});

describe("labels", () => {
  it("PUT points a label and answers { label, version, meta } (meta null when not sent); GET reads it back", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    const put = await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_1" });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ label: "production", version: "v_1", meta: null });
    expect((await api.call("GET", `${entryPath(c, e)}/labels/production`)).body).toEqual({ label: "production", version: "v_1", meta: null });
  });

  it("stores meta verbatim, whatever JSON it is", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    for (const meta of [{ zeta: 1, alpha: [true, null, "x"], nested: { b: 2, a: 1 } }, "just a string", 42, [3, 2, 1], false, null]) {
      const put = await api.call("PUT", `${entryPath(c, e)}/labels/meta-test`, { version: "v_1", meta });
      expect(put.body.meta).toEqual(meta);
      const res = await fetchText(api, `${entryPath(c, e)}/labels/meta-test`);
      expect(res).toBe(JSON.stringify({ label: "meta-test", version: "v_1", meta }));
    }
  });

  it("GET and DELETE of an absent label are 404 Label not found", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    for (const method of ["GET", "DELETE"]) {
      const res = await api.call(method, `${entryPath(c, e)}/labels/production`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Label not found" });
    }
  });

  it.each([["a name with a space", "has%20space"], ["a 101-character name", "x".repeat(101)], ["a name with a colon", "a:b"]])(
    "gives 400 for %s on PUT and DELETE",
    async (_label, name) => {
      const { api } = await proOwner();
      const c = await makeCollection(api);
      const e = await makeEntry(api, c, { title: "v1" });
      expect((await api.call("PUT", `${entryPath(c, e)}/labels/${name}`, { version: "v_1" })).status).toBe(400);
      expect((await api.call("DELETE", `${entryPath(c, e)}/labels/${name}`)).status).toBe(400);
    },
  );

  it.each([
    ["no version", {}],
    ["a malformed version", { version: "1" }],
    ["an unknown key", { version: "v_1", note: "x" }],
  ])("PUT gives 400 for %s", async (_label, body) => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    expect((await api.call("PUT", `${entryPath(c, e)}/labels/production`, body)).status).toBe(400);
  });

  it("PUT to a version that never existed is 404 Version not found", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "v1" });
    const res = await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_9" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Version not found" });
  });

  it("publish, edit without republishing, promote, roll back, unpublish", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "one" });
    const read = async () => api.call("GET", entryPath(c, e));
    expect((await read()).status).toBe(404);

    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_1" });
    expect((await read()).body).toMatchObject({ version: "v_1", title: "one" });

    await api.call("PATCH", entryPath(c, e), { data: { title: "two" } });
    expect((await read()).body).toMatchObject({ version: "v_1", title: "one" });

    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_2" });
    expect((await read()).body).toMatchObject({ version: "v_2", title: "two" });

    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_1" });
    expect((await read()).body).toMatchObject({ version: "v_1", title: "one" });

    const removed = await api.call("DELETE", `${entryPath(c, e)}/labels/production`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await read()).status).toBe(404);
    expect((await api.call("GET", `/api/collections/${c}/entries?label=production`)).body.entries).toEqual([]);
  });

  it("the staging pattern works end to end", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "live" }, "production");
    const candidate = (await api.call("PATCH", entryPath(c, e), { data: { title: "candidate" } })).body.version;
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: candidate, meta: { approvedBy: null } });
    expect((await api.call("GET", `${entryPath(c, e)}?label=staging`)).body).toMatchObject({ version: "v_2", title: "candidate" });
    expect((await api.call("GET", entryPath(c, e))).body.title).toBe("live");

    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: candidate });
    const published = await api.call("GET", entryPath(c, e));
    expect(published.body).toMatchObject({ version: "v_2", title: "candidate" });
    expect(published.body.labels).toEqual({
      production: { version: "v_2", meta: null },
      staging: { version: "v_2", meta: { approvedBy: null } },
    });
    const versions = await api.call("GET", `${entryPath(c, e)}/versions`);
    expect(versions.body[0]).toMatchObject({ version: "v_2", labels: ["production", "staging"] });
  });
});

describe("events", () => {
  it("create with a label emits entry.created then label.updated; PATCH entry.updated; label calls label.updated; DELETE entry.deleted", async () => {
    const { api, user } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "one" }, "production");
    await api.call("PATCH", entryPath(c, e), { data: { title: "two" } });
    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_2", meta: { note: "promote" } });
    await api.call("DELETE", `${entryPath(c, e)}/labels/production`);
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_1" });
    await api.call("DELETE", entryPath(c, e));

    const events = await eventsOf(e);
    expect(events.map((event) => event.type)).toEqual([
      "entry.created",
      "label.updated",
      "entry.updated",
      "label.updated",
      "label.updated",
      "label.updated",
      "entry.deleted",
    ]);
    expect(new Set(events.map((event) => event.project))).toEqual(new Set([user.username]));
    const collection = { id: c, slug: c };
    expect(events[0].data).toEqual({ collection, entry: { id: e, version: "v_1", labels: {} } });
    expect(events[1].data).toEqual({ collection, entryId: e, label: "production", version: "v_1", previousVersion: null, meta: null });
    expect(events[2].data).toEqual({ collection, entry: { id: e, version: "v_2", labels: { production: { version: "v_1", meta: null } } } });
    expect(events[3].data).toEqual({ collection, entryId: e, label: "production", version: "v_2", previousVersion: "v_1", meta: { note: "promote" } });
    expect(events[4].data).toEqual({ collection, entryId: e, label: "production", version: null, previousVersion: "v_2", meta: null });
    expect(events[5].data).toEqual({ collection, entryId: e, label: "staging", version: "v_1", previousVersion: null, meta: null });
    expect(events[6].data).toEqual({ collection, entry: { id: e, version: "v_2", labels: { staging: { version: "v_1", meta: null } } } });
  });

  it("a refused write emits nothing", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "one" });
    await api.call("PATCH", entryPath(c, e), { data: { title: "two" }, ifVersion: "v_9" });
    await api.call("PUT", `${entryPath(c, e)}/labels/production`, { version: "v_9" });
    await api.call("DELETE", `${entryPath(c, e)}/labels/production`);
    expect((await eventsOf(e)).map((event) => event.type)).toEqual(["entry.created"]);
  });
});

async function fetchText(api: Client, path: string): Promise<string> {
  const res = await api.call("GET", path);
  return JSON.stringify(res.body);
}
