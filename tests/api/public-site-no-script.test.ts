// Readers download no JavaScript (PUBLIC-SITE.md): every public page type — the blog index and
// its later pages, tag pages, a post, a link-only post, the owner's draft preview, and the 404
// pages for unknown usernames, reserved names, slugs, tags and pages — is plain HTML: no
// <script src>, no RSC/hydration payload, no script preloads, at most 2 KB of inline script
// besides the JSON-LD. 404s stay real 404s with Inkbase's header. The post page's HTML stays
// within 1.3× its article plus its head; the stylesheet it links is served and cached for good.
import { describe, expect, it } from "vitest";
import { connectTestDatabase, sessionCookieFor } from "../support/fixtures";
import { createOwner, paragraph } from "../support/posts-api";
import { parseHtml, readPage } from "../support/public-site";

connectTestDatabase();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/** About 300 words with a heading, a list, a code block and a link: a post as people write them. */
const realisticPost = {
  type: "doc",
  content: [
    paragraph("Long-form writing on the web needs a comfortable measure, generous leading and quiet chrome around the text. ".repeat(6)),
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "What the reader gets" }] },
    paragraph("Pages that are articles, not applications, should arrive as HTML and CSS and nothing else, so a phone on a slow line shows the words at once. ".repeat(5)),
    { type: "bulletList", content: ["Plain HTML", "One stylesheet", "No scripts"].map((text) => ({ type: "listItem", content: [paragraph(text)] })) },
    { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "export const scripts: string[] = [];" }] },
    { type: "paragraph", content: [{ type: "text", text: "Read more on " }, { type: "text", text: "the spec", marks: [{ type: "link", attrs: { href: "https://example.com/spec" } }] }, { type: "text", text: ". ".concat("The end of a short essay about reading online. ".repeat(4)) }] },
  ],
};

/** What a page ships that runs: external scripts, inline scripts other than JSON-LD, the RSC payload. */
function scriptsOf(html: string) {
  const { document } = parseHtml(html);
  const scripts = [...document.querySelectorAll("script")];
  const external = scripts.filter((el) => el.hasAttribute("src")).map((el) => el.getAttribute("src"));
  const inline = scripts.filter((el) => !el.hasAttribute("src") && el.getAttribute("type") !== "application/ld+json");
  const preloads = [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="script"]')].map((el) => el.getAttribute("href"));
  const handlers = [...document.querySelectorAll("*")].flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith("on")));
  return {
    external,
    inlineBytes: inline.reduce((sum, el) => sum + (el.textContent ?? "").length, 0),
    preloads,
    handlers,
    rscPayload: /self\.__next_f|__next_f\.push|"\$Sreact\./.test(html),
    nextAssets: /\/_next\/static\//.test(html),
  };
}

function expectNoScript(html: string, label: string) {
  const found = scriptsOf(html);
  expect(found.external, `${label}: <script src>`).toEqual([]);
  expect(found.preloads, `${label}: script preloads`).toEqual([]);
  expect(found.handlers, `${label}: inline event handlers`).toEqual([]);
  expect(found.rscPayload, `${label}: RSC payload`).toBe(false);
  expect(found.nextAssets, `${label}: Next's client assets`).toBe(false);
  expect(found.inlineBytes, `${label}: inline script`).toBeLessThanOrEqual(2048);
}

