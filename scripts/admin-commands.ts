// The admin CLI's commands (DECISIONS §1). Each returns the one JSON object printed on success.
import { listApiKeys } from "../lib/auth/list-api-keys";
import { required } from "./lib/cli-args";
import { createUser } from "../lib/users/create-user";
import { setUserPlan } from "../lib/users/set-user-plan";
import { createApiKey } from "../lib/auth/create-api-key";
import { revokeApiKey } from "../lib/auth/revoke-api-key";
import { findUserByUsername } from "../lib/users/find-user-by-username";
import { planSchema } from "../lib/users/user-input";
import { createWebhookSubscription } from "../lib/webhooks/create-webhook-subscription";
import { runCronTick } from "../lib/cron/run-cron-tick";
import { listWebhookSubscriptions } from "../lib/webhooks/list-webhook-subscriptions";
import { deleteWebhookSubscription } from "../lib/webhooks/delete-webhook-subscription";

import type { Command } from "./command";
import { portabilityCommands } from "./portability-commands";

export const commands: Record<string, Command> = {
  "user:create": async (flags) =>
    createUser({
      username: required(flags, "username"),
      email: required(flags, "email"),
      password: required(flags, "password"),
      plan: flags.plan === undefined ? undefined : planSchema.parse(flags.plan),
      displayName: flags["display-name"],
    }),

  "user:plan": async (flags) =>
    setUserPlan({ username: required(flags, "username"), plan: planSchema.parse(required(flags, "plan")) }),

  "key:create": async (flags) => {
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

  "key:revoke": async (flags) => revokeApiKey({ id: required(flags, "id") }),

  // Never the key or its hash: the prefix names a key, as in the dashboard.
  // (When lib/auth/list-api-keys.ts from the keys issue lands, call it here instead.)
  "key:list": async (flags) => {
    const user = await findUserByUsername(required(flags, "username"));
    // The same view as GET /api/keys: never the key, with expiry and last use.
    return { keys: await listApiKeys({ ownerId: user.id }) };
  },

  "webhook:list": async (flags) => {
    const user = await findUserByUsername(required(flags, "username"));
    return { webhooks: await listWebhookSubscriptions({ ownerId: user.id }) };
  },

  "webhook:delete": async (flags) => {
    const user = await findUserByUsername(required(flags, "username"));
    return deleteWebhookSubscription({ ownerId: user.id, id: required(flags, "id") });
  },

  "webhook:create": async (flags) => {
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

  "cron:run": async () => runCronTick(),

  ...portabilityCommands,
};
