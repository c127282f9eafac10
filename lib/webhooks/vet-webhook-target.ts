// The SSRF guard, run when a subscription is saved and again before every delivery (DNS may
// change in between). It resolves the host once and returns the vetted addresses; the sender then
// connects to exactly those (send-webhook.ts), so a DNS answer that flips to a private address
// between the check and the connection (DNS rebinding) cannot slip through.
import { lookup } from "node:dns/promises";
import net from "node:net";
import { forbiddenAddressReason } from "./forbidden-address";

export class WebhookTargetError extends Error {
  override name = "WebhookTargetError";
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type VettedTarget = { url: URL; hostname: string; addresses: ResolvedAddress[] };

export async function vetWebhookTarget(rawUrl: string, options: { allowPrivate: boolean }): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetError("Must be a valid URL");
  }
  const httpAllowed = options.allowPrivate && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpAllowed) {
    throw new WebhookTargetError(options.allowPrivate ? "Must be an http or https URL" : "Must be an https URL");
  }
  // Credentials in the URL would be shown in the dashboard and the delivery log.
  if (url.username || url.password) throw new WebhookTargetError("Must not contain a user name or password");

  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = net.isIP(hostname);
  const addresses: ResolvedAddress[] = literal ? [{ address: hostname, family: literal as 4 | 6 }] : await resolve(hostname);
  if (!options.allowPrivate) {
    // Every answer must be public: the connection may use any of them.
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) throw new WebhookTargetError(`Resolves to ${address} (${reason}), which webhooks may not reach`);
    }
  }
  return { url, hostname, addresses };
}

async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  try {
    const answers = await lookup(hostname, { all: true, verbatim: true });
    if (answers.length) return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  } catch {
    // reported below
  }
  throw new WebhookTargetError(`Host ${hostname} could not be resolved`);
}
