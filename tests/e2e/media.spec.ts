// The media library in Chromium (MEDIA.md "Dashboard"): upload through the file chooser with a
// progress bar per file and the refusal of an SVG, "Media details" (alt text, dimensions, where
// used), deleting a medium in use through "Delete media", pasting an image into the editor while
// typing on, "Insert image" from the library, the cover's "Choose image", and a large file going
// from the browser straight to an S3-protocol server through a presigned URL. axe on each screen.
import type { Page } from "@playwright/test";
import { s3Storage } from "../../lib/media/storage-s3";
import { startS3Server } from "../support/s3-server";
import { startNextServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";
import { noisePng, photoJpeg, SVG } from "../support/test-images";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, test, type Author } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

type Media = { id: string; url: string; filename: string; variants: { url: string }[] };

async function uploadViaApi(page: Page, name: string, options: { width?: number; height?: number; alt?: string } = {}): Promise<Media> {
  const bytes = await photoJpeg({ width: options.width ?? 900, height: options.height ?? 600 });
  const res = await page.request.post(`/api/media?filename=${encodeURIComponent(name)}${options.alt ? `&alt=${encodeURIComponent(options.alt)}` : ""}`, { headers: { "Content-Type": "image/jpeg" }, data: bytes });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Media;
}

async function chooseFiles(page: Page, trigger: () => Promise<void>, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await trigger();
  await (await chooser).setFiles(files);
}

const saved = (page: Page) => expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();

test("uploads through the file chooser with progress, refuses an SVG, and edits alt text in Media details", async ({ page, author }, testInfo) => {
  void author;
  await page.goto("/dashboard/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Media" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yIssues(page);

  const photo = await photoJpeg({ width: 1600, height: 1067 });
  await chooseFiles(page, () => page.getByRole("button", { name: "Upload" }).click(), [
    { name: "harbour.jpg", mimeType: "image/jpeg", buffer: photo },
    { name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG },
  ]);
  await expect(page.getByRole("alert").filter({ hasText: "SVG files are not accepted" })).toBeVisible();
  const thumb = page.getByRole("list", { name: "Media" }).getByRole("button", { name: "harbour.jpg" });
  await expect(thumb).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "harbour.jpg" })).toHaveCount(0);

  await thumb.click();
  const details = page.getByRole("dialog", { name: "Media details" });
  await expect(details).toBeVisible();
  await expect(details).toContainText("1600 × 1067 px");
  await expect(details).toContainText("Not used in any post or entry.");
  await details.getByLabel("Alt text").fill("Boats in the harbour at dawn");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(details.getByRole("button", { name: "Copy URL" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "media-details");
  await details.getByRole("button", { name: "Close" }).click();

  const list = (await (await page.request.get("/api/media")).json()) as { data: { filename: string; alt: string }[] };
  expect(list.data.map((m) => [m.filename, m.alt])).toEqual([["harbour.jpg", "Boats in the harbour at dawn"]]);
  await page.getByRole("searchbox", { name: "Search media" }).fill("dawn");
  await expect(thumb).toBeVisible();
  await page.getByRole("searchbox", { name: "Search media" }).fill("nothing-like-this");
  await expect(page.getByText("No media match your search.")).toBeVisible();
});

test("deleting a medium in use confirms in 'Delete media', listing where it is used; its URL is 404 after", async ({ page, api }, testInfo) => {
  const media = await uploadViaApi(page, "used-photo.jpg", { alt: "A used photo" });
  await uploadViaApi(page, "second.jpg", { alt: "Another" });
  const postId = await createPostViaApi(api, { title: "Where the photo lives", slug: "where-photo-lives", content: { type: "doc", content: [{ type: "image", attrs: { src: media.url, alt: "A used photo" } }] } });
  await page.goto("/dashboard/media");
  await screenshot(page, testInfo, "media");
  // A phone, and the dark scheme: the grid reflows, the controls stay reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("button", { name: "Upload" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "media-390-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await page.getByRole("button", { name: "used-photo.jpg" }).click();
  const details = page.getByRole("dialog", { name: "Media details" });
  await expect(details.getByRole("link", { name: "Where the photo lives" })).toHaveAttribute("href", `/dashboard/posts/${postId}`);
  await details.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete media" });
  await expect(confirm).toContainText("Where the photo lives");
  await expectNoSeriousA11yIssues(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "used-photo.jpg" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "second.jpg" })).toBeVisible();
  expect((await page.request.get(new URL(media.url).pathname)).status()).toBe(404);
});

