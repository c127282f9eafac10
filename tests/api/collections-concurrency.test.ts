// The concurrency cases of the collections issue, on real PostgreSQL through the running server:
// version numbering without gaps or duplicates, optimistic locking, and retention racing label
// moves. Each test uses its own key, so the per-key rate limit is not in play.
//
// Skipped on the embedded database: its wire-protocol server (pglite-socket) interleaves the
// messages of concurrent connections, so concurrent transactions there fail in the driver
// before any of this code runs (see the report to the lead).
import { describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const onRealPostgres = inject("databaseKind") === "postgres";
if (!onRealPostgres) console.warn("[collections-concurrency] skipped: needs TEST_DATABASE_URL (real PostgreSQL)");

describe.runIf(onRealPostgres)("concurrency on real PostgreSQL", () => {
  it("50 concurrent PATCHes without ifVersion produce exactly v_2 .. v_51", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const e = await makeEntry(api, c, { n: 0 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.call("PATCH", entryPath(c, e), { data: { n: i + 1 } })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const versions = results.map((r) => Number(r.body.version.slice(2))).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));

    // None lost: each write's data sits in the version it was told about, and events match.
    const entry = await db().entry.findUniqueOrThrow({ where: { id: e } });
    expect(entry.version).toBe(51);
    const retained = await db().entryVersion.findMany({ where: { entryId: e }, orderBy: { version: "asc" } });
    expect(retained.map((v) => v.version)).toEqual(Array.from({ length: 10 }, (_, i) => 42 + i));
    for (const [i, result] of results.entries()) {
      const n = Number(result.body.version.slice(2));
      if (n >= 42) expect(retained.find((v) => v.version === n)!.data).toEqual({ n: i + 1 });
    }
    const updates = await db().outboxEvent.findMany({ where: { orderingKey: `entry:${e}`, type: "entry.updated" }, orderBy: { sequence: "asc" } });
    expect(updates.map((event) => (event.body as { data: { entry: { version: string } } }).data.entry.version)).toEqual(
      Array.from({ length: 50 }, (_, i) => `v_${i + 2}`),
    );
  });

  it("20 concurrent PATCHes with the same ifVersion: exactly one 200 and nineteen 409", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const e = await makeEntry(api, c, { n: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.call("PATCH", entryPath(c, e), { data: { n: i }, ifVersion: "v_1" })),
    );
    const ok = results.filter((r) => r.status === 200);
    const conflicts = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(ok[0].body.version).toBe("v_2");
    expect(conflicts).toHaveLength(19);
    for (const conflict of conflicts) expect(conflict.body).toEqual({ error: "version_conflict", current: "v_2" });
    expect(await db().entryVersion.count({ where: { entryId: e } })).toBe(2);
    expect(await db().outboxEvent.count({ where: { orderingKey: `entry:${e}`, type: "entry.updated" } })).toBe(1);
  });

  it("concurrent label moves and writes never prune a labelled version", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const e = await makeEntry(api, c, { n: 0 }, "production");
    // Writes push old versions out of the 10 newest while label calls keep pointing labels at
    // the oldest versions still retained; every label call either succeeds or finds the version
    // already pruned (404), and never leaves a label on a missing version.
    const labelNames = ["production", "staging", "preview"];
    const tasks: Promise<{ status: number }>[] = [];
    for (let round = 0; round < 40; round++) {
      tasks.push(api.call("PATCH", entryPath(c, e), { data: { n: round + 1 } }));
      const name = labelNames[round % labelNames.length];
      const target = Math.max(1, round - 9 + (round % 4));
      tasks.push(api.call("PUT", `${entryPath(c, e)}/labels/${name}`, { version: `v_${target}` }));
      if (round % 7 === 3) tasks.push(api.call("DELETE", `${entryPath(c, e)}/labels/${labelNames[(round + 1) % 3]}`));
    }
    const results = await Promise.all(tasks);
    for (const result of results) expect([200, 404]).toContain(result.status);
    expect(results.filter((r) => r.status === 500)).toEqual([]);

    const labels = await db().entryLabel.findMany({ where: { entryId: e } });
    const versions = new Set((await db().entryVersion.findMany({ where: { entryId: e } })).map((v) => v.version));
    for (const label of labels) expect(versions.has(label.version)).toBe(true);
    // Retention still holds once the next write has run (a label moved by the last calls leaves
    // its old version for that write to prune): the 10 newest plus the labelled ones, exactly.
    expect((await api.call("PATCH", entryPath(c, e), { data: { n: "last" } })).body.version).toBe("v_42");
    const newest = 42;
    const after = new Set((await db().entryVersion.findMany({ where: { entryId: e } })).map((v) => v.version));
    for (let version = newest - 9; version <= newest; version++) expect(after.has(version)).toBe(true);
    for (const label of labels) expect(after.has(label.version)).toBe(true);
    for (const version of after) {
      if (version <= newest - 10) expect(labels.some((label) => label.version === version)).toBe(true);
    }
    // And the HTTP view agrees: every label resolves.
    for (const label of labels) {
      expect((await api.call("GET", `${entryPath(c, e)}?label=${label.name}`)).status).toBe(200);
    }
  });

  it("concurrent creates keep entryCount and the label count exact", async () => {
    const { api } = await proOwner();
    const c = await makeCollection(api, { schema: {} });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.call("POST", `/api/collections/${c}/entries`, { data: { i }, ...(i % 2 ? { label: "production" } : {}) })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(30);
    expect((await api.call("GET", `/api/collections/${c}/entries?label=production`)).body.pageInfo.total).toBe(15);
    const deletions = await Promise.all(results.slice(0, 10).map((r) => api.call("DELETE", entryPath(c, r.body.id))));
    expect(deletions.every((r) => r.status === 200)).toBe(true);
    expect((await api.call("GET", `/api/collections/${c}`)).body.entryCount).toBe(20);
    expect((await api.call("GET", `/api/collections/${c}/entries?label=production`)).body.pageInfo.total).toBe(10);
  });

  it("holds the 10-collection limit under concurrent creates", async () => {
    const { api } = await proOwner();
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => api.call("POST", "/api/collections", { name: `P${i}`, slug: `p${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
  });
});