describe("public pages ship no JavaScript", () => {
  it("holds for every page type, 404s included, and the 404s keep their status and look", async () => {
    const owner = await createOwner();
    const u = owner.user.username;
    for (let i = 0; i < 10; i++) {
      await owner.create({ slug: `p-${i}`, title: `Post ${i}`, status: "published", publishedAt: daysAgo(20 - i), tagNames: ["Notes"] });
    }
    await owner.create({ slug: "essay", title: "On reading", status: "published", content: realisticPost, tagNames: ["Notes", "Web"], coverImage: "https://img.example/cover.png" });
    await owner.create({ slug: "unlisted", title: "Unlisted", status: "published", visibility: "link-only", publishedAt: daysAgo(1) });
    await owner.create({ slug: "wip", title: "Work in progress", content: realisticPost });
    const cookie = await sessionCookieFor(owner.user.id);

    const pages: [string, string, number, Record<string, string>?][] = [
      ["blog index", `/${u}`, 200],
      ["blog page 2", `/${u}?page=2`, 200],
      ["tag page", `/${u}/tags/notes`, 200],
      ["post", `/${u}/essay`, 200],
      ["link-only post", `/${u}/unlisted`, 200],
      ["draft preview", `/${u}/wip`, 200, { Cookie: cookie }],
      ["unknown username", "/nobody-here-at-all", 404],
      ["reserved username", "/about", 404],
      ["unknown slug", `/${u}/no-such-post`, 404],
      ["draft to a reader", `/${u}/wip`, 404],
      ["unknown tag", `/${u}/tags/nothing-here`, 404],
      ["page past the end", `/${u}?page=9`, 404],
    ];
    for (const [label, path, status, headers] of pages) {
      const res = await readPage(path, headers);
      expect(res.status, label).toBe(status);
      expect(res.headers.get("content-type"), label).toBe("text/html; charset=utf-8");
      const html = await res.text();
      expectNoScript(html, label);
      const page = parseHtml(html);
      expect(page.document.querySelector('link[rel="stylesheet"]')?.getAttribute("href"), label).toMatch(/^\/assets\/blog-[\w-]+\.css$/);
      if (status === 404) {
        expect(res.headers.get("cache-control"), label).toBe("no-store");
        expect(page.document.querySelector("h1")?.textContent, label).toBe("Page not found");
        expect(page.document.querySelector('header nav[aria-label="Inkbase"] a[href="/"]')?.textContent, label).toBe("Inkbase");
        expect(page.meta("robots"), label).toBe("noindex");
      }
    }
    // The JSON-LD stays: structured data is not a script that runs.
    expect(parseHtml(await (await readPage(`/${u}/essay`)).text()).jsonLd).toHaveLength(1);
  });

  it("keeps a post page's HTML within 1.3× its article plus its head", async () => {
    const owner = await createOwner();
    await owner.create({ slug: "older", title: "An older post", status: "published", publishedAt: daysAgo(2) });
    await owner.create({ slug: "essay", title: "On reading", status: "published", content: realisticPost, tagNames: ["Notes", "Web"], publishedAt: daysAgo(1) });
    const html = await (await readPage(`/${owner.user.username}/essay`)).text();
    const { document } = parseHtml(html);
    const article = document.querySelector("article")!.outerHTML.length;
    const head = document.querySelector("head")!.outerHTML.length;
    expect(html.length / (article + head)).toBeLessThanOrEqual(1.3);
  });

  it("links one stylesheet, kept for a year at its content-hashed URL", async () => {
    const owner = await createOwner();
    const html = await (await readPage(`/${owner.user.username}`)).text();
    const href = parseHtml(html).document.querySelector('link[rel="stylesheet"]')!.getAttribute("href")!;
    const res = await readPage(href);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = await res.text();
    // The design tokens with their dark variant, and the blog's own classes.
    for (const needle of ["--color-bg", "prefers-color-scheme", ".blog-shell", ".prose pre", ".site-header"]) expect(css).toContain(needle);
    expect((await readPage(href, { "If-None-Match": res.headers.get("etag")! })).status).toBe(304);
    // A page from another deploy names another hash: it still gets styles, cached briefly.
    const other = await readPage("/assets/blog-0000000000000000.css");
    expect(other.status).toBe(200);
    expect(other.headers.get("cache-control")).toBe("public, max-age=60");
    expect((await readPage("/assets/not-a-stylesheet.js")).status).toBe(404);
  });
});
