// GET one image an imported post references, behind the webhooks' SSRF guard: the host is
// resolved and vetted once (no private, loopback or link-local addresses unless
// WEBHOOK_ALLOW_PRIVATE_TARGETS, as for webhooks) and the connection goes to exactly the vetted
// addresses (DNS rebinding cannot slip in). http and https; redirects are not followed; bounded
// in time and in size (MEDIA_MAX_BYTES). Throws an Error whose message is the report's warning.
import http from "node:http";
import https from "node:https";
import { env } from "../env";
import { pinnedLookup } from "../webhooks/send-webhook";
import { vetWebhookTarget, WebhookTargetError } from "../webhooks/vet-webhook-target";

const TIMEOUT_MS = 10_000;

export async function fetchRemoteImage(raw: string): Promise<{ bytes: Uint8Array; contentType: string | null; filename: string }> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not an http(s) URL");
  // The guard speaks of webhook URLs (https only unless private targets are allowed); images
  // may be plain http, so it judges the same URL as https: the host and its addresses are what matter.
  const target = await vetWebhookTarget(url.href.replace(/^http:/, "https:"), { allowPrivate: env.webhookAllowPrivateTargets }).catch((err: unknown) => {
    if (err instanceof WebhookTargetError) throw new Error(`refused: ${err.message.replace("which webhooks may not reach", "not a public address")}`);
    throw err;
  });
  const client = url.protocol === "https:" ? https : http;
  const limit = env.mediaMaxBytes;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: pinnedLookup(target.addresses), timeout: TIMEOUT_MS, headers: { "User-Agent": "Inkbase-Import/1", Accept: "image/*" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`answered ${res.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          req.destroy();
          reject(new Error(`larger than ${limit} bytes`));
        } else chunks.push(chunk);
      });
      res.on("end", () => {
        const filename = decodeURIComponent(url.pathname.split("/").pop() || "image") || "image";
        resolve({ bytes: Buffer.concat(chunks), contentType: res.headers["content-type"] ?? null, filename });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
  });
}
