// The public blog in Chromium (PUBLIC-SITE.md): the blog index and a post page pass axe in light
// and dark, read at 390 px without sideways scrolling, and hostile Tiptap content stored in the
// database runs no script when the page is opened.
import { db } from "../../lib/db";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const longRead = {
  type: "doc",
  content: [
    paragraph("Long-form text needs a comfortable measure, generous leading and quiet chrome around it."),
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "A code block" }] },
    { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "export const answer = (question: string): number => question.length > 0 ? 42 : 0; // a long line that must scroll, not overflow" }] },
    { type: "blockquote", content: [paragraph("Quoted words, set apart.")] },
    { type: "bulletList", content: [{ type: "listItem", content: [paragraph("First point")] }, { type: "listItem", content: [paragraph("Second point")] }] },
  ],
};

test("blog index and post page: readable, axe clean in light and dark, 390 px wide", async ({ page, api, author }) => {
  await createPostViaApi(api, { title: "An older note", slug: "older-note", status: "published", publishedAt: new Date(Date.now() - 86_400_000).toISOString(), tagNames: ["Notes"] });
  await createPostViaApi(api, { title: "On reading online", slug: "on-reading-online", status: "published", content: longRead, tagNames: ["Notes", "Typography"] });
  await page.context().clearCookies(); // a reader, not the author

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`/${author.username}`);
    await expect(page.getByRole("heading", { level: 1, name: author.username })).toBeVisible();
    await expect(page.getByRole("link", { name: "On reading online" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await page.getByRole("link", { name: "On reading online" }).click();
    await expect(page).toHaveURL(new RegExp(`/${author.username}/on-reading-online$`));
    await expect(page.getByRole("heading", { level: 1, name: "On reading online" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Typography" })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  }

  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/${author.username}`, `/${author.username}/on-reading-online`]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  }
});

test("hostile content stored in the database runs no script on the post page", async ({ page, api, author }) => {
  const id = await createPostViaApi(api, { title: "Hostile <script>window.__pwned = 'title'</script>", slug: "hostile", status: "published" });
  // Written straight into the database, past any check the API makes on input: what the page
  // renders must be safe whatever is stored.
  const hostile = {
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: "<script>window.__pwned = 'text'</script><img src=x onerror=\"window.__pwned='img'\">" }] },
      { type: "paragraph", content: [{ type: "text", text: "click me", marks: [{ type: "link", attrs: { href: "javascript:window.__pwned='link'", onclick: "window.__pwned='onclick'" } }] }] },
      { type: "image", attrs: { src: "javascript:window.__pwned='src'", alt: "x\" onerror=\"window.__pwned='alt'", onerror: "window.__pwned='attr'" } },
      { type: "image", attrs: { src: "data:text/html,<script>window.__pwned='data'</script>" } },
      { type: "codeBlock", attrs: { language: "\"><script>window.__pwned='lang'</script>" }, content: [{ type: "text", text: "</code><script>window.__pwned='code'</script>" }] },
    ],
  };
  await db().post.update({ where: { id }, data: { content: hostile } });

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.context().clearCookies();
  const res = await page.goto(`/${author.username}/hostile`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hostile <script>");
  await page.getByText("click me").click().catch(() => {});
  await page.goto(`/${author.username}/hostile`);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const article = page.locator("article");
  await expect(article.locator("script")).toHaveCount(0);
  await expect(article.locator("[onerror], [onclick]")).toHaveCount(0);
  await expect(article.locator('a[href^="javascript:"], img[src^="javascript:"], img[src^="data:text/html"]')).toHaveCount(0);
  await expect(article).toContainText("<script>window.__pwned = 'text'</script>");
});

// Every public page type as a reader (and the owner, for the preview) sees it: light and dark at
// desktop width and at 390 px, axe clean, and not one script downloaded (PUBLIC-SITE.md "Readers
// download no JavaScript"). The pictures (SCREENSHOTS=1) are how a change to the pages' markup or
// styles is checked by eye against the previous ones.
test("every public page type in light and dark, wide and at 390 px, without JavaScript", async ({ page, api, author }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await createPostViaApi(api, { title: "A tagged note", slug: "tagged-note", status: "published", excerpt: "Short and tagged.", tagNames: ["Notes"], publishedAt: new Date(Date.now() - 86_400_000).toISOString() });
  await createPostViaApi(api, { title: "On reading online", slug: "on-reading-online", status: "published", content: longRead, tagNames: ["Notes", "Typography"] });
  await createPostViaApi(api, { title: "Not ready yet", slug: "not-ready", content: longRead });

  const preview = await page.goto(`/${author.username}/not-ready`);
  expect(preview?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("status")).toContainText("Draft preview");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, test.info(), "public-draft-preview");
  await page.context().clearCookies();

  const pages = [
    ["public-blog-index", `/${author.username}`],
    ["public-post", `/${author.username}/on-reading-online`],
    ["public-tag", `/${author.username}/tags/notes`],
    ["public-404", `/${author.username}/no-such-post`],
  ] as const;
  for (const [name, path] of pages) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        const res = await page.goto(path);
        // A page seen before may come back as a 304 revalidation: what matters is which are 404s.
        expect(res?.status() === 404, path).toBe(name === "public-404");
        await expectNoSeriousA11yIssues(page);
        const suffix = `${width === 390 ? "-390" : ""}${colorScheme === "dark" ? "-dark" : ""}`;
        await screenshot(page, test.info(), `${name}${suffix}`, { fullPage: true });
      }
    }
  }
  expect(scripts).toEqual([]);
});
