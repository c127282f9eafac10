// Subscription management, the functions the dashboard will call: create (secret format, default
// events, the SSRF guard at subscription time), list, get, update, rotate and delete, each
// scoped to its owner.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { EVENT_TYPES } from "../../lib/webhooks/event-types";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { deleteWebhookSubscription } from "../../lib/webhooks/delete-webhook-subscription";
import { getWebhookSubscription } from "../../lib/webhooks/get-webhook-subscription";
import { listWebhookSubscriptions } from "../../lib/webhooks/list-webhook-subscriptions";
import { rotateWebhookSecret } from "../../lib/webhooks/rotate-webhook-secret";
import { updateWebhookSubscription } from "../../lib/webhooks/update-webhook-subscription";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { enqueueTestEvent } from "../support/webhooks-fixtures";

connectTestDatabase();
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
});

const allowPrivate = () => (process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1");

describe("creating a subscription", () => {
  it("gives a whsec_ secret of 32 random bytes, every event type by default, active", async () => {
    allowPrivate();
    const user = await createTestUser();
    const created = await createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/hook" } });
    expect(created).toMatchObject({ url: "http://127.0.0.1:9/hook", events: [...EVENT_TYPES], active: true, disabledAt: null, failingSince: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    const other = await createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/hook" } });
    expect(other.secret).not.toBe(created.secret);
  });

  it("keeps the chosen events, once each, and refuses unknown or no events", async () => {
    allowPrivate();
    const user = await createTestUser();
    const created = await createWebhookSubscription({
      ownerId: user.id,
      input: { url: "http://127.0.0.1:9/", events: ["post.updated", "entry.created", "post.updated"] },
    });
    expect(created.events).toEqual(["entry.created", "post.updated"]);
    await expect(createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/", events: ["entry.renamed"] } })).rejects.toMatchObject({
      status: 400,
      body: { error: "Invalid input", issues: [expect.objectContaining({ path: ["events", "0"] })] },
    });
    await expect(createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/", events: [] } })).rejects.toMatchObject({
      status: 400,
      body: { issues: [{ path: ["events"], message: "At least one event is required" }] },
    });
  });

  describe("the SSRF guard (WEBHOOK_ALLOW_PRIVATE_TARGETS off, the default)", () => {
    it.each([
      ["http://example.com/hook", "Must be an https URL"],
      ["ftp://example.com/hook", "Must be an https URL"],
      ["not a url", "Must be a valid URL"],
      ["https://user:pass@example.com/hook", "Must not contain a user name or password"],
      ["https://127.0.0.1/hook", "Resolves to 127.0.0.1 (loopback), which webhooks may not reach"],
      ["https://localhost/hook", /^Resolves to (127\.0\.0\.1|::1) \(loopback\)/],
      ["https://10.1.2.3/hook", "Resolves to 10.1.2.3 (private), which webhooks may not reach"],
      ["https://192.168.1.1/hook", /\(private\)/],
      ["https://172.16.0.1/hook", /\(private\)/],
      ["https://169.254.169.254/latest/meta-data", /\(link-local or metadata\)/],
      ["https://0.0.0.0/", /\(unspecified\)/],
      ["https://[::1]/hook", /\(loopback\)/],
      ["https://[::]/hook", /\(unspecified\)/],
      ["https://[fd00:ec2::254]/", /\(unique local \(private\)\)/],
      ["https://[fe80::1]/", /\(link-local\)/],
      ["https://[::ffff:127.0.0.1]/", /\(IPv4-mapped IPv6\)/],
      ["https://[::ffff:8.8.8.8]/", /\(IPv4-mapped IPv6\)/],
      ["https://2130706433/", /Resolves to 127\.0\.0\.1 \(loopback\)/],
      ["https://no-such-host.invalid/", "Host no-such-host.invalid could not be resolved"],
    ])("refuses %s", async (url, message) => {
      const user = await createTestUser();
      const error = await createWebhookSubscription({ ownerId: user.id, input: { url } }).catch((err: unknown) => err);
      expect(error).toMatchObject({ status: 400, body: { error: "Invalid input", issues: [{ path: ["url"], message: expect.anything() }] } });
      const issue = (error as { body: { issues: { message: string }[] } }).body.issues[0].message;
      if (typeof message === "string") expect(issue).toBe(message);
      else expect(issue).toMatch(message);
      expect(await db().webhookSubscription.count({ where: { ownerId: user.id } })).toBe(0);
    });

    it("accepts an https URL on a public address", async () => {
      const user = await createTestUser();
      const created = await createWebhookSubscription({ ownerId: user.id, input: { url: "https://93.184.215.14/hook" } });
      expect(created.url).toBe("https://93.184.215.14/hook");
    });

    it("with WEBHOOK_ALLOW_PRIVATE_TARGETS=1, http and loopback targets are allowed", async () => {
      allowPrivate();
      const user = await createTestUser();
      await expect(createWebhookSubscription({ ownerId: user.id, input: { url: "http://localhost:3000/hook" } })).resolves.toMatchObject({ active: true });
    });
  });
});

describe("managing subscriptions", () => {
  it("lists and gets only the owner's subscriptions; only get and create show the secret", async () => {
    allowPrivate();
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const a = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/a" } });
    const b = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/b", events: ["post.published"] } });
    await createWebhookSubscription({ ownerId: stranger.id, input: { url: "http://127.0.0.1:9/c" } });

    const listed = await listWebhookSubscriptions({ ownerId: owner.id });
    expect(listed.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(listed[0]).not.toHaveProperty("secret");
    const got = await getWebhookSubscription({ ownerId: owner.id, id: a.id });
    expect(got).toMatchObject({ id: a.id });
    // The secret is shown once (create, rotate), never read back.
    expect(got).not.toHaveProperty("secret");
    await expect(getWebhookSubscription({ ownerId: stranger.id, id: a.id })).rejects.toMatchObject({ status: 404, body: { error: "Webhook not found" } });
  });

  it("updates URL (vetted again) and events; other owners get 404", async () => {
    allowPrivate();
    const owner = await createTestUser();
    const created = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/a" } });
    const updated = await updateWebhookSubscription({ ownerId: owner.id, id: created.id, input: { url: "http://127.0.0.1:9/b", events: ["entry.deleted"] } });
    expect(updated).toMatchObject({ url: "http://127.0.0.1:9/b", events: ["entry.deleted"], active: true });

    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    await expect(updateWebhookSubscription({ ownerId: owner.id, id: created.id, input: { url: "https://127.0.0.1/" } })).rejects.toMatchObject({
      status: 400,
      body: { issues: [{ path: ["url"], message: expect.stringContaining("loopback") }] },
    });
    const stranger = await createTestUser();
    await expect(updateWebhookSubscription({ ownerId: stranger.id, id: created.id, input: { events: ["entry.created"] } })).rejects.toMatchObject({ status: 404 });
  });

  it("rotates the secret with a 24-hour overlap for the previous one", async () => {
    allowPrivate();
    const owner = await createTestUser();
    const created = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/" } });
    const before = Date.now();
    const rotated = await rotateWebhookSecret({ ownerId: owner.id, id: created.id });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await db().webhookSubscription.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ secret: rotated.secret, previousSecret: created.secret });
    const overlap = row.previousSecretExpiresAt!.getTime() - before;
    expect(overlap).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(overlap).toBeLessThan(24 * 3600_000 + 10_000);
    expect((await getWebhookSubscription({ ownerId: owner.id, id: created.id })).previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);

    // A second rotation keeps only the last two secrets.
    const again = await rotateWebhookSecret({ ownerId: owner.id, id: created.id });
    expect(await db().webhookSubscription.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ secret: again.secret, previousSecret: rotated.secret });

    const stranger = await createTestUser();
    await expect(rotateWebhookSecret({ ownerId: stranger.id, id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it("deletes a subscription with its deliveries; other owners get 404", async () => {
    allowPrivate();
    const owner = await createTestUser();
    const created = await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/" } });
    const { deliveryIds } = await enqueueTestEvent(owner);
    const stranger = await createTestUser();
    await expect(deleteWebhookSubscription({ ownerId: stranger.id, id: created.id })).rejects.toMatchObject({ status: 404 });
    expect(await deleteWebhookSubscription({ ownerId: owner.id, id: created.id })).toEqual({ success: true });
    expect(await db().webhookDelivery.count({ where: { id: { in: deliveryIds } } })).toBe(0);
    expect(await listWebhookSubscriptions({ ownerId: owner.id })).toEqual([]);
  });
});
