// Structured logs (issue 14): every API call writes one JSON access line to the server's stdout,
// carrying the request id the response's X-Request-Id names, the caller (kind, owner, key id)
// and never the key or a query value. On a server of its own at LOG_LEVEL=info (the suite's
// shared servers run at warn).
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";

connectTestDatabase();

let server: RunningServer;

beforeAll(async () => {
  server = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), LOG_LEVEL: "info" });
}, 120_000);
afterAll(async () => server?.stop());

type LogLine = Record<string, unknown>;

function logLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The access line of one request; the log is written asynchronously, so wait for it. */
async function accessLine(requestId: string): Promise<LogLine> {
  await expect.poll(() => logLines().filter((line) => line.requestId === requestId).length).toBe(1);
  return logLines().find((line) => line.requestId === requestId)!;
}

describe("access log", () => {
  it("one JSON line per API call with the response's request id, the caller and the status, no key and no query values", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    const res = await fetch(`${server.url}/api/posts/mine?q=secret-looking-${key.slice(4, 12)}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toBeTruthy();

    const line = await accessLine(requestId);
    expect(line).toMatchObject({
      level: "info",
      msg: "api request",
      requestId,
      method: "GET",
      path: "/api/posts/mine",
      status: 200,
      ms: expect.any(Number),
      principal: { kind: "key", ownerId: user.id, keyId: expect.any(String) },
    });
    expect(typeof line.time).toBe("string");
    expect(server.output()).not.toContain(key);
    expect(server.output()).not.toContain("secret-looking");
  });

  it("a refused call is logged with its status and no principal; a caller's own request id is kept", async () => {
    const requestId = `client-${Date.now()}-abc`;
    const res = await fetch(`${server.url}/api/posts/mine`, { headers: { Authorization: "Bearer ink_not-a-real-key", "X-Request-Id": requestId } });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    expect(await accessLine(requestId)).toMatchObject({ requestId, method: "GET", path: "/api/posts/mine", status: 401, principal: null });
    expect(server.output()).not.toContain("ink_not-a-real-key");
  });
});

describe("on a terminal (npm start in a person's shell)", () => {
  let terminal: RunningServer;
  beforeAll(async () => {
    terminal = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), LOG_LEVEL: "info", LOG_FORMAT: undefined }, { terminal: true });
  }, 120_000);
  afterAll(async () => terminal?.stop());

  const plain = () => terminal.output().replace(/\x1b\[[0-9;]*m/g, "").replace(/\r/g, "");

  it("one short human line per request (method, path, status, time), no JSON, no query", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    expect((await fetch(`${terminal.url}/api/posts/mine?q=hidden-text`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${terminal.url}/signin`)).status).toBe(200);
    expect((await fetch(`${terminal.url}/dashboard`, { redirect: "manual", headers: { RSC: "1", "Next-Router-Prefetch": "1" } })).status).toBe(307);

    await expect.poll(() => plain()).toMatch(/^\d\d:\d\d:\d\d {2}GET \/api\/posts\/mine 200 \d+ ms$/m);
    await expect.poll(() => plain()).toMatch(/^\d\d:\d\d:\d\d {2}GET \/signin 200 \d+ ms$/m);
    await expect.poll(() => plain()).toMatch(/^\d\d:\d\d:\d\d {2}GET \/dashboard 307 \d+ ms \(prefetch\)$/m);
    // One line per call: the JSON access line is not written beside it.
    expect(plain().split("\n").filter((line) => line.includes("/api/posts/mine"))).toHaveLength(1);
    expect(plain()).not.toMatch(/^\{/m);
    expect(plain()).not.toContain("hidden-text");
    expect(plain()).not.toContain(key);
  });
});
