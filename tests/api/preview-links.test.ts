// Preview links (TEAMS.md "Preview links"): POST/GET/DELETE /api/posts/:id/preview-links with a
// key (posts:write) and with a session; the token is 256 bits, shown once and stored only as its
// SHA-256; /preview/<token> read signed out shows the post as it is now (a draft) in the public
// layout with a "Preview" banner, noindex (meta and X-Robots-Tag), `private, no-store`, no script;
// expired, revoked and unknown links are 404; a previewed draft is in no feed, sitemap or search.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { connectTestDatabase, createTestKey, sessionCookieFor } from "../support/fixtures";
import { baseUrl, createOwner, doc, publicGet } from "../support/posts-api";
import { fetchHead, readPage } from "../support/public-site";

connectTestDatabase();

const HOUR = 3_600_000;
const tokenOf = (url: string) => new URL(url).pathname.replace(/^\/preview\//, "");
const pathOf = (url: string) => new URL(url).pathname;

async function draftWithLink(body: unknown = {}) {
  const owner = await createOwner();
  const slug = `secret-draft-${Date.now().toString(36)}`;
  const id = await owner.create({ slug, title: "Unreleased & <news>", content: doc("Words nobody has read yet.") });
  const res = await owner.call("POST", `/api/posts/${id}/preview-links`, body);
  expect(res.status).toBe(201);
  const link = (await res.json()) as { id: string; url: string; expiresAt: string };
  return { owner, id, slug, link };
}

describe("POST /api/posts/:id/preview-links", () => {
  it("answers 201 { id, url, expiresAt } with a 256-bit token at <PUBLIC_BASE_URL>/preview/<token>, 72 hours by default, stored only as its sha256", async () => {
    const before = Date.now();
    const { link } = await draftWithLink();
    expect(Object.keys(link).sort()).toEqual(["expiresAt", "id", "url"]);
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(tokenOf(link.url), "base64url")).toHaveLength(32);
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 72 * HOUR - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 72 * HOUR + 1000);

    const row = await db().previewLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(tokenOf(link.url)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link.url));
  });

  it("takes expiresInHours 1–720 and refuses anything else with 400 Invalid input", async () => {
    const { owner, id } = await draftWithLink();
    const ok = await owner.call("POST", `/api/posts/${id}/preview-links`, { expiresInHours: 720 });
    expect(ok.status).toBe(201);
    expect(Date.parse((await ok.json()).expiresAt)).toBeGreaterThan(Date.now() + 719 * HOUR);
    for (const expiresInHours of [0, 721, 1.5, "24"]) {
      const res = await owner.call("POST", `/api/posts/${id}/preview-links`, { expiresInHours });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Invalid input");
    }
  });

  it("is 404 Post not found for another project's post, and needs posts:write on a key", async () => {
    const { id } = await draftWithLink();
    const stranger = await createOwner();
    const res = await stranger.call("POST", `/api/posts/${id}/preview-links`, {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Post not found" });

    const own = await createOwner();
    const postId = await own.create();
    const readKey = await createTestKey(own.user.id, ["posts:read"]);
    for (const [method, path] of [["POST", `/api/posts/${postId}/preview-links`], ["GET", `/api/posts/${postId}/preview-links`], ["DELETE", `/api/posts/${postId}/preview-links/x`]]) {
      const refused = await fetch(`${baseUrl()}${path}`, { method, headers: { Authorization: `Bearer ${readKey}` } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Insufficient scope", required: ["posts:write"] });
    }
  });

  it("refuses an account whose email is not verified yet, like publishing", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    await db().user.update({ where: { id: owner.user.id }, data: { emailVerifiedAt: null } });
    const res = await owner.call("POST", `/api/posts/${id}/preview-links`, {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Verify your email address first" });
    expect(await db().previewLink.count({ where: { postId: id } })).toBe(0);
  });

  it("works for the signed-in owner's session like for a key", async () => {
    const { owner, id } = await draftWithLink();
    const cookie = await sessionCookieFor(owner.user.id);
    const created = await fetch(`${baseUrl()}/api/posts/${id}/preview-links`, { method: "POST", headers: { Cookie: cookie } });
    expect(created.status).toBe(201);
    const link = await created.json();
    const list = await fetch(`${baseUrl()}/api/posts/${id}/preview-links`, { headers: { Cookie: cookie } });
    expect((await list.json()).data.map((item: { id: string }) => item.id)).toContain(link.id);
    const revoked = await fetch(`${baseUrl()}/api/posts/${id}/preview-links/${link.id}`, { method: "DELETE", headers: { Cookie: cookie } });
    expect(revoked.status).toBe(204);
  });
});

describe("GET and DELETE", () => {
  it("lists links newest first without tokens; DELETE answers 204, the link leaves the list, and a second DELETE is 404", async () => {
    const { owner, id, link } = await draftWithLink();
    const second = await (await owner.call("POST", `/api/posts/${id}/preview-links`, { expiresInHours: 1 })).json();
    const list = await owner.call("GET", `/api/posts/${id}/preview-links`);
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([second.id, link.id]);
    expect(body.data[0]).toEqual({ id: second.id, status: "active", expiresAt: second.expiresAt, createdAt: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain(tokenOf(link.url));
    expect(JSON.stringify(body)).not.toContain("/preview/");

    const deleted = await owner.call("DELETE", `/api/posts/${id}/preview-links/${link.id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    const after = await (await owner.call("GET", `/api/posts/${id}/preview-links`)).json();
    expect(after.data.map((item: { id: string }) => item.id)).toEqual([second.id]);
    const again = await owner.call("DELETE", `/api/posts/${id}/preview-links/${link.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Preview link not found" });
  });

  it("never lets another project list or revoke a post's links", async () => {
    const { id, link } = await draftWithLink();
    const stranger = await createOwner();
    expect((await stranger.call("GET", `/api/posts/${id}/preview-links`)).status).toBe(404);
    expect((await stranger.call("DELETE", `/api/posts/${id}/preview-links/${link.id}`)).status).toBe(404);
    expect((await readPage(pathOf(link.url))).status).toBe(200);
  });
});

describe("/preview/<token>", () => {
  it("shows the draft signed out: 200, the public layout with a Preview banner, noindex, private no-store, no script", async () => {
    const { owner, slug, link } = await draftWithLink();
    const { res, head } = await fetchHead(pathOf(link.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect(head.meta("robots")).toBe("noindex");
    const banner = head.document.querySelector(".preview-banner");
    expect(banner?.querySelector("strong")?.textContent).toBe("Preview");
    expect(banner?.getAttribute("role")).toBe("status");
    expect(head.document.querySelector("article h1")?.textContent).toBe("Unreleased & <news>");
    expect(head.document.querySelector(".blog-name")?.getAttribute("href")).toBe(`/${owner.user.username}`);
    expect(head.text).toContain("Words nobody has read yet.");
    const scripts = [...head.document.querySelectorAll("script")].filter((el) => el.getAttribute("type") !== "application/ld+json");
    expect(scripts).toHaveLength(0);
    // The post itself stays a 404 for readers.
    expect((await readPage(`/${owner.user.username}/${slug}`)).status).toBe(404);
  });

  it("shows the post as it is now: an edit after the link was made is in the preview", async () => {
    const { owner, id, link } = await draftWithLink();
    expect((await owner.patch(id, { title: "Edited after sharing" })).status).toBe(200);
    const { head } = await fetchHead(pathOf(link.url));
    expect(head.document.querySelector("article h1")?.textContent).toBe("Edited after sharing");
  });

  it("is 404 (noindex, never cached) once expired, once revoked, and for unknown or malformed tokens", async () => {
    const { owner, id, link } = await draftWithLink();
    const { link: other } = await draftWithLink();
    await db().previewLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await readPage(pathOf(link.url));
    expect(expired.status).toBe(404);
    expect(expired.headers.get("cache-control")).toBe("no-store");
    expect(expired.headers.get("x-robots-tag")).toBe("noindex");
    expect(await expired.text()).toContain("Page not found");
    // The expired link is still listed (as expired) until revoked.
    const listed = (await (await owner.call("GET", `/api/posts/${id}/preview-links`)).json()).data;
    expect(listed).toEqual([expect.objectContaining({ id: link.id, status: "expired" })]);

    expect((await readPage(pathOf(other.url))).status).toBe(200);
    await db().previewLink.update({ where: { id: other.id }, data: { revokedAt: new Date() } });
    expect((await readPage(pathOf(other.url))).status).toBe(404);

    for (const path of ["/preview/" + "A".repeat(43), "/preview/short", "/preview/" + tokenOf(link.url).slice(0, 42) + "-"]) {
      const res = await readPage(path);
      expect(res.status).toBe(404);
    }
  });

  it("dies with its post", async () => {
    const { owner, id, link } = await draftWithLink();
    expect((await owner.call("DELETE", `/api/posts/${id}`)).status).toBe(200);
    expect((await readPage(pathOf(link.url))).status).toBe(404);
  });

  it("keeps a previewed draft out of the feeds, the sitemap and search", async () => {
    const { owner, slug, link } = await draftWithLink();
    expect((await readPage(pathOf(link.url))).status).toBe(200);
    const username = owner.user.username;
    for (const feed of ["feed.xml", "atom.xml", "feed.json"]) {
      const res = await readPage(`/${username}/${feed}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(slug);
      expect(text).not.toContain("/preview/");
    }
    const sitemap = await (await readPage("/sitemap.xml")).text();
    expect(sitemap).not.toContain(slug);
    expect(sitemap).not.toContain("/preview/");
    const search = await publicGet(`/api/posts/by-username/${username}/search?q=Unreleased`);
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual([]);
  });
});
