// The media API after the upload, on local storage (MEDIA.md): the serving headers and 304, the
// library's list/search/patch, usedBy and the 409, delete removing the files at once, the events,
// the orphan sweep, and media in published posts. Uploads: ./media.test.ts.
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import type { MediaResponse } from "../../lib/media/to-media";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { baseUrl } from "../support/posts-api";
import { mediaDir, owner, served } from "../support/media-owner";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();

describe("serving", () => {
  it("sends the exact headers, a strong ETag with 304, and is 404 at once after a delete", async () => {
    const me = await owner();
    const media = await me.created(await me.upload(await photoJpeg({ width: 700, height: 500 }), "served.jpg"));
    const res = await served(media.url);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(["content-type", "cache-control", "x-content-type-options", "content-disposition", "content-security-policy"].map((name) => [name, res.headers.get(name)]))).toEqual({
      "content-type": "image/jpeg",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "content-security-policy": "default-src 'none'",
    });
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(media.size);
    const variant = await served(media.variants[0].url);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("etag")).not.toBe(etag);

    const again = await served(media.url, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await served(media.url.replace(/[^/]+$/, "other-name.jpg"))).status).toBe(404);

    const del = await me.call("DELETE", `/api/media/${media.id}`);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true });
    for (const url of [media.url, media.variants[0].url]) {
      const gone = await served(url);
      expect(gone.status).toBe(404);
      expect(gone.headers.get("cache-control")).toBe("no-store");
    }
    expect((await served(media.url, { "If-None-Match": etag })).status).toBe(404);
  });
});

describe("the library", () => {
  it("lists newest first with pages and search, patches alt and name (the URL stays), and 404s another owner's", async () => {
    const me = await owner();
    const a = await me.created(await me.upload(await photoJpeg({ width: 60, height: 40 }), "alpha-moss.jpg", { alt: "green" }));
    const b = await me.created(await me.upload(await photoJpeg({ width: 60, height: 40 }), "beta.jpg", { alt: "Red MOSS" }));
    const list = (await (await me.call("GET", "/api/media?limit=1")).json()) as { data: MediaResponse[]; pageInfo: Record<string, unknown> };
    expect(list.data.map((m) => m.id)).toEqual([b.id]);
    expect(list.pageInfo).toEqual({ total: 2, page: 1, limit: 1, hasMore: true });
    const found = (await (await me.call("GET", "/api/media?q=moss")).json()) as { data: MediaResponse[] };
    expect(found.data.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const onlyRed = (await (await me.call("GET", "/api/media?q=red")).json()) as { data: MediaResponse[] };
    expect(onlyRed.data.map((m) => m.id)).toEqual([b.id]);

    const patched = await me.call("PATCH", `/api/media/${a.id}`, { alt: "Moss, close up", filename: "moss-close.jpg" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: a.id, alt: "Moss, close up", filename: "moss-close.jpg", url: a.url });

    const other = await owner();
    expect((await other.call("GET", `/api/media/${a.id}`)).status).toBe(404);
    expect(await (await other.call("DELETE", `/api/media/${a.id}`)).json()).toEqual({ error: "Media not found" });
  });

  it("says where a medium is used, refuses to delete it with 409, and deletes it with ?force=true, files and all", async () => {
    const me = await owner();
    const media = await me.created(await me.upload(await photoJpeg({ width: 800, height: 600 }), "used.jpg"));
    const cover = await me.created(await me.upload(await photoJpeg({ width: 80, height: 60 }), "cover.jpg"));
    const content = { type: "doc", content: [{ type: "image", attrs: { src: media.variants[1].url, alt: "x" } }] };
    const post = await me.call("POST", "/api/posts", { title: "Uses it", slug: uniqueName("p"), content, coverImage: cover.url });
    expect(post.status, await post.clone().text()).toBe(201);
    const { id: postId } = (await post.json()) as { id: string };

    const got = (await (await me.call("GET", `/api/media/${media.id}`)).json()) as MediaResponse;
    expect(got.usedBy).toEqual([{ type: "post", id: postId, title: "Uses it" }]);
    const listed = (await (await me.call("GET", "/api/media")).json()) as { data: MediaResponse[] };
    expect(listed.data.find((m) => m.id === cover.id)?.usedBy).toEqual([{ type: "post", id: postId, title: "Uses it" }]);

    const refused = await me.call("DELETE", `/api/media/${media.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Media is in use", usedBy: [{ type: "post", id: postId, title: "Uses it" }] });
    expect((await served(media.url)).status).toBe(200);

    const dir = mediaDir(media.id);
    expect(readdirSync(dir).sort()).toEqual(["used-320.webp", "used-640.webp", "used.jpg"]);
    expect((await me.call("DELETE", `/api/media/${media.id}?force=true`)).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await served(media.url)).status).toBe(404);

    const events = await db().outboxEvent.findMany({ where: { ownerId: me.user.id, type: { startsWith: "media." } }, orderBy: { sequence: "asc" } });
    expect(events.map((event) => event.type)).toEqual(["media.created", "media.created", "media.deleted"]);
    expect((events[2].body as { data: unknown }).data).toEqual({ media: { id: media.id, filename: "used.jpg", url: media.url } });
  });
});

describe("media in published posts", () => {
  it("renders srcset and lazy loading after the first image, gives the cover its variants on the page, and hands the 1280 variant to social cards and feeds", async () => {
    const me = await owner();
    const photo = await me.created(await me.upload(await photoJpeg({ width: 1500, height: 1000 }), "harbour.jpg", { alt: "Harbour" }));
    const second = await me.created(await me.upload(await photoJpeg({ width: 700, height: 500 }), "boat.jpg"));
    const image = (media: MediaResponse) => ({ type: "image", attrs: { src: media.url, alt: media.alt || "x" } }); // no width/height: the write fills them in
    const slug = uniqueName("post");
    const created = await me.call("POST", "/api/posts", { title: "Harbour", slug, status: "published", coverImage: photo.url, content: { type: "doc", content: [image(photo), { type: "paragraph", content: [{ type: "text", text: "Between." }] }, image(second)] } });
    expect(created.status, await created.clone().text()).toBe(201);

    const read = (await (await fetch(`${baseUrl()}/api/posts/by-username/${me.user.username}/${slug}?format=html`)).json()) as { rendered: string; seo: { openGraph: { images: { url: string }[] }; twitter: { images: string[] } } };
    const [first, next] = read.rendered.match(/<img[^>]*>/g)!;
    expect(first).toContain('width="1500" height="1000"');
    expect(first).toContain(`${photo.variants[0].url} 320w`);
    expect(first).toContain(`${photo.url} 1500w`);
    expect(first).not.toContain("loading=");
    expect(next).toContain('loading="lazy"');
    expect(next).toContain('width="700" height="500"');
    const variant1280 = photo.variants.find((v) => v.width === 1280)!.url;
    expect(read.seo.openGraph.images).toEqual([{ url: variant1280 }]);
    expect(read.seo.twitter.images).toEqual([variant1280]);

    const page = await (await fetch(`${baseUrl()}/${me.user.username}/${slug}`, { headers: { "X-Forwarded-For": "10.9.9.9" } })).text();
    const cover = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(page)?.[0] ?? "";
    expect(cover).toMatch(new RegExp(`srcset="${photo.variants[0].url.replace(/[.?]/g, "\\$&")} 320w`, "i"));
    expect(cover).toContain('width="1500"');
    const feed = (await (await fetch(`${baseUrl()}/${me.user.username}/feed.json`)).json()) as { items: { image?: string }[] };
    expect(feed.items[0].image).toBe(variant1280);
  });
});
