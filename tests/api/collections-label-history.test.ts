// Label history (DASHBOARD "Versions and labels"): every label change (create-with-label, PUT,
// DELETE) leaves one move record in its own transaction, read back newest first through
// GET …/labels/:name/history with who moved it (session user or key prefix). Refused moves
// record nothing; another account sees nothing. Versions keep their author too.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { client, entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase, createTestKey, sessionCookieFor } from "../support/fixtures";

connectTestDatabase();

const historyOf = (path: string, name: string) => `${path}/labels/${name}/history`;

async function keyPrefix(userId: string): Promise<string> {
  const key = await db().apiKey.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" }, select: { prefix: true } });
  return key.prefix;
}

describe("label history", () => {
  it("lists every move of the label newest first, from create-with-label to removal", async () => {
    const { api, user } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "one" }, "production");
    const path = entryPath(c, e);
    await api.call("PATCH", path, { data: { title: "two" } });
    await api.call("PATCH", path, { data: { title: "three" } });
    expect((await api.call("PUT", `${path}/labels/production`, { version: "v_3" })).status).toBe(200);
    expect((await api.call("PUT", `${path}/labels/production`, { version: "v_1" })).status).toBe(200);
    expect((await api.call("DELETE", `${path}/labels/production`)).status).toBe(200);

    const res = await api.call("GET", historyOf(path, "production"));
    expect(res.status).toBe(200);
    const key = { type: "key", id: expect.any(String), prefix: await keyPrefix(user.id) };
    expect(res.body).toEqual({
      data: [
        { label: "production", version: null, previousVersion: "v_1", movedAt: expect.any(String), movedBy: key },
        { label: "production", version: "v_1", previousVersion: "v_3", movedAt: expect.any(String), movedBy: key },
        { label: "production", version: "v_3", previousVersion: "v_1", movedAt: expect.any(String), movedBy: key },
        { label: "production", version: "v_1", previousVersion: null, movedAt: expect.any(String), movedBy: key },
      ],
    });
    const times = res.body.data.map((move: { movedAt: string }) => Date.parse(move.movedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body.data[0].movedBy.prefix).toMatch(/^ink_[A-Za-z0-9]{8}$/);
  });

  it("keeps each label's history apart and records a bulk create-with-label", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const bulk = await api.call("POST", `/api/collections/${c}/entries/bulk`, { entries: [{ data: { title: "b" }, label: "staging" }] });
    expect(bulk.status).toBe(200);
    const e = bulk.body.results[0].id as string;
    const path = entryPath(c, e);
    await api.call("PUT", `${path}/labels/production`, { version: "v_1" });
    const staging = await api.call("GET", historyOf(path, "staging"));
    expect(staging.body.data.map((m: { label: string; version: string }) => [m.label, m.version])).toEqual([["staging", "v_1"]]);
    const production = await api.call("GET", historyOf(path, "production"));
    expect(production.body.data.map((m: { label: string; version: string }) => [m.label, m.version])).toEqual([["production", "v_1"]]);
    expect((await api.call("GET", historyOf(path, "never-used"))).body).toEqual({ data: [] });
  });

  it("names the session's user for moves made with the session cookie, and the key's prefix for key moves", async () => {
    const { api, user } = await proOwner();
    const cookie = await sessionCookieFor(user.id);
    const browser = client({ cookie });
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "one" });
    const path = entryPath(c, e);
    expect((await browser.call("PATCH", path, { data: { title: "two" } })).status).toBe(200);
    expect((await browser.call("PUT", `${path}/labels/production`, { version: "v_2" })).status).toBe(200);
    expect((await api.call("PUT", `${path}/labels/production`, { version: "v_1" })).status).toBe(200);

    const res = await browser.call("GET", historyOf(path, "production"));
    expect(res.status).toBe(200);
    const [byKey, bySession] = res.body.data;
    expect(bySession.movedBy).toEqual({ type: "session", id: user.id });
    expect(byKey.movedBy).toEqual({ type: "key", id: expect.any(String), prefix: await keyPrefix(user.id) });

    // Versions remember their author the same way.
    const versions = await db().entryVersion.findMany({ where: { entryId: e }, orderBy: { version: "asc" } });
    expect(versions.map((v) => [v.version, v.authorType, v.authorId === user.id])).toEqual([
      [1, "key", false],
      [2, "session", true],
    ]);
    expect(versions[0].authorPrefix).toBe(await keyPrefix(user.id));
  });

  it("records nothing for a refused move (pruned or missing version, missing label, bad name)", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "0" });
    const path = entryPath(c, e);
    for (let i = 1; i <= 11; i++) await api.call("PATCH", path, { data: { title: String(i) } });
    // v_1 fell out of the 10 newest and carried no label: pruned.
    expect((await api.call("PUT", `${path}/labels/production`, { version: "v_1" })).status).toBe(404);
    expect((await api.call("PUT", `${path}/labels/production`, { version: "v_99" })).status).toBe(404);
    expect((await api.call("DELETE", `${path}/labels/production`)).status).toBe(404);
    expect((await api.call("PUT", `${path}/labels/bad name`, { version: "v_12" })).status).toBe(400);
    expect((await api.call("GET", historyOf(path, "production"))).body).toEqual({ data: [] });
    expect(await db().labelMove.count({ where: { entryId: e } })).toBe(0);
  });

  it("is tenant-scoped, needs collections:read on a key and Pro, and 404s unknown entries", async () => {
    const owner = await proOwner();
    const c = await makeCollection(owner.api);
    const e = await makeEntry(owner.api, c, { title: "mine" }, "production");
    const path = entryPath(c, e);

    const stranger = await proOwner();
    const foreign = await stranger.api.call("GET", historyOf(path, "production"));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "Collection not found" });
    const theirs = await makeCollection(stranger.api);
    expect((await stranger.api.call("GET", historyOf(entryPath(theirs, e), "production"))).body).toEqual({ error: "Entry not found" });

    const writeOnly = client({ key: await createTestKey(owner.user.id, ["collections:write"]) });
    expect((await writeOnly.call("GET", historyOf(path, "production"))).status).toBe(403);
    expect((await client({}).call("GET", historyOf(path, "production"))).status).toBe(401);
    expect((await owner.api.call("GET", historyOf(path, "not a label!"))).status).toBe(400);

    await db().user.update({ where: { id: owner.user.id }, data: { plan: "free" } });
    const free = await owner.api.call("GET", historyOf(path, "production"));
    expect(free.status).toBe(403);
    expect(free.body).toEqual({ error: "Pro plan required" });
  });

  it("drops the history with the entry", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api);
    const e = await makeEntry(api, c, { title: "x" }, "production");
    expect(await db().labelMove.count({ where: { entryId: e } })).toBe(1);
    expect((await api.call("DELETE", entryPath(c, e))).status).toBe(200);
    expect(await db().labelMove.count({ where: { entryId: e } })).toBe(0);
  });
});