test("pasting an image into the editor uploads it at the caret while typing goes on; it asks for alt text", async ({ page, api }, testInfo) => {
  const id = await createPostViaApi(api, { title: "Pasted", slug: "pasted-photo" });
  await page.goto(`/dashboard/posts/${id}`);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.type("Before the photo. ");
  const photo = await photoJpeg({ width: 1400, height: 900 });
  await page.evaluate(({ base64 }) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "pasted.jpg", { type: "image/jpeg" }));
    document.querySelector('[role="textbox"][aria-label="Content"]')!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, { base64: photo.toString("base64") });
  // Typing goes on while the upload runs, and after the image lands the caret is still where it was.
  await page.keyboard.type("Still typing.");
  const image = content.locator('img[src*="/media/med_"]');
  await expect(image).toBeVisible();
  await page.keyboard.type(" And on.");
  await expect(content).toContainText("Still typing. And on.");
  await expect(image).toHaveAttribute("width", "1400");

  await content.getByRole("button", { name: "Add alt text" }).click();
  const altDialog = page.getByRole("dialog", { name: "Alt text" });
  await altDialog.getByLabel("Alt text").fill("A pasted harbour");
  await altDialog.getByRole("button", { name: "Save" }).click();
  await expect(content.getByRole("button", { name: "Add alt text" })).toHaveCount(0);
  await saved(page);
  await screenshot(page, testInfo, "editor-image");
  await expectNoSeriousA11yIssues(page);

  const post = (await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string };
  expect(post.rendered).toMatch(/<img src="[^"]+\/media\/med_[^"]+\/pasted\.jpg" alt="A pasted harbour" width="1400" height="900" srcset="[^"]+pasted-320\.webp 320w/);
  expect(post.rendered).toContain("Still typing. And on.");
});

test("'Insert image' picks from the library with alt text; the cover's 'Choose image' sets the cover", async ({ page, api }, testInfo) => {
  const media = await uploadViaApi(page, "library-pick.jpg", { width: 1200, height: 800 });
  const id = await createPostViaApi(api, { title: "From the library", slug: "from-the-library" });
  await page.goto(`/dashboard/posts/${id}`);
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("/image");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByRole("button", { name: "library-pick.jpg" }).click();
  await expect(dialog.getByRole("button", { name: "library-pick.jpg" })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByLabel("Alt text").fill("Picked from the library");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "insert-image");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Choose image" }).click();
  const cover = page.getByRole("dialog", { name: "Choose image" });
  await cover.getByRole("button", { name: "library-pick.jpg" }).click();
  await cover.getByRole("button", { name: "Choose image" }).click();
  await expect(page.getByLabel("Cover image URL")).toHaveValue(media.url);
  await saved(page);

  const post = (await (await api.get(`/api/posts/${id}`)).json()) as { coverImage: string; content: { content: { type: string; attrs?: Record<string, unknown> }[] } };
  expect(post.coverImage).toBe(media.url);
  expect(post.content.content.find((node) => node.type === "image")?.attrs).toMatchObject({ src: media.url, alt: "Picked from the library", width: 1200, height: 800 });
  const usage = (await (await page.request.get(`/api/media/${media.id}`)).json()) as { alt: string; usedBy: unknown[] };
  expect(usage).toMatchObject({ alt: "Picked from the library", usedBy: [{ type: "post", id, title: "From the library" }] });
});

test.describe("with S3 storage", () => {
  test("a file over 4 MiB goes from the browser straight to the S3-protocol server through a presigned URL", async ({ page, makeUser, server }) => {
    test.setTimeout(120_000);
    const s3 = await startS3Server();
    const app = await startNextServer({ ...testServerEnv({ databaseUrl: server.databaseUrl, cronSecret: "e2e" }), ...s3.env });
    try {
      const user: Author = await makeUser();
      const csrf = (await (await page.request.get(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
      expect((await page.request.post(`${app.url}/api/auth/callback/credentials`, { form: { csrfToken: csrf.csrfToken, email: user.email, password: user.password, json: "true" } })).ok()).toBe(true);
      await page.goto(`${app.url}/dashboard/media`);
      const big = await noisePng(1600, 1000);
      expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
      const puts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "PUT") puts.push(request.url());
      });
      await chooseFiles(page, () => page.getByRole("button", { name: "Upload" }).click(), [{ name: "noise.png", mimeType: "image/png", buffer: big }]);
      await expect(page.getByRole("button", { name: "noise.png" })).toBeVisible({ timeout: 60_000 });
      expect(puts).toHaveLength(1);
      expect(puts[0].startsWith(`${s3.endpoint}/${s3.bucket}/uploads/upl_`)).toBe(true);
      const bucket = s3Storage({ endpoint: s3.endpoint, region: "us-east-1", bucket: s3.bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
      const keys: string[] = [];
      for await (const object of bucket.list()) keys.push(object.key);
      expect(keys.some((key) => /^med_[^/]+\/noise\.png$/.test(key))).toBe(true);
      expect(keys.some((key) => key.startsWith("uploads/"))).toBe(false);
    } finally {
      await app.stop();
      await s3.stop();
    }
  });
});

