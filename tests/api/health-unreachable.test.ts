// /api/health turns an unreachable database into a 503 (a server pointed at a closed port).
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startNextServer, type RunningServer } from "../support/start-next-server";

let server: RunningServer;
beforeAll(async () => {
  const deadPort = await freePort();
  server = await startNextServer(
    { DATABASE_URL: `postgresql://postgres@127.0.0.1:${deadPort}/nothing`, AUTH_SECRET: "x".repeat(32), INKBASE_EMBEDDED_DB: "" },
    { healthy: false },
  );
});
afterAll(() => server?.stop());

it("answers 503 with ok: false when the database is unreachable", async () => {
  const res = await fetch(`${server.url}/api/health`);
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ ok: false, database: "postgres", error: "Database unreachable" });
  expect(res.headers.get("cache-control")).toBe("no-store");
});
