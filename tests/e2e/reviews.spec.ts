// Review, preview links and the audit log in Chromium (TEAMS.md "Tests and budgets"): the owner
// invites a contributor, who accepts as a new account from the link alone, drafts a post, shares
// a preview link that a signed-out reader opens, and requests review ("Request review" where
// others see "Publish"); an editor finds it under "Reviews" (with the open count), reads the diff
// in the "Review" dialog and approves and publishes in one click; the public page shows the post.
// Then a protected label move the contributor asked for is approved from the same page, and the
// owner finds who did each of those in the "Audit log", filtered by person. Axe on every page,
// 390 px and dark mode for the Reviews page and its dialog.
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, signIn, test, type Author } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test.describe.configure({ timeout: 240_000 });

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** "Invite member" on the Members page → the invitation's link. */
async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.goto("/dashboard/members");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const url = await dialog.getByRole("textbox", { name: "Invitation link" }).inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  return url;
}

test("a contributor's draft goes live through review; a label move is approved; the audit log names everyone", async ({ page, author: owner, makeUser, browser, baseURL, api }, testInfo) => {
  const project = owner.username;
  const editor: Author = await makeUser({ plan: "free" });
  const contributorEmail = `contrib-${Date.now().toString(36)}@example.test`;
  const contributorName = `contrib${Date.now().toString(36)}`;

  // A collection whose entry has two versions, `production` on the first (Pro, the owner's).
  const collection = `guides-${Date.now().toString(36)}`;
  expect((await api.post("/api/collections", { data: { name: "Guides", slug: collection, schema: { fields: [{ name: "title", type: "string", required: true }, { name: "body", type: "text" }] } } })).status()).toBe(201);
  const entry = (await (await api.post(`/api/collections/${collection}/entries`, { data: { data: { title: "Install", body: "Run the installer." } } })).json()) as { id: string; version: string };
  expect((await api.put(`/api/collections/${collection}/entries/${entry.id}/labels/production`, { data: { version: entry.version } })).status()).toBe(200);
  const second = (await (await api.patch(`/api/collections/${collection}/entries/${entry.id}`, { data: { data: { title: "Install", body: "Run the installer, then sign in." } } })).json()) as { version: string };

  // Invitations from the Members page, no mail server.
  const contributorLink = await invite(page, contributorEmail, "contributor");
  const editorLink = await invite(page, editor.email, "editor");

  // The contributor accepts as a new account, from the link alone.
  const contributor = await newPage(browser, baseURL);
  await contributor.goto(new URL(contributorLink).pathname);
  await expect(contributor.getByRole("heading", { level: 1, name: `Join ${project}` })).toBeVisible();
  const signup = contributor.getByRole("form", { name: "Create account" });
  await expect(signup.getByLabel("Email")).toHaveValue(contributorEmail);
  await signup.getByLabel("Username").fill(contributorName);
  await signup.getByLabel("Password").fill("a long enough password 1");
  await signup.getByRole("button", { name: "Create account" }).click();
  await expect(contributor).toHaveURL(/\/dashboard/);

  // The editor, an existing account, joins.
  const editorPage = await newPage(browser, baseURL);
  await signIn(editorPage, editor);
  await editorPage.goto(new URL(editorLink).pathname);
  await editorPage.getByRole("button", { name: `Join ${project}` }).click();
  await expect(editorPage).not.toHaveURL(/\/invite\//);

  // The contributor drafts a post in the owner's project: "Request review", never "Publish".
  await contributor.goto(`/dashboard/posts?project=${project}`);
  await contributor.getByRole("button", { name: "New post" }).first().click();
  await expect(contributor).toHaveURL(/\/dashboard\/posts\/[^/?]+/);
  const postId = new URL(contributor.url()).pathname.split("/").pop()!;
  await contributor.getByLabel("Title").fill("Reviewed launch notes");
  await contributor.getByRole("textbox", { name: "Content" }).click();
  await contributor.keyboard.type("Everything we shipped this week, checked by an editor.");
  await contributor.getByLabel("Title").focus(); // leaves the content: autosave
  await expect(contributor.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(contributor.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await expect(contributor.getByRole("button", { name: "Schedule" })).toHaveCount(0);

  // A preview link, opened signed out.
  await contributor.getByRole("button", { name: "Share preview" }).click();
  const share = contributor.getByRole("dialog", { name: "Share preview" });
  const previewUrl = await share.getByRole("textbox", { name: "Preview link" }).inputValue();
  await share.getByRole("button", { name: "Close" }).click();
  const reader = await newPage(browser, baseURL);
  const previewResponse = await reader.goto(new URL(previewUrl).pathname);
  expect(previewResponse?.status()).toBe(200);
  expect(previewResponse?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(reader.getByRole("heading", { level: 1, name: "Reviewed launch notes" })).toBeVisible();
  await expect(reader.getByRole("status")).toContainText("Preview");

  // "Request review" with a note.
  await contributor.getByRole("button", { name: "Request review" }).click();
  const request = contributor.getByRole("dialog", { name: "Request review" });
  await request.getByLabel("Note").fill("Ready for a look");
  await expectNoSeriousA11yIssues(contributor);
  await screenshot(contributor, testInfo, "reviews-request");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(contributor.getByText("Review requested")).toBeVisible();
  await expect(contributor.getByText("In review", { exact: true })).toBeVisible();

  // The contributor also asks for `production` to move to the second version.
  const labelRequest = await contributor.request.post(`/api/collections/${collection}/entries/${entry.id}/labels/production/requests`, {
    headers: { "Inkbase-Project": project },
    data: { version: second.version, note: "The sign-in step" },
  });
  expect(labelRequest.status(), await labelRequest.text()).toBe(201);

  // The editor: "Reviews" with the open count, the dialog with the diff, approve and publish.
  await editorPage.goto(`/dashboard/posts?project=${project}`);
  const reviewsLink = editorPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Reviews/ });
  await expect(reviewsLink).toHaveAccessibleName("Reviews 2 open");
  await reviewsLink.click();
  await expect(editorPage.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const table = editorPage.getByRole("table", { name: "Reviews" });
  const postRow = table.getByRole("row").filter({ hasText: "Reviewed launch notes" });
  await expect(postRow).toContainText(contributorName);
  await expect(postRow).toContainText("Ready for a look");
  await expectNoSeriousA11yIssues(editorPage);
  await screenshot(editorPage, testInfo, "reviews", { fullPage: true });
  await postRow.getByRole("button", { name: "Review" }).click();
  const dialog = editorPage.getByRole("dialog", { name: "Review" });
  await expect(dialog.getByText("Never published")).toBeVisible();
  await expect(dialog.locator("ins").filter({ hasText: "Reviewed launch notes" })).toBeVisible();
  // A user co-author reads as their username, not an id.
  await expect(dialog.locator("ins").filter({ hasText: new RegExp(`^${contributorName}$`) })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Approve and publish" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Request changes" })).toBeVisible();
  await dialog.getByLabel("Note").fill("Lovely, shipping it");
  await expectNoSeriousA11yIssues(editorPage);
  await screenshot(editorPage, testInfo, "reviews-dialog");
  await dialog.getByRole("button", { name: "Approve and publish" }).click();
  await expect(dialog).toBeHidden();
  await expect(editorPage.getByText("Approved and published")).toBeVisible();
  // Open only by default: the post's request has left the list, the label's is left.
  await expect(table.getByRole("row").filter({ hasText: "Reviewed launch notes" })).toHaveCount(0);
  await expect(reviewsLink).toHaveAccessibleName("Reviews 1 open");

  // Live on the public page, signed out.
  const publicPost = (await (await api.get(`/api/posts/${postId}`)).json()) as { slug: string; status: string };
  expect(publicPost.status).toBe("published");
  await reader.goto(`/${project}/${publicPost.slug}`);
  await expect(reader.getByRole("heading", { level: 1, name: "Reviewed launch notes" })).toBeVisible();

  // The label request: the diff between the two versions, then "Approve" moves `production`.
  const labelRow = table.getByRole("row").filter({ hasText: "production →" });
  await labelRow.getByRole("button", { name: "Review" }).click();
  await expect(dialog.getByRole("region", { name: /Changes from v_\d+ to v_\d+/ })).toBeVisible();
  await expect(dialog.locator("ins").filter({ hasText: "sign" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Approve and publish" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(dialog).toBeHidden();
  const label = (await (await api.get(`/api/collections/${collection}/entries/${entry.id}/labels/production`)).json()) as { version: string };
  expect(label.version).toBe(second.version);
  await expect(editorPage.getByRole("heading", { name: "Nothing waits for review" })).toBeVisible();
  await expect(reviewsLink).toHaveAccessibleName("Reviews");

  // Every status: both approved, decided by the editor.
  await editorPage.getByLabel("Status").selectOption("all");
  await editorPage.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row").filter({ hasText: "Approved" })).toHaveCount(2);
  await expect(table.getByRole("row").filter({ hasText: "Lovely, shipping it" })).toContainText(editor.username);

  // 390 px and dark: the list and the dialog fit and pass axe.
  await editorPage.setViewportSize({ width: 390, height: 844 });
  await editorPage.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(editorPage);
  const overflow = await editorPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await screenshot(editorPage, testInfo, "reviews-390-dark", { fullPage: true });

  // The owner's audit log, filtered by person: who did what, from where, with the request id.
  await page.goto("/dashboard/audit");
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  await filters.getByLabel("Person").selectOption({ label: editor.username });
  await filters.getByRole("button", { name: "Filter" }).click();
  const audit = page.getByRole("table", { name: "Audit log" });
  await expect(audit.getByRole("row").filter({ hasText: "review.decided" })).toHaveCount(2);
  await expect(audit.getByRole("row").filter({ hasText: "post.published" })).toHaveCount(1);
  await expect(audit.getByRole("row").filter({ hasText: "label.moved" })).toHaveCount(1);
  await filters.getByLabel("Person").selectOption({ label: contributorName });
  await filters.getByLabel("Action").selectOption({ label: "Reviews" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(audit.getByRole("row").filter({ hasText: "review.requested" })).toHaveCount(2);
  await expect(audit.getByRole("row").filter({ hasText: "review.requested" }).first()).toContainText(/127\.0\.0\.1|::1/);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "reviews-audit", { fullPage: true });
});

test("with review required, an author publishes only what an editor approved, as it was approved", async ({ page, author: owner, makeUser, browser, baseURL, api }) => {
  const project = owner.username;
  // A project of one has nobody to review: no "Reviews" in the navigation until it is a team's.
  await page.goto("/dashboard/posts");
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Reviews/ })).toHaveCount(0);
  // The owner turns review on from the Reviews page.
  await page.goto("/dashboard/reviews");
  const required = page.getByRole("checkbox", { name: "Authors need an approved review to publish" });
  await expect(required).not.toBeChecked();
  await required.check();
  await expect(page.getByText("Authors now need an approved review to publish")).toBeVisible();
  expect(((await (await api.get("/api/project")).json()) as { reviewRequired: boolean }).reviewRequired).toBe(true);

  const author = await makeUser({ plan: "free" });
  const token = async () => {
    const res = await api.post("/api/members/invitations", { data: { email: author.email, role: "author" } });
    expect(res.status(), await res.text()).toBe(201);
    return new URL(((await res.json()) as { url: string }).url).pathname;
  };
  const authorPage = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } }).then((context) => context.newPage());
  await signIn(authorPage, author);
  await authorPage.goto(await token());
  await authorPage.getByRole("button", { name: `Join ${project}` }).click();
  await expect(authorPage).not.toHaveURL(/\/invite\//);

  // The author's own draft: "Request review" in the place of "Publish", and no "Schedule".
  const created = await authorPage.request.post("/api/posts", { headers: { "Inkbase-Project": project }, data: { title: "An author's piece", slug: `an-authors-piece-${Date.now().toString(36)}`, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "First draft." }] }] } } });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  await authorPage.goto(`/dashboard/posts/${postId}?project=${project}`);
  await expect(authorPage.getByRole("button", { name: "Request review" })).toBeVisible();
  await expect(authorPage.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await expect(authorPage.getByRole("button", { name: "Schedule" })).toHaveCount(0);
  await authorPage.getByRole("button", { name: "Request review" }).click();
  await authorPage.getByRole("dialog", { name: "Request review" }).getByRole("button", { name: "Send request" }).click();
  await expect(authorPage.getByText("In review", { exact: true })).toBeVisible();

  // The owner asks for changes: the author sees who and why.
  await page.goto("/dashboard/reviews");
  const row = page.getByRole("table", { name: "Reviews" }).getByRole("row").filter({ hasText: "An author's piece" });
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Review" });
  await dialog.getByLabel("Note").fill("Add a closing line");
  await dialog.getByRole("button", { name: "Request changes" }).click();
  await expect(dialog).toBeHidden();
  await authorPage.reload();
  await expect(authorPage.getByRole("note")).toContainText("Add a closing line");
  await expect(authorPage.getByText("Changes requested", { exact: true })).toBeVisible();

  // Asked again, withdrawn by the author from Reviews (only the requester may), asked once more.
  const ask = async () => {
    await authorPage.goto(`/dashboard/posts/${postId}?project=${project}`);
    await authorPage.getByRole("button", { name: "Request review" }).click();
    await authorPage.getByRole("dialog", { name: "Request review" }).getByRole("button", { name: "Send request" }).click();
    await expect(authorPage.getByText("In review", { exact: true })).toBeVisible();
  };
  await ask();
  await authorPage.goto(`/dashboard/reviews?project=${project}`);
  const mine = authorPage.getByRole("table", { name: "Reviews" }).getByRole("row").filter({ hasText: "An author's piece" });
  await expect(mine).toContainText(`${author.username} (you)`);
  await expect(mine.getByRole("button", { name: "Review" })).toHaveCount(0);
  await mine.getByRole("button", { name: "Withdraw" }).click();
  await authorPage.getByRole("dialog", { name: "Withdraw request" }).getByRole("button", { name: "Withdraw" }).click();
  await expect(authorPage.getByText("Request withdrawn")).toBeVisible();
  await expect(mine).toHaveCount(0);
  await ask();

  // Approved (without publishing): now "Publish" is the author's.
  await page.goto("/dashboard/reviews");
  await row.getByRole("button", { name: "Review" }).click();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(dialog).toBeHidden();
  await authorPage.reload();
  await expect(authorPage.getByText("Approved", { exact: true })).toBeVisible();
  await authorPage.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(authorPage.locator("#main").getByText("Published", { exact: true }).first()).toBeVisible();
  await expect.poll(async () => ((await (await api.get(`/api/posts/${postId}`)).json()) as { status: string }).status).toBe("published");
  await expectNoSeriousA11yIssues(authorPage);
});
