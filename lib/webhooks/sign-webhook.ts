// The delivery headers of DECISIONS §6. Two signature schemes side by side, so receivers can use
// either a GitHub-style verifier or a Standard Webhooks library:
// - X-Service-Signature: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the whole secret
//   string (`whsec_` included), always the current secret;
// - webhook-signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the bytes the
//   base64 after `whsec_` decodes to; one per valid secret, space-separated, during a rotation.
import { createHmac } from "node:crypto";

export const USER_AGENT = "Inkbase-Webhooks/1";

export function signWebhook(input: {
  deliveryId: string;
  eventType: string;
  body: string;
  /** The current secret first, then the previous one while its overlap lasts. */
  secrets: string[];
  timestamp: Date;
}): Record<string, string> {
  const [current] = input.secrets;
  const seconds = Math.floor(input.timestamp.getTime() / 1000);
  const signed = `${input.deliveryId}.${seconds}.${input.body}`;
  const standardSignatures = input.secrets.map(
    (secret) => `v1,${createHmac("sha256", secretBytes(secret)).update(signed).digest("base64")}`,
  );
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Event": input.eventType,
    "X-Service-Delivery": input.deliveryId,
    "X-Service-Signature": `sha256=${createHmac("sha256", current).update(input.body).digest("hex")}`,
    "webhook-id": input.deliveryId,
    "webhook-timestamp": String(seconds),
    "webhook-signature": standardSignatures.join(" "),
  };
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

/** The secrets that sign a delivery sent at `now`: the current one, plus the previous one for 24 h after a rotation. */
export function signingSecrets(
  subscription: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = subscription;
  return previousSecret && previousSecretExpiresAt && previousSecretExpiresAt > now ? [secret, previousSecret] : [secret];
}
