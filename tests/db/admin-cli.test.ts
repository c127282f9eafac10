// The admin CLI's listing commands, run the way an operator runs them (npm run admin): key:list
// shows prefixes and never a key or hash; webhook:list and webhook:delete act on the named
// account's subscriptions only.
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, inject } from "vitest";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { runAdmin } from "../support/run-admin";

connectTestDatabase();

const admin = (args: string[]) => runAdmin(args, { DATABASE_URL: inject("databaseUrl"), WEBHOOK_ALLOW_PRIVATE_TARGETS: "1" });

describe("admin CLI accounts", () => {
  it("user:create makes a verified account (ACCOUNTS.md), with the output DECISIONS §1 fixes", async () => {
    const username = `cli-${Date.now().toString(36)}`;
    const result = await admin(["user:create", "--username", username, "--email", `${username}@example.test`, "--password", "cli-password-1"]);
    expect(result.code).toBe(0);
    expect(result.json).toEqual({ id: expect.any(String), username, email: `${username}@example.test`, plan: "free" });
    const { db } = await import("../../lib/db");
    const row = await db().user.findUniqueOrThrow({ where: { username } });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.sessionVersion).toBe(0);
  }, 60_000);
});

describe("admin CLI listings", () => {
  it("key:list shows each key's prefix and scopes, never the key", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    const result = await admin(["key:list", "--username", user.username]);
    expect(result.code).toBe(0);
    const { keys } = result.json as { keys: Record<string, unknown>[] };
    expect(keys).toEqual([expect.objectContaining({ prefix: key.slice(0, 12), scopes: ["posts:read"], revokedAt: null })]);
    expect(result.stdout).not.toContain(key);
    expect(Object.keys(keys[0])).not.toContain("hash");
  }, 60_000);

  it("webhook:list and webhook:delete, scoped to the named account", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
    const hook = await createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/hook" } });
    const listed = await admin(["webhook:list", "--username", user.username]);
    expect(listed.code).toBe(0);
    expect((listed.json as { webhooks: { id: string }[] }).webhooks.map((w) => w.id)).toEqual([hook.id]);
    expect(listed.stdout).not.toContain(hook.secret);

    const wrongOwner = await admin(["webhook:delete", "--username", other.username, "--id", hook.id]);
    expect(wrongOwner).toMatchObject({ code: 1, json: { error: "Webhook not found" } });
    const deleted = await admin(["webhook:delete", "--username", user.username, `--id=${hook.id}`]);
    expect(deleted).toMatchObject({ code: 0, json: { success: true } });
    expect((await admin(["webhook:list", "--username", user.username])).json).toEqual({ webhooks: [] });
  }, 90_000);

  it("reads DATABASE_URL from a .env file as Next does, and the environment beats the file", async () => {
    const user = await createTestUser();
    await createTestKey(user.id, ["posts:read"]);
    const dir = await mkdtemp(path.join(tmpdir(), "inkbase-admin-env-"));
    try {
      await symlink(path.resolve(import.meta.dirname, "../../node_modules"), path.join(dir, "node_modules"));
      await writeFile(path.join(dir, ".env"), `# written by tests/db/admin-cli.test.ts\nDATABASE_URL=${inject("databaseUrl")}\n`);
      const fromFile = await runAdmin(["key:list", "--username", user.username], { DATABASE_URL: undefined, DATA_DIR: path.join(dir, "data") }, { cwd: dir });
      expect(fromFile.stderr).toBe("");
      expect(fromFile).toMatchObject({ code: 0, json: { keys: [expect.objectContaining({ scopes: ["posts:read"] })] } });

      // A variable already set wins over the file: here a database where this user does not exist.
      const deadUrl = "postgresql://postgres@127.0.0.1:1/nothing";
      const overridden = await runAdmin(["key:list", "--username", user.username], { DATABASE_URL: deadUrl }, { cwd: dir });
      expect(overridden.code).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
