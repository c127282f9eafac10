// The admin CLI's commands (DECISIONS §1). Each returns the one JSON object printed on success.
// Each loads its own code when it runs (the `await import`s inside it), so a command costs only
// what it uses: loading every command's modules first, the importers and backups among them, made
// `key:create` take 2.8–3.5 s instead of about 1.5 (docs/deploying.md, "The admin CLI").
import { required } from "./lib/cli-args";
import type { Command } from "./command";
import { portabilityCommands } from "./portability-commands";

export const commands: Record<string, Command> = {
  "user:create": async (flags) => {
    const { createUser } = await import("../lib/users/create-user");
    const { planSchema } = await import("../lib/users/user-input");
    return createUser({
      username: required(flags, "username"),
      email: required(flags, "email"),
      password: required(flags, "password"),
      plan: flags.plan === undefined ? undefined : planSchema.parse(flags.plan),
      displayName: flags["display-name"],
    });
  },

  "user:plan": async (flags) => {
    const { setUserPlan } = await import("../lib/users/set-user-plan");
    const { planSchema } = await import("../lib/users/user-input");
    return setUserPlan({ username: required(flags, "username"), plan: planSchema.parse(required(flags, "plan")) });
  },

  "key:create": async (flags) => {
    const { findUserByUsername } = await import("../lib/users/find-user-by-username");
    const { createApiKey } = await import("../lib/auth/create-api-key");
    const user = await findUserByUsername(required(flags, "username"));
    const scopes = required(flags, "scopes")
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean);
    const expiresAt = flags["expires-at"] === undefined ? null : new Date(flags["expires-at"]);
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new Error("--expires-at must be an ISO 8601 date-time");
    // DECISIONS §1 fixes this output: the key's name and expiry are not part of it.
    const { id, key, prefix, scopes: granted } = await createApiKey({ userId: user.id, scopes, name: flags.name, expiresAt });
    return { id, key, prefix, scopes: granted };
  },

  "key:revoke": async (flags) => {
    const { revokeApiKey } = await import("../lib/auth/revoke-api-key");
    return revokeApiKey({ id: required(flags, "id") });
  },

  // Never the key or its hash: the prefix names a key, as in the dashboard.
  // (When lib/auth/list-api-keys.ts from the keys issue lands, call it here instead.)
  "key:list": async (flags) => {
    const { findUserByUsername } = await import("../lib/users/find-user-by-username");
    const { listApiKeys } = await import("../lib/auth/list-api-keys");
    const user = await findUserByUsername(required(flags, "username"));
    // The same view as GET /api/keys: never the key, with expiry and last use.
    return { keys: await listApiKeys({ projectId: user.id, actorId: user.id, role: "owner", kind: "session" }) };
  },

  "webhook:list": async (flags) => {
    const { findUserByUsername } = await import("../lib/users/find-user-by-username");
    const { listWebhookSubscriptions } = await import("../lib/webhooks/list-webhook-subscriptions");
    const user = await findUserByUsername(required(flags, "username"));
    return { webhooks: await listWebhookSubscriptions({ ownerId: user.id }) };
  },

  "webhook:delete": async (flags) => {
    const { findUserByUsername } = await import("../lib/users/find-user-by-username");
    const { deleteWebhookSubscription } = await import("../lib/webhooks/delete-webhook-subscription");
    const user = await findUserByUsername(required(flags, "username"));
    return deleteWebhookSubscription({ ownerId: user.id, id: required(flags, "id") });
  },

  "webhook:create": async (flags) => {
    const { findUserByUsername } = await import("../lib/users/find-user-by-username");
    const { createWebhookSubscription } = await import("../lib/webhooks/create-webhook-subscription");
    const user = await findUserByUsername(required(flags, "username"));
    const events = flags.events
      ?.split(",")
      .map((event) => event.trim())
      .filter(Boolean);
    const created = await createWebhookSubscription({
      ownerId: user.id,
      input: { url: required(flags, "url"), events },
    });
    return { id: created.id, url: created.url, events: created.events, secret: created.secret };
  },

  "cron:run": async () => {
    const { runCronTick } = await import("../lib/cron/run-cron-tick");
    return runCronTick();
  },

  ...portabilityCommands,
};
