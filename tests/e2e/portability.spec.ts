// Import and Export in Chromium (PORTABILITY.md "Dashboard"): Account → Import, a Ghost export
// chosen with the keyboard-reachable file field, "Start import", the "Import progress" bar and
// the report with its warnings; the posts are then in the Posts table. Export's two download
// buttons give zips. axe on both pages, and the Import page at 390 px in the dark scheme. An
// export over 4 MiB goes from the browser straight to storage (here a server speaking Vercel
// Blob's API) before the import starts.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { startBlobServer } from "../support/blob-server";
import { startNextServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

const fixtures = path.resolve(import.meta.dirname, "../fixtures/portability");

test("imports a Ghost export from the dashboard, watching the progress bar, and reads the report", async ({ page, author }, testInfo) => {
  void author;
  await page.goto("/dashboard/account");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel("Source").selectOption("ghost");
  await page.getByLabel("Export file").setInputFiles({ name: "ghost.json", mimeType: "application/json", buffer: readFileSync(path.join(fixtures, "ghost-5.json")) });
  await page.getByRole("button", { name: "Start import" }).click();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Import finished" })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute("value", "4");
  await expect(page.getByTestId("import-created")).toHaveText("4");
  await expect(page.getByText(/Dropped markup with no equivalent here: script, iframe/)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "import-report");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.getByRole("button", { name: "Start import" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "import-390-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/dashboard/posts");
  await expect(page.getByRole("link", { name: "Moss on north walls" })).toBeVisible();
});

test("the Export page downloads JSON and Markdown zips", async ({ page, author }) => {
  void author;
  await page.goto("/dashboard/export");
  await expect(page.getByRole("heading", { level: 1, name: "Export" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  for (const name of ["Download JSON", "Download Markdown"]) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(name.endsWith("JSON") ? /-json-.*\.zip$/ : /-markdown-.*\.zip$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
  }
});

test("an export over 4 MiB goes from the browser straight to storage (Vercel Blob), then imports", async ({ page, makeUser, server }) => {
  test.setTimeout(120_000);
  const blob = await startBlobServer();
  const app = await startNextServer({ ...testServerEnv({ databaseUrl: server.databaseUrl, cronSecret: "e2e" }), ...blob.env });
  try {
    const user = await makeUser();
    const csrf = (await (await page.request.get(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    expect((await page.request.post(`${app.url}/api/auth/callback/credentials`, { form: { csrfToken: csrf.csrfToken, email: user.email, password: user.password, json: "true" } })).ok()).toBe(true);
    await page.goto(`${app.url}/dashboard/import`);
    const zip = await zipOf({ "noise.bin": randomBytes(6 * 1024 * 1024), "big-one.md": "---\ntitle: Big one\n---\n\nFrom a large export.\n", "big-two.md": "# Big two\n" });
    expect(zip.length).toBeGreaterThan(4_500_000);
    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(request.url());
    });
    await page.getByLabel("Source").selectOption("markdown");
    await page.getByLabel("Export file").setInputFiles({ name: "large.zip", mimeType: "application/zip", buffer: zip });
    await page.getByRole("button", { name: "Start import" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Import finished" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("import-created")).toHaveText("2");
    expect(puts).toHaveLength(1);
    expect(puts[0].startsWith(`${blob.apiUrl}/?pathname=uploads%2Fupl_`)).toBe(true);
    expect(blob.pathnames().filter((name) => name.startsWith("uploads/"))).toEqual([]);
    await expectNoSeriousA11yIssues(page);
  } finally {
    await app.stop();
    await blob.stop();
  }
});

/** A zip made here (tests/support/portability.ts would bring the importer into the browser tests' loader). */
async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
