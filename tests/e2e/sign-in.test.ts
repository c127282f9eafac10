// A person signing in through the real page in Chromium and landing on their dashboard.
import type { Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestUser, connectTestDatabase } from "../support/fixtures";
import { chromiumPath, hasChromium, launchChromium } from "../support/chromium";

connectTestDatabase();
const baseUrl = inject("baseUrl");

if (!hasChromium) {
  console.warn(`[e2e] skipped: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

describe.skipIf(!hasChromium)("sign-in page and dashboard", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signs in with email and password and shows the user and plan", async () => {
    const user = await createTestUser({ plan: "pro" });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(/\/signin/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId("username").textContent()).toBe(user.username);
    expect(await page.getByTestId("plan").textContent()).toBe("pro");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/signin/);
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(/\/signin/);
    await page.close();
  });

  it("shows an error for a wrong password and stays on the sign-in page", async () => {
    const user = await createTestUser();
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Wrong email or password.").waitFor();
    expect(page.url()).toContain("/signin");
    await page.close();
  });
});
