// Webhooks in the browser (DASHBOARD.md "Webhooks"): add an endpoint pointing at a receiver this
// test starts, get the secret once, send a test event and verify its signatures on the receiver
// with two independent libraries, read the attempt in the log, make the receiver fail and see the
// retry scheduled, redeliver; rotate the secret, edit events and "Active", delete. axe on every
// page, screenshots into docs/screenshots.
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

let receiver: WebhookReceiver;

/**
 * After "Send test event" the page polls for the attempt and then refreshes, and the delivery's
 * row can show its outcome before that refresh lands (when the attempt was logged before the
 * first refresh rendered). An axe run or a click meanwhile sees the page mid-render. The button
 * reads "Send test event" again only once the last refresh has landed.
 */
const expectSettled = (page: Page) => expect(page.getByRole("button", { name: "Send test event" })).toBeEnabled();

test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test("add an endpoint, prove it with a test event, debug a failing receiver from the log, redeliver", async ({ page, author }, testInfo) => {
  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "webhooks-empty");

  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  // A URL the guard refuses is explained under the field, and nothing is created.
  await dialog.getByLabel("URL").fill("ftp://example.com/hook");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("Must be an http or https URL")).toBeVisible();
  await expect(dialog.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");

  const url = `${receiver.url}?for=${author.username}`;
  await dialog.getByLabel("URL").fill(url);
  await expect(dialog.getByRole("checkbox", { name: "post.published" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "entry.deleted" }).uncheck();
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  const secretBox = dialog.getByRole("textbox", { name: "Signing secret" });
  await expect(secretBox).toHaveValue(/^whsec_/);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(dialog.getByText("it will not be shown again")).toBeVisible();
  const secret = await secretBox.inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("None yet");
  await row.getByRole("link", { name: url }).click();

  // The endpoint's page: the test event goes through the real queue to the receiver.
  await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No deliveries yet" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Send test event" }).click();
  const [ping] = await receiver.waitFor(1);
  expect(ping.json).toMatchObject({ type: "ping", project: author.username });
  expect(await verifyGithubStyle(secret, ping.body, ping.headers["x-service-signature"])).toBe(true);
  expect(() => new Webhook(secret).verify(ping.body, ping.headers)).not.toThrow();

  const deliveries = page.getByRole("region", { name: "Delivery log" });
  const pingRow = deliveries.getByRole("row").filter({ hasText: ping.headers["webhook-id"] });
  await expect(pingRow).toContainText("ping");
  await expect(pingRow).toContainText("succeeded");
  await expect(pingRow).toContainText("200");
  await expectSettled(page);
  await expectNoSeriousA11yIssues(page);

  // The attempt in the log: the request exactly as the receiver got it, and the response.
  await pingRow.getByRole("link", { name: ping.headers["webhook-id"] }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ping.headers["webhook-id"]);
  const first = page.getByRole("article", { name: /Attempt 1/ });
  await expect(first.getByLabel("Attempt 1 request headers")).toContainText(`X-Service-Signature: ${ping.headers["x-service-signature"]}`);
  await expect(first.getByLabel("Attempt 1 request headers")).toContainText(`webhook-signature: ${ping.headers["webhook-signature"]}`);
  await expect(first.getByLabel("Attempt 1 request body")).toContainText(`"type": "ping"`);
  await expect(first.getByLabel("Attempt 1 response body")).toHaveText("ok");
  await expectNoSeriousA11yIssues(page);

  // A failing receiver: the attempt shows its status and body, and the retry it scheduled.
  receiver.respond({ status: 500, body: "database unavailable" });
  await page.getByRole("link", { name: "← Endpoint" }).click();
  await page.getByRole("button", { name: "Send test event" }).click();
  await receiver.waitFor(2);
  const failedId = receiver.received[1].headers["webhook-id"];
  const failedRow = deliveries.getByRole("row").filter({ hasText: failedId });
  await expect(failedRow).toContainText("pending");
  await expect(failedRow).toContainText("500");
  await expect(failedRow.getByRole("cell").nth(4)).not.toHaveText("—"); // the next retry's time
  await expectSettled(page);
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(deliveries.getByRole("row")).toHaveCount(2); // the header and the failing one
  await screenshot(page, testInfo, "webhook-endpoint");
  await failedRow.getByRole("link", { name: failedId }).click();
  const failedAttempt = page.getByRole("article", { name: /Attempt 1/ });
  await expect(failedAttempt.getByLabel("Attempt 1 response body")).toHaveText("database unavailable");
  await expect(failedAttempt).toContainText("500");
  await expect(failedAttempt).toContainText("Retry scheduled for");
  await expectNoSeriousA11yIssues(page);

  // Fixed: redeliver now, without waiting for the retry.
  receiver.respond({ status: 204, body: "" });
  await page.getByRole("button", { name: "Redeliver" }).click();
  const second = page.getByRole("article", { name: /Attempt 2/ });
  await expect(second).toContainText("manual");
  await expect(second).toContainText("204");
  await expect(page.getByRole("region", { name: "Delivery status" })).toContainText("succeeded");
  const redelivered = await receiver.waitFor(3);
  expect(redelivered[2].headers["webhook-id"]).toBe(failedId);
  expect(redelivered[2].body).toBe(redelivered[1].body);
  await screenshot(page, testInfo, "webhook-delivery", { fullPage: true });

  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("row").filter({ hasText: url })).toContainText("1"); // one failure in 24 h
  await screenshot(page, testInfo, "webhooks");
});

test("rotate the secret with the overlap explained, edit events and Active, delete", async ({ page, author, api }, testInfo) => {
  const created = await api.post("/api/webhooks", { data: { url: `${receiver.url}?for=${author.username}` } });
  expect(created.status()).toBe(201);
  const { id, secret: oldSecret } = (await created.json()) as { id: string; secret: string };
  await page.goto(`/dashboard/webhooks/${id}`);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate secret" });
  await expect(rotate).toContainText("For 24 hours the old secret keeps signing");
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const secretBox = rotate.getByRole("textbox", { name: "Signing secret" });
  await expect(secretBox).toHaveValue(/^whsec_/);
  const newSecret = await secretBox.inputValue();
  expect(newSecret).not.toBe(oldSecret);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "webhook-rotate-secret");
  await rotate.getByRole("button", { name: "Done" }).click();

  await page.getByRole("button", { name: "Send test event" }).click();
  const [ping] = await receiver.waitFor(1);
  expect(await verifyGithubStyle(newSecret, ping.body, ping.headers["x-service-signature"])).toBe(true);
  // During the overlap, receivers still on the old secret keep verifying.
  expect(() => new Webhook(oldSecret).verify(ping.body, ping.headers)).not.toThrow();
  expect(() => new Webhook(newSecret).verify(ping.body, ping.headers)).not.toThrow();
  await expectSettled(page);

  const settings = page.getByRole("region", { name: "Settings" });
  await settings.getByRole("checkbox", { name: "post.updated" }).uncheck();
  await settings.getByRole("checkbox", { name: "Active" }).uncheck();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Not active: Paused by the owner")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
  const read = (await (await api.get(`/api/webhooks/${id}`)).json()) as { events: string[]; active: boolean };
  expect(read.active).toBe(false);
  expect(read.events).not.toContain("post.updated");

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
  expect((await api.get(`/api/webhooks/${id}`)).status()).toBe(404);
});
