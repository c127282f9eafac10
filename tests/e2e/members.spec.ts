// Teams in the dashboard (TEAMS.md "Dashboard", "Invitations", "Members", "Keys"): the owner
// invites an editor and a contributor from "Members" (the link from "Invitation link" with "Copy
// link", no mail server), each joins at /invite/<token> and then sees, in the owner's project
// (?project=<owner>), only the controls their role may use; the owner changes a role, suspends
// and reinstates, removes a member with "Give their posts to", resends and revokes invitations;
// a member leaves. The "Project" switcher, keys (personal and project), axe on every page,
// keyboard, 390 px and dark mode.
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, signIn, test, type Author } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test.describe.configure({ timeout: 180_000 });

/** Another browser (its own cookies) signed in as `user`. */
async function browserOf(browser: Browser, baseURL: string | undefined, user: Author): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** "Invite member" → "Email", "Role", "Create invitation" → the "Invitation link"; closes the dialog. */
async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const link = dialog.getByRole("textbox", { name: "Invitation link" });
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{22,}$/);
  await expect(link).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  const url = await link.inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return url;
}

/** Opens an invitation link as the signed-in member and joins. */
async function join(page: Page, url: string, project: string): Promise<void> {
  await page.goto(new URL(url).pathname);
  await page.getByRole("button", { name: `Join ${project}` }).click();
  await expect(page).not.toHaveURL(/\/invite\//);
}

const memberRow = (page: Page, username: string) => page.getByRole("region", { name: "Members" }).getByRole("row").filter({ hasText: username });
const invitationRow = (page: Page, email: string) => page.getByRole("region", { name: "Invitations" }).getByRole("row").filter({ hasText: email });

/** The page at 390 px in dark mode passes axe and does not scroll sideways; then back. */
async function checkNarrowDark(page: Page, name: string, testInfo: Parameters<typeof screenshot>[1]): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, `${name}-390-dark`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("the owner invites an editor and a contributor by link; each joins and sees what their role allows", async ({ page, author: owner, makeUser, browser, baseURL }, testInfo) => {
  const editor = await makeUser({ plan: "free" });
  const contributor = await makeUser({ plan: "free" });

  await page.goto("/dashboard/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
  await expect(memberRow(page, owner.username)).toContainText("Owner");
  // The owner's row has no controls: never demoted, suspended or removed.
  await expect(memberRow(page, owner.username).getByRole("combobox")).toHaveCount(0);
  await expect(memberRow(page, owner.username).getByRole("button")).toHaveCount(0);
  // One project only: no switcher.
  await expect(page.getByRole("combobox", { name: "Project" })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  // The editor's invitation by keyboard alone.
  await page.getByRole("button", { name: "Invite member" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(editor.email.toUpperCase()); // letter case does not matter
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Role")).toBeFocused();
  await dialog.getByLabel("Role").selectOption("editor");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "members-invite");
  await dialog.getByLabel("Email").press("Enter");
  const editorLink = await dialog.getByRole("textbox", { name: "Invitation link" }).inputValue();
  expect(editorLink).toMatch(/\/invite\//);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "members-invitation-link");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const firstContributorLink = await invite(page, contributor.email, "contributor");
  await expect(invitationRow(page, editor.email.toUpperCase().toLowerCase())).toContainText("Editor");
  await expect(invitationRow(page, contributor.email)).toContainText("Contributor");
  await expect(invitationRow(page, contributor.email)).toContainText("Pending");

  // Inviting the same address again is refused beside the address.
  await page.getByRole("button", { name: "Invite member" }).click();
  await dialog.getByLabel("Email").fill(contributor.email);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  await expect(dialog.getByText("Already invited")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // "Resend": a new link, the old one dead.
  await invitationRow(page, contributor.email).getByRole("button", { name: "Resend" }).click();
  const resent = page.getByRole("dialog", { name: "Resend" });
  const contributorLink = await resent.getByRole("textbox", { name: "Invitation link" }).inputValue();
  expect(contributorLink).toMatch(/\/invite\//);
  expect(contributorLink).not.toBe(firstContributorLink);
  await expect(resent.getByRole("button", { name: "Copy link" })).toBeVisible();
  await resent.getByRole("button", { name: "Done" }).click();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "members-pending", { fullPage: true });

  // The editor joins.
  const editorPage = await browserOf(browser, baseURL, editor);
  await join(editorPage, editorLink, owner.username);
  await editorPage.goto(`/dashboard/members?project=${owner.username}`);
  await expect(memberRow(editorPage, editor.username)).toContainText("Editor");
  // An editor invites contributors and authors only, and changes nobody's role.
  await expect(editorPage.getByRole("combobox", { name: "Role" })).toHaveCount(0);
  await expect(editorPage.getByRole("button", { name: "Suspend" })).toHaveCount(0);
  await expect(editorPage.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await editorPage.getByRole("button", { name: "Invite member" }).click();
  await expect(editorPage.getByRole("dialog", { name: "Invite member" }).getByLabel("Role").locator("option")).toHaveText(["Contributor", "Author"]);
  await editorPage.getByRole("dialog", { name: "Invite member" }).getByRole("button", { name: "Cancel" }).click();
  // Webhooks, imports and exports are the admins'.
  const editorNav = editorPage.getByRole("navigation", { name: "Dashboard" });
  await expect(editorNav.getByRole("link", { name: "Members" })).toBeVisible();
  await expect(editorNav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  // Two projects now: the switcher, each with the role.
  const switcher = editorPage.getByRole("combobox", { name: "Project" });
  // The account's own project first.
  await expect(switcher.locator("option")).toHaveText([`${editor.username} · Owner`, `${owner.username} · Editor`]);
  await expect(switcher).toHaveValue(owner.username);
  await expectNoSeriousA11yIssues(editorPage);
  await screenshot(editorPage, testInfo, "members-as-editor", { fullPage: true });

  // The contributor's old link is dead; the new one works.
  const contributorPage = await browserOf(browser, baseURL, contributor);
  const dead = await contributorPage.request.post("/api/invitations/accept", { data: { token: new URL(firstContributorLink).pathname.split("/").pop() } });
  expect(dead.status()).toBe(410);
  expect(await dead.json()).toEqual({ error: "Invitation no longer valid" });
  await join(contributorPage, contributorLink, owner.username);
  await contributorPage.goto(`/dashboard/members?project=${owner.username}`);
  await expect(memberRow(contributorPage, contributor.username)).toContainText("Contributor");
  await expect(contributorPage.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await expect(contributorPage.getByRole("combobox", { name: "Role" })).toHaveCount(0);
  await expect(contributorPage.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await expect(contributorPage.getByRole("button", { name: "Leave project" })).toBeVisible();
  await expectNoSeriousA11yIssues(contributorPage);
  await checkNarrowDark(contributorPage, "members-as-contributor", testInfo);

  // The contributor drafts in the owner's project: the editor opens with ?project=, and the post is the owner's.
  await contributorPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Posts" }).click();
  await expect(contributorPage).toHaveURL(new RegExp(`/dashboard/posts\\?project=${owner.username}$`));
  await contributorPage.getByRole("button", { name: "New post" }).first().click();
  await expect(contributorPage).toHaveURL(new RegExp(`/dashboard/posts/[^/?]+\\?project=${owner.username}$`));
  await contributorPage.getByRole("textbox", { name: "Title" }).fill("From the contributor");
  await expect(contributorPage.getByRole("status").filter({ hasText: /Saved/ })).toBeVisible();
  const ownerPosts = await page.request.get("/api/posts/mine");
  expect(JSON.stringify(await ownerPosts.json())).toContain("From the contributor");

  // The owner: a role change, a suspension and its end, a removal with an heir.
  await page.reload();
  const contributorRole = memberRow(page, contributor.username).getByRole("combobox", { name: "Role" });
  await expect(contributorRole).toHaveValue("contributor");
  await contributorRole.selectOption("author");
  await expect(page.getByText(`is now author`)).toBeVisible();
  await page.reload();
  await expect(memberRow(page, contributor.username).getByRole("combobox", { name: "Role" })).toHaveValue("author");

  await memberRow(page, editor.username).getByRole("button", { name: "Suspend" }).click();
  await expect(memberRow(page, editor.username)).toContainText("Suspended");
  expect((await editorPage.goto(`/dashboard/members?project=${owner.username}`))?.status()).toBe(404);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "members", { fullPage: true });
  await memberRow(page, editor.username).getByRole("button", { name: "Reinstate" }).click();
  await expect(memberRow(page, editor.username)).not.toContainText("Suspended");
  expect((await editorPage.goto(`/dashboard/members?project=${owner.username}`))?.status()).toBe(200);

  await memberRow(page, contributor.username).getByRole("button", { name: "Remove" }).click();
  const remove = page.getByRole("dialog", { name: "Remove member" });
  const heir = remove.getByLabel("Give their posts to");
  await expect(heir).toHaveValue(owner.id);
  await heir.selectOption(editor.id);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "members-remove");
  await remove.getByRole("button", { name: "Remove member" }).click();
  await expect(remove).toBeHidden();
  await expect(memberRow(page, contributor.username)).toHaveCount(0);
  expect((await contributorPage.goto(`/dashboard/posts?project=${owner.username}`))?.status()).toBe(404);

  // The editor switches to their own project and back, then leaves.
  await editorPage.goto(`/dashboard/posts?project=${owner.username}`);
  await editorPage.getByRole("combobox", { name: "Project" }).selectOption(editor.username);
  await expect(editorPage).toHaveURL((url) => url.pathname === "/dashboard/posts" && !url.searchParams.has("project"));
  await editorPage.getByRole("combobox", { name: "Project" }).selectOption(owner.username);
  await expect(editorPage).toHaveURL((url) => url.searchParams.get("project") === owner.username);
  await editorPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Members" }).click();
  await editorPage.getByRole("button", { name: "Leave project" }).click();
  await editorPage.getByRole("dialog", { name: "Leave project" }).getByRole("button", { name: "Leave project" }).click();
  await expect(editorPage).toHaveURL((url) => url.pathname === "/dashboard/posts" && !url.searchParams.has("project"));
  await expect(editorPage.getByRole("combobox", { name: "Project" })).toHaveCount(0);

  await editorPage.context().close();
  await contributorPage.context().close();
});

test("a pending invitation is revoked and its link is dead", async ({ page, author: owner, makeUser, browser, baseURL }) => {
  const invitee = await makeUser({ plan: "free" });
  await page.goto("/dashboard/members");
  const link = await invite(page, invitee.email, "author");
  await invitationRow(page, invitee.email).getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke" });
  await expect(confirm).toContainText(invitee.email);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(invitationRow(page, invitee.email)).toHaveCount(0);

  const inviteePage = await browserOf(browser, baseURL, invitee);
  const answer = await inviteePage.request.post("/api/invitations/accept", { data: { token: new URL(link).pathname.split("/").pop() } });
  expect(answer.status()).toBe(410);
  expect(await inviteePage.goto(`/dashboard/posts?project=${owner.username}`).then((res) => res?.status())).toBe(404);
  await inviteePage.context().close();
});

test("keys: the owner makes a project key with a role; a member's personal keys are theirs alone", async ({ page, author: owner, makeUser, browser, baseURL }, testInfo) => {
  const viewer = await makeUser({ plan: "free" });
  await page.goto("/dashboard/members");
  const link = await invite(page, viewer.email, "viewer");

  await page.goto("/dashboard/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create key" });
  await dialog.getByLabel("Name").fill("Deploys");
  await dialog.getByRole("radio", { name: /Project key/ }).check();
  await dialog.getByLabel("Role").selectOption("editor");
  await dialog.getByRole("checkbox", { name: "posts:write" }).check();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "keys-create-project");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("textbox", { name: "New API key" })).toHaveValue(/^ink_/);
  await dialog.getByRole("button", { name: "Done" }).click();
  const projectRow = page.getByRole("row").filter({ hasText: "Deploys" });
  await expect(projectRow).toContainText("Project");
  await expect(projectRow).toContainText("Editor");

  const viewerPage = await browserOf(browser, baseURL, viewer);
  await join(viewerPage, link, owner.username);
  await viewerPage.goto(`/dashboard/keys?project=${owner.username}`);
  // A viewer's personal keys carry read scopes only, and only admins see the project keys.
  await expect(viewerPage.getByRole("row").filter({ hasText: "Deploys" })).toHaveCount(0);
  await viewerPage.getByRole("button", { name: "Create key" }).click();
  const viewerDialog = viewerPage.getByRole("dialog", { name: "Create key" });
  await expect(viewerDialog.getByRole("radio")).toHaveCount(0);
  await expect(viewerDialog.getByRole("checkbox", { name: "posts:write" })).toHaveCount(0);
  await viewerDialog.getByLabel("Name").fill("Reader");
  await viewerDialog.getByRole("checkbox", { name: "posts:read" }).check();
  await viewerDialog.getByRole("button", { name: "Create key" }).click();
  await expect(viewerDialog.getByRole("textbox", { name: "New API key" })).toHaveValue(/^ink_/);
  await viewerDialog.getByRole("button", { name: "Done" }).click();
  await expect(viewerPage.getByRole("row").filter({ hasText: "Reader" })).toContainText("Personal");
  // The refresh after "Done" re-renders the page's metadata: axe once the title is back.
  await expect(viewerPage).toHaveTitle(/API keys/);
  await expectNoSeriousA11yIssues(viewerPage);
  await screenshot(viewerPage, testInfo, "keys-as-viewer");

  // The owner sees their project key, not the viewer's personal key.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Deploys" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Reader" })).toHaveCount(0);
  await checkNarrowDark(page, "keys-team", testInfo);
  await viewerPage.context().close();
});

test("a member's dashboard: the switcher, the project's pages and API calls, the navigation by role, 404 when suspended", async ({ page, makeUser, browser, baseURL }, testInfo) => {
  const { db } = await import("../../lib/db");
  const owner = await makeUser({ plan: "pro" });
  const member = await makeUser({ plan: "free" });
  await db().membership.create({ data: { projectId: owner.id, userId: member.id, role: "author" } });
  const ownerPage = await browserOf(browser, baseURL, owner);
  await ownerPage.request.post("/api/posts", { data: { title: "The owner's post", slug: "owners-post" } });

  await signIn(page, member);
  const switcher = page.getByRole("combobox", { name: "Project" });
  await expect(switcher.locator("option")).toHaveText([`${member.username} · Owner`, `${owner.username} · Author`]);
  await expect(switcher).toHaveValue(member.username);
  await expectNoSeriousA11yIssues(page);

  // Arrow keys only browse; Enter opens.
  await switcher.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL((url) => !url.searchParams.has("project"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/posts" && url.searchParams.get("project") === owner.username);
  await expect(page.getByRole("link", { name: "The owner's post" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Project" })).toHaveValue(owner.username);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Import" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Members" })).toHaveAttribute("href", `/dashboard/members?project=${owner.username}`);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "project-switcher");
  await checkNarrowDark(page, "posts-member", testInfo);

  // A link inside the project keeps it, and so does an API call from it (Inkbase-Project).
  await page.getByRole("button", { name: "New post" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/posts/[^/?]+\\?project=${owner.username}$`));
  await page.getByRole("textbox", { name: "Title" }).fill("Written by the member");
  await expect(page.getByRole("status").filter({ hasText: /Saved/ })).toBeVisible();
  const owners = await ownerPage.request.get("/api/posts/mine");
  expect(JSON.stringify(await owners.json())).toContain("Written by the member");
  const own = await page.request.get("/api/posts/mine");
  expect(JSON.stringify(await own.json())).not.toContain("Written by the member");

  await page.goto(`/dashboard/members?project=${owner.username}`);
  await expect(memberRow(page, member.username)).toContainText("Author");
  await expect(page.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Leave project" })).toBeVisible();

  await db().membership.update({ where: { projectId_userId: { projectId: owner.id, userId: member.id } }, data: { status: "suspended" } });
  expect((await page.goto(`/dashboard/posts?project=${owner.username}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.goto("/dashboard/posts");
  await expect(page.getByRole("combobox", { name: "Project" })).toHaveCount(0);
  await ownerPage.context().close();
});
