// Scheduled label moves over HTTP (MODELING "Scheduled label moves"): PUT label with `at` more
// than 5 s ahead answers 202 and moves nothing yet; the list and cancel endpoints; one pending move
// per entry and label; the tick makes it as a normal move (label.updated, label history with
// `scheduled: true` and its creator). Exactly-once under concurrent ticks, pruned versions and
// deleted entries are in tests/db/collections-scheduled-moves.test.ts.
import { describe, expect, it } from "vitest";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { db } from "../../lib/db";
import { client, entryPath, makeCollection, makeEntry, proOwner } from "../support/collections-client";
import { connectTestDatabase, createTestKey } from "../support/fixtures";

connectTestDatabase();

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();
const scheduledOf = (collection: string, query = "") => `/api/collections/${collection}/scheduled${query}`;

async function setUp() {
  const owner = await proOwner();
  const c = await makeCollection(owner.api);
  const e = await makeEntry(owner.api, c, { title: "v1" }, "production");
  await owner.api.call("PATCH", entryPath(c, e), { data: { title: "v2" } });
  return { ...owner, c, e, labelPath: `${entryPath(c, e)}/labels/production` };
}

describe("PUT label with at", () => {
  it("more than 5 s ahead: 202 with the scheduled move, and the label stays", async () => {
    const { api, c, e, labelPath, user } = await setUp();
    const at = inAnHour();
    const res = await api.call("PUT", labelPath, { version: "v_2", at, meta: { release: "9am" } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      scheduled: { id: expect.stringMatching(/^sch_/), label: "production", version: "v_2", at, createdBy: { type: "key", id: expect.any(String), prefix: expect.stringMatching(/^ink_/) } },
    });
    expect((await api.call("GET", labelPath)).body.version).toBe("v_1");
    const listed = await api.call("GET", scheduledOf(c));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: res.body.scheduled.id,
          entryId: e,
          label: "production",
          version: "v_2",
          at,
          status: "pending",
          createdBy: res.body.scheduled.createdBy,
          createdAt: expect.any(String),
        },
      ],
    });
    const key = await db().apiKey.findFirstOrThrow({ where: { userId: user.id } });
    expect(res.body.scheduled.createdBy.id).toBe(key.id);
  });

  it("in the past or within 5 s moves now, as without at", async () => {
    const { api, c, labelPath } = await setUp();
    const past = await api.call("PUT", labelPath, { version: "v_2", at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ label: "production", version: "v_2", meta: null });
    const soon = await api.call("PUT", labelPath, { version: "v_1", at: new Date(Date.now() + 3_000).toISOString() });
    expect(soon.status).toBe(200);
    expect((await api.call("GET", labelPath)).body.version).toBe("v_1");
    expect((await api.call("GET", scheduledOf(c))).body).toEqual({ data: [] });
  });

  it("refuses a version that does not exist (404) and a malformed at (400), scheduling nothing", async () => {
    const { api, c, labelPath } = await setUp();
    expect((await api.call("PUT", labelPath, { version: "v_9", at: inAnHour() })).body).toEqual({ error: "Version not found" });
    const bad = await api.call("PUT", labelPath, { version: "v_2", at: "tomorrow at nine" });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(["at"]);
    expect((await api.call("GET", scheduledOf(c))).body.data).toEqual([]);
  });

  it("keeps one pending move per entry and label: a new one replaces it", async () => {
    const { api, c, e, labelPath } = await setUp();
    const first = await api.call("PUT", labelPath, { version: "v_2", at: inAnHour() });
    const second = await api.call("PUT", labelPath, { version: "v_1", at: inAnHour() });
    const staging = await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_2", at: inAnHour() });
    const listed = (await api.call("GET", scheduledOf(c))).body.data as { id: string; label: string; version: string }[];
    expect(listed.map((move) => [move.id, move.label, move.version]).sort()).toEqual(
      [
        [second.body.scheduled.id, "production", "v_1"],
        [staging.body.scheduled.id, "staging", "v_2"],
      ].sort(),
    );
    expect((await api.call("DELETE", `${scheduledOf(c)}/${first.body.scheduled.id}`)).status).toBe(404);
  });
});

