import { randomBytes } from "node:crypto";

/** DECISIONS §6: `whsec_` + standard base64 of 32 random bytes (the Standard Webhooks format). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
