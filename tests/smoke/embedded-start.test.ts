// The newcomer path: `npm start` with no DATABASE_URL starts the embedded database, migrates,
// seeds, prints sign-in and key; the admin CLI works while it runs; data survives SIGTERM and
// SIGKILL restarts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/start-next-server";
import { runAdmin } from "../support/run-admin";
import { childEnv } from "../support/child-env";
import { signInOverHttp } from "../support/fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "inkbase-smoke-"));
let port = 0;
const env = () => ({
  DATABASE_URL: undefined,
  TEST_DATABASE_URL: undefined,
  UPSTASH_REDIS_REST_URL: undefined,
  UPSTASH_REDIS_REST_TOKEN: undefined,
  AUTH_SECRET: undefined,
  PUBLIC_BASE_URL: undefined,
  DATA_DIR: dataDir,
  PORT: String(port),
});

type Started = { child: ChildProcess; output: () => string };
const running: ChildProcess[] = [];

async function npmStart(): Promise<Started> {
  const child = spawn("npm", ["start"], { cwd: root, env: childEnv(env()), detached: true });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (!output.includes("Inkbase is running at")) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { child, output: () => output };
}

/** Signals the whole process group (npm → launcher → server), as a terminal's Ctrl-C would. */
async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  process.kill(-child.pid!, signal);
  return exited;
}

async function waitForPortFree(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the previous server still answers");
}

afterAll(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) await stop(child, "SIGKILL").catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start on the embedded database", () => {
  it("starts, serves, administers and keeps its data across restarts", { timeout: 300_000 }, async () => {
    port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    // First start: seeds and prints the sign-in and the demo key.
    const first = await npmStart();
    const out = first.output();
    expect(out).toContain(`http://localhost:${port}`);
    const email = /email\s+(\S+)/.exec(out)?.[1];
    const password = /password\s+(\S+)/.exec(out)?.[1];
    const demoKey = /(ink_[0-9A-Za-z]{40})/.exec(out)?.[1];
    expect(email).toBe("demo@inkbase.local");
    expect(password).toBeTruthy();
    expect(demoKey).toBeTruthy();
    // The demo account exists: a newcomer never meets first-run setup (ACCOUNTS.md).
    expect(out).not.toContain("has no account yet");

    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: "embedded" });

    const me = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${demoKey}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: "demo", plan: "pro", scopes: expect.arrayContaining(["posts:write", "collections:delete"]) });

    const session = await signInOverHttp(base, email!, password!);
    expect(session.ok).toBe(true);
    expect(await (await fetch(`${base}/api/me`, { headers: { Cookie: session.cookie } })).json()).toMatchObject({ username: "demo", scopes: null });

    // The admin CLI reaches the running server's embedded database.
    const created = await runAdmin(["user:create", "--username", "smoke", "--email", "smoke@example.test", "--password", "smoke-password", "--plan", "free"], env());
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ username: "smoke", email: "smoke@example.test", plan: "free", id: expect.any(String) });
    const duplicate = await runAdmin(["user:create", "--username", "smoke", "--email", "other@example.test", "--password", "smoke-password"], env());
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stdout).toBe("");
    expect(JSON.parse(duplicate.stderr)).toEqual({ error: expect.any(String) });

    const key = await runAdmin(["key:create", "--username", "smoke", "--scopes", "posts:read,posts:write", "--name", "CI"], env());
    expect(key.code).toBe(0);
    const keyJson = key.json as { id: string; key: string; prefix: string; scopes: string[] };
    expect(keyJson).toMatchObject({ scopes: ["posts:read", "posts:write"], prefix: keyJson.key.slice(0, 12) });
    const smokeMe = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${keyJson.key}` } });
    expect(await smokeMe.json()).toMatchObject({ username: "smoke", plan: "free", scopes: ["posts:read", "posts:write"] });

    const plan = await runAdmin(["user:plan", "--username", "smoke", "--plan", "pro"], env());
    expect(plan.json).toEqual({ username: "smoke", plan: "pro" });

    const doomed = (await runAdmin(["key:create", "--username", "smoke", "--scopes", "posts:read"], env())).json as { id: string; key: string };
    const revoked = await runAdmin(["key:revoke", "--id", doomed.id], env());
    expect(revoked.json).toEqual({ id: doomed.id, revokedAt: expect.any(String) });
    expect((await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${doomed.key}` } })).status).toBe(401);

    // SIGTERM: clean exit; the restart reuses the data and prints the same demo key.
    await stop(first.child, "SIGTERM");
    await expect.poll(() => first.output(), { timeout: 15_000 }).toContain("[inkbase] stopped cleanly");
    expect(existsSync(path.join(dataDir, "embedded.json"))).toBe(false);
    await waitForPortFree();

    // With the server down the CLI opens the data directory itself.
    const offline = await runAdmin(["user:plan", "--username", "smoke", "--plan", "free"], env());
    expect(offline.json).toEqual({ username: "smoke", plan: "free" });

    const second = await npmStart();
    expect(second.output()).toContain(demoKey);
    expect(second.output()).not.toContain("applied migrations");
    const again = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${keyJson.key}` } });
    expect(await again.json()).toMatchObject({ username: "smoke", plan: "free" });

    // SIGKILL of the whole group: committed data must survive.
    await runAdmin(["user:plan", "--username", "smoke", "--plan", "pro"], env());
    await stop(second.child, "SIGKILL");
    await waitForPortFree();
    await npmStart();
    const afterKill = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${keyJson.key}` } });
    expect(await afterKill.json()).toMatchObject({ username: "smoke", plan: "pro" });
  });
});