describe("listing and cancelling", () => {
  it("filters by entry, cancels a pending move, and 404s a second cancel", async () => {
    const { api, c, e, labelPath } = await setUp();
    const other = await makeEntry(api, c, { title: "other" });
    const mine = await api.call("PUT", labelPath, { version: "v_2", at: inAnHour() });
    await api.call("PUT", `${entryPath(c, other)}/labels/production`, { version: "v_1", at: inAnHour() });
    expect((await api.call("GET", scheduledOf(c, `?entryId=${e}`))).body.data.map((move: { id: string }) => move.id)).toEqual([mine.body.scheduled.id]);
    expect((await api.call("GET", scheduledOf(c))).body.data).toHaveLength(2);

    const cancel = await api.call("DELETE", `${scheduledOf(c)}/${mine.body.scheduled.id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ success: true });
    expect((await api.call("DELETE", `${scheduledOf(c)}/${mine.body.scheduled.id}`)).body).toEqual({ error: "Scheduled move not found" });
    expect((await api.call("GET", scheduledOf(c, `?entryId=${e}`))).body.data).toEqual([]);
  });

  it("needs collections:read to list and collections:write to schedule or cancel; other accounts see 404", async () => {
    const { api, c, labelPath, user } = await setUp();
    const move = await api.call("PUT", labelPath, { version: "v_2", at: inAnHour() });
    const reader = client({ key: await createTestKey(user.id, ["collections:read"]) });
    expect((await reader.call("GET", scheduledOf(c))).status).toBe(200);
    expect((await reader.call("DELETE", `${scheduledOf(c)}/${move.body.scheduled.id}`)).status).toBe(403);
    expect((await reader.call("PUT", labelPath, { version: "v_2", at: inAnHour() })).status).toBe(403);
    const stranger = await proOwner();
    expect((await stranger.api.call("GET", scheduledOf(c))).body).toEqual({ error: "Collection not found" });
    expect((await api.call("GET", scheduledOf(c, "?status=later"))).status).toBe(400);
  });
});

describe("the tick", () => {
  it("makes a due move as a normal move: label.updated, history with scheduled and its creator; then it is applied", async () => {
    const { api, c, e, labelPath, user } = await setUp();
    const res = await api.call("PUT", labelPath, { version: "v_2", at: new Date(Date.now() + 6_000).toISOString(), meta: { by: "schedule" } });
    expect(res.status).toBe(202);
    const id = res.body.scheduled.id as string;
    // Not yet due: the tick leaves it.
    await runCronTick({ ownerId: user.id });
    expect((await api.call("GET", labelPath)).body.version).toBe("v_1");
    // Its time has come (moved into the past rather than waiting).
    await db().scheduledLabelMove.update({ where: { id }, data: { at: new Date(Date.now() - 1000) } });
    await runCronTick({ ownerId: user.id });
    expect((await api.call("GET", labelPath)).body).toEqual({ label: "production", version: "v_2", meta: { by: "schedule" } });

    const history = (await api.call("GET", `${labelPath}/history`)).body.data;
    expect(history[0]).toEqual({ label: "production", version: "v_2", previousVersion: "v_1", movedAt: expect.any(String), movedBy: res.body.scheduled.createdBy, scheduled: true });
    expect(history[1].scheduled).toBeUndefined();
    const events = await db().outboxEvent.findMany({ where: { orderingKey: `entry:${e}`, type: "label.updated" }, orderBy: { sequence: "asc" } });
    expect((events.at(-1)!.body as { data: Record<string, unknown> }).data).toMatchObject({ label: "production", version: "v_2", previousVersion: "v_1", meta: { by: "schedule" } });

    expect((await api.call("GET", scheduledOf(c))).body.data).toEqual([]);
    const applied = await api.call("GET", scheduledOf(c, "?status=applied"));
    expect(applied.body.data).toEqual([expect.objectContaining({ id, status: "applied", settledAt: expect.any(String) })]);
    expect((await api.call("DELETE", `${scheduledOf(c)}/${id}`)).status).toBe(404);
  });
});
