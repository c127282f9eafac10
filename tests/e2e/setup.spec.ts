// First run as a Vercel user meets it (ACCOUNTS.md "Tests and budgets"): a fresh database (on the
// postgres project a new PostgreSQL database, as a Vercel deployment's; on the embedded project
// a fresh embedded one), migrated by `npm run db:migrate` as Vercel's build command does, and a
// production server with only DATABASE_URL, AUTH_SECRET, PUBLIC_BASE_URL and CRON_SECRET, no
// demo seed and no mail server. The person opens the URL the server printed, enters the setup
// code by keyboard (a wrong one first), lands in the dashboard and writes a post; afterwards
// /setup is gone.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { childEnv } from "../support/child-env";
import { freePort, startNextServer, type RunningServer } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { TEST_AUTH_SECRET, testDataDir } from "../support/test-server-env";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { screenshot } from "./support/screenshots";

const root = path.resolve(import.meta.dirname, "../..");
const SETUP_LINE = /Inkbase has no account yet: open (\S+\/setup) and enter the code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

let database: TestDatabase | undefined;
let server: RunningServer | undefined;

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A new, empty database: on PostgreSQL created bare and migrated by `npm run db:migrate`. */
async function freshDatabase(kind: "postgres" | "embedded"): Promise<TestDatabase> {
  if (kind === "embedded") return createTestDatabase("inkbase_setup_e2e", "embedded");
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `inkbase_setup_e2e_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const migrated = spawnSync("npm", ["run", "--silent", "db:migrate"], { cwd: root, env: childEnv({ DATABASE_URL: url.toString(), DIRECT_URL: undefined, DATABASE_URL_UNPOOLED: undefined }), encoding: "utf8" });
  expect(migrated.status, migrated.stderr + migrated.stdout).toBe(0);
  return {
    url: url.toString(),
    kind: "postgres",
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

test("a fresh deployment is set up in the browser with the printed code", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  database = await freshDatabase(testInfo.project.name === "postgres" ? "postgres" : "embedded");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // What a Vercel project sets: the database, the session secret, its URL, the cron secret.
  const vercelLike = {
    DATABASE_URL: database.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_BASE_URL: origin,
    CRON_SECRET: "setup-e2e-cron",
    DATA_DIR: testDataDir(),
    INKBASE_EMBEDDED_DB: "",
    SEED_DEMO: undefined,
    SMTP_URL: undefined,
    REGISTRATION: undefined,
    SETUP_CODE: undefined,
    NEXTAUTH_URL: undefined,
    AUTH_TRUST_HOST: "1",
    LOG_LEVEL: "warn",
  };
  server = await startNextServer(vercelLike, { port });

  // The URL and code, as the runtime log shows them.
  await expect.poll(() => SETUP_LINE.exec(server!.output())?.[1], { timeout: 20_000 }).toBe(`${origin}/setup`);
  const [, setupUrl, code] = SETUP_LINE.exec(server.output())!;

  // Going to the dashboard first leads there too.
  await page.goto(`${origin}/dashboard`);
  await expect(page).toHaveURL(setupUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Set up Inkbase" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "setup");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, "setup-390-dark", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });

  // By keyboard: the fields in order, Enter submits. A wrong code is said on its field.
  const username = `owner-${randomBytes(3).toString("hex")}`;
  const password = "Granite-Kettle-Meadow-4";
  await page.getByLabel("Setup code").focus();
  await page.keyboard.type("WRNG-CODE-0000");
  for (const [label, value] of [["Username", username], ["Email", `${username}@example.test`], ["Password", password]] as const) {
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(label)).toBeFocused();
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Create account" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Invalid setup code")).toBeVisible();
  await expect(page.getByLabel("Setup code")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel("Setup code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${origin}/dashboard/posts`, { timeout: 20_000 });
  await expect(page.getByText("Verify your email address", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();

  // Writing at once: a new post, saved.
  await page.getByRole("button", { name: "New post" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/[^/]+$/);
  await page.getByRole("textbox", { name: "Title" }).fill("Hello from a fresh deployment");
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible({ timeout: 15_000 });

  // The first account is Pro and verified: publishing is allowed.
  const me = await page.request.get(`${origin}/api/me`);
  expect(await me.json()).toMatchObject({ username, plan: "pro" });
  const published = await page.request.post(`${origin}/api/posts`, { data: { title: "Live", slug: "live", status: "published" } });
  expect(published.status()).toBe(201);

  // Set up: /setup is gone, the API says so, and the log no longer prints the line at start.
  expect((await page.request.get(`${origin}/setup`)).status()).toBe(404);
  const again = await page.request.post(`${origin}/api/account/setup`, { data: { code, username: "second", email: "second@example.test", password } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ error: "Already set up" });
  await server.stop();
  server = await startNextServer(vercelLike, { port });
  await page.goto(`${origin}/signin`);
  await expect(page).toHaveURL(`${origin}/signin`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(server.output()).not.toMatch(SETUP_LINE);
});
