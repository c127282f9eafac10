// With REGISTRATION=invite (the default, as on the suite's shared server), /signup says sign-up is
// by invitation only and links sign-in; the sign-in page offers no sign-up, and no single sign-on
// button when no provider is configured (ACCOUNTS.md).
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("with REGISTRATION=invite, /signup says so and links sign-in", async ({ page, makeUser }, testInfo) => {
  await makeUser(); // a deployment that is set up: /signin is the sign-in page, not /setup
  await page.goto("/signup");
  await expect(page.getByText("Sign-up is by invitation only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "signup-closed");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/signin");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  // No single sign-on provider is configured on the shared server: no button.
  await expect(page.getByRole("button", { name: /^Continue with/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});
