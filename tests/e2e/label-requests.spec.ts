// Review requests from the dashboard (TEAMS.md "Protected labels", "Review"): a contributor in a
// Pro owner's project opens an entry whose `production` is protected; "Move label" there is
// "Request review" with a "Note" (never a move the API refuses with 403 "Protected label"), the
// request is listed on the entry page and reaches the owner's reviews, and the label stays where
// it was. Then the owner's posts table filtered "In review". Axe and the keyboard on the way.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, signIn, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("a contributor requests a protected label move; the owner filters posts in review", async ({ page, api, author: owner, makeUser, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { db } = await import("../../lib/db");
  const collection = `docs-${Date.now().toString(36)}`;
  expect((await api.post("/api/collections", { data: { name: "Docs", slug: collection, schema: { fields: [{ name: "title", type: "string" }] } } })).status()).toBe(201);
  const created = await api.post(`/api/collections/${collection}/entries`, { data: { data: { title: "One" }, label: "production" } });
  const entryId = ((await created.json()) as { id: string }).id;
  expect((await api.patch(`/api/collections/${collection}/entries/${entryId}`, { data: { data: { title: "Two" } } })).status()).toBe(200);

  const contributor = await makeUser({ plan: "free" });
  await db().membership.create({ data: { projectId: owner.id, userId: contributor.id, role: "contributor" } });
  const context = await browser.newContext({ baseURL });
  const contributorPage = await context.newPage();
  await signIn(contributorPage, contributor);
  await contributorPage.goto(`/dashboard/collections/${collection}/entries/${entryId}?project=${owner.username}`);
  await expect(contributorPage.getByRole("heading", { name: "Labels", level: 2 })).toBeVisible();
  // A protected label has no "Remove" for a contributor: it would only be refused.
  await expect(contributorPage.getByRole("button", { name: "Remove label production" })).toHaveCount(0);

  await contributorPage.getByRole("button", { name: "Move label" }).focus();
  await contributorPage.keyboard.press("Enter");
  const dialog = contributorPage.getByRole("dialog", { name: "Move label" });
  await expect(dialog.getByLabel("Label")).toHaveValue("production");
  await expect(dialog.getByLabel("Version")).toHaveValue("2");
  await expect(dialog.getByRole("button", { name: "Move label" })).toHaveCount(0);
  await dialog.getByLabel("Note").fill("Ready to ship");
  await expectNoSeriousA11yIssues(contributorPage);
  await screenshot(contributorPage, testInfo, "label-request");
  await dialog.getByRole("button", { name: "Request review" }).click();
  await expect(contributorPage.getByText("Review requested", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(contributorPage.getByRole("list", { name: "Open label requests" })).toContainText(`Review requested: production → v_2 by ${contributor.username}`);
  await expectNoSeriousA11yIssues(contributorPage);
  await screenshot(contributorPage, testInfo, "label-request-open", { fullPage: true });
  await context.close();

  // The owner has the request; production has not moved.
  const reviews = (await (await api.get("/api/reviews?kind=label&status=open")).json()) as { data: Record<string, unknown>[] };
  expect(reviews.data).toEqual([
    expect.objectContaining({ kind: "label", collectionId: collection, entryId, label: "production", fromVersion: "v_1", toVersion: "v_2", note: "Ready to ship", requestedBy: { id: contributor.id, username: contributor.username } }),
  ]);
  expect(((await (await api.get(`/api/collections/${collection}/entries/${entryId}/labels/production`)).json()) as { version: string }).version).toBe("v_1");

  // The posts table's "In review": the post with an open review, badged; not the other one.
  const reviewed = await createPostViaApi(api, { title: "Awaiting review", slug: `awaiting-${Date.now().toString(36)}` });
  await createPostViaApi(api, { title: "Not in review", slug: `other-${Date.now().toString(36)}` });
  expect((await api.post(`/api/posts/${reviewed}/review-requests`, { data: {} })).status()).toBe(201);
  await page.goto("/dashboard/posts");
  // The count is what waits for this reviewer: the contributor's request, not the owner's own.
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Reviews/ })).toHaveAccessibleName("Reviews 1 open");
  await page.getByLabel("Status").selectOption("in_review");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=in_review/);
  const rows = page.getByRole("table", { name: "Posts" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Awaiting review");
  await expect(rows.nth(1)).toContainText("In review");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "posts-in-review");
});
