// The admin CLI's listing commands, run the way an operator runs them (npm run admin): key:list
// shows prefixes and never a key or hash; webhook:list and webhook:delete act on the named
// account's subscriptions only.
import { describe, expect, it, inject } from "vitest";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestKey, createTestUser } from "../support/fixtures";
import { runAdmin } from "../support/run-admin";

connectTestDatabase();

const admin = (args: string[]) => runAdmin(args, { DATABASE_URL: inject("databaseUrl"), WEBHOOK_ALLOW_PRIVATE_TARGETS: "1" });

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
});
