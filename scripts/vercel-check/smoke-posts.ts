// The smoke list's publishing steps: a webhook endpoint, a post created and published, its public
// page (200, then 304 for its ETag), its social image, the webhook delivered after the answer
// (Next's after(), through Vercel's waitUntil), and the cron tick with its bearer.
import { expectStatus } from "./smoke-client";
import type { SmokeStep } from "./smoke-context";

const json = { "Content-Type": "application/json" };

export const subscribeWebhook: SmokeStep = {
  name: "POST /api/webhooks",
  async run({ client, key, services }) {
    const answer = await client.request("/api/webhooks", { method: "POST", key, headers: json, body: JSON.stringify({ url: services.receiver.url, events: ["post.published"] }) });
    expectStatus(answer, 201, "create a webhook endpoint");
    return `201, delivering to ${services.receiver.url}`;
  },
};

export const publishPost: SmokeStep = {
  name: "POST /api/posts (published)",
  async run(context) {
    const slug = `hello-vercel-${Date.now()}`;
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Built by Vercel's builder, served by its functions." }] }] };
    const answer = await context.client.request("/api/posts", { method: "POST", key: context.key, headers: json, body: JSON.stringify({ title: "Hello from the check", slug, status: "published", content }) });
    expectStatus(answer, 201, "create a published post");
    context.post = { id: (answer.json as { id: string }).id, slug, answeredAt: Date.now() };
    return `201 ${answer.text} in ${answer.ms.toFixed(0)} ms`;
  },
};

export const webhookAfterAnswer: SmokeStep = {
  name: "post.published delivered after the answer",
  async run({ services, post }) {
    const { receiver } = services;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const delivery = receiver.received.find((r) => r.json.type === "post.published" && JSON.stringify(r.json.data).includes(post!.id));
      if (delivery) return `received ${Date.now() - post!.answeredAt} ms (or less) after the POST's answer, signed ${delivery.headers["webhook-signature"] ? "(Standard Webhooks)" : ""}`;
      if (Date.now() > deadline) throw new Error(`no post.published for ${post!.id} within 20 s of the answer (received: ${receiver.received.map((r) => r.json.type).join(", ") || "nothing"})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  },
};

export const publicPage: SmokeStep = {
  name: "the public page: 200, then 304",
  async run({ client, account, post }) {
    const page = await client.request(`/${account.username}/${post!.slug}`);
    expectStatus(page, 200, "the public page");
    if (!page.text.includes("Hello from the check")) throw new Error("the public page does not show the post's title");
    const etag = page.headers.get("etag");
    if (!etag) throw new Error("the public page has no ETag");
    const again = await client.request(`/${account.username}/${post!.slug}`, { headers: { "If-None-Match": etag } });
    expectStatus(again, 304, "the public page with If-None-Match");
    const stylesheet = /href="(\/assets\/blog-[^"]+\.css)"/.exec(page.text)?.[1];
    if (!stylesheet) throw new Error("the public page names no stylesheet");
    const css = await client.request(stylesheet);
    expectStatus(css, 200, `the stylesheet ${stylesheet}`);
    return `200 (${page.bytes.length} bytes, ${page.headers.get("cache-control")}), 304 for ${etag}; ${stylesheet} 200`;
  },
};

export const socialImage: SmokeStep = {
  name: "the social image",
  async run({ client, account, post }) {
    const answer = await client.request(`/${account.username}/${post!.slug}/og-image`);
    expectStatus(answer, 200, "og-image");
    const type = answer.headers.get("content-type");
    if (type !== "image/png" || answer.bytes.subarray(1, 4).toString() !== "PNG") throw new Error(`og-image is ${type}, ${answer.bytes.length} bytes`);
    return `200 image/png, ${answer.bytes.length} bytes`;
  },
};

export const cronTick: SmokeStep = {
  name: "GET /api/cron/tick with its bearer",
  async run({ client, services }) {
    const refused = await client.request("/api/cron/tick");
    expectStatus(refused, 401, "the tick without CRON_SECRET");
    const answer = await client.request("/api/cron/tick", { headers: { Authorization: `Bearer ${services.env.CRON_SECRET}`, "User-Agent": "vercel-cron/1.0" } });
    expectStatus(answer, 200, "the tick with CRON_SECRET");
    return `401 without, 200 with: ${answer.text}`;
  },
};

export const editThroughCdn: SmokeStep = {
  name: "an edit visible through the CDN within seconds",
  async run(context) {
    const { client, account, post, front } = context;
    const page = `/${account.username}/${post!.slug}`;
    const first = await client.request(page);
    const tags = first.headers.get("vercel-cache-tag");
    if (!tags) {
      context.pending.push("an edit through the CDN: the public page sends no Vercel-Cache-Tag in this build yet (vercel-features change), so the CDN keeps it for its s-maxage");
      return `PENDING: no Vercel-Cache-Tag (Cache-Control ${first.headers.get("cache-control")})`;
    }
    const second = await client.request(page);
    if (second.headers.get("x-vercel-cache") !== "HIT") throw new Error(`the page was not kept by the CDN: ${second.headers.get("x-vercel-cache")}, Cache-Control ${second.headers.get("cache-control")}`);
    const edited = await client.request(`/api/posts/${post!.id}`, { method: "PATCH", key: context.key, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ title: "Edited through the CDN" }) });
    expectStatus(edited, 200, "PATCH the post");
    const started = Date.now();
    for (;;) {
      const now = await client.request(page);
      if (now.text.includes("Edited through the CDN")) {
        const purged = front.cache!.purges.flatMap((purge) => purge.tags).filter((tag) => tags.split(",").map((t) => t.trim()).includes(tag));
        return `HIT before the edit; the new title served ${Date.now() - started} ms after the PATCH's answer (${now.headers.get("x-vercel-cache")}), purged: ${[...new Set(purged)].join(", ")}`;
      }
      if (Date.now() - started > 10_000) throw new Error(`the CDN still serves the old page 10 s after the edit (purges seen: ${JSON.stringify(front.cache!.purges)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
};
