// verifyWebhook: checks an Inkbase delivery with either signature scheme it carries, using Web
// Crypto only (Node 20+, Deno, Bun, edge runtimes):
// - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the whole secret;
// - Standard Webhooks `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64> …`:
//   HMAC-SHA256 of `id.timestamp.body` keyed with the bytes after `whsec_`, and a timestamp within
//   the tolerance (replays of old deliveries fail).

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** Accepted clock difference for `webhook-timestamp`, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Which scheme must be present and valid: `any` (default) accepts a delivery that passes either present scheme. */
  scheme?: "any" | "standard" | "service";
  /** For tests: the current time. */
  now?: Date;
};

export type WebhookEvent = { id: string; type: string; createdAt?: string; data: Record<string, unknown> } & Record<string, unknown>;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/**
 * Resolves with the parsed event when the signature is valid; rejects with WebhookVerificationError
 * otherwise. Pass the raw body exactly as received (not re-serialized JSON) and the request headers.
 */
export async function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): Promise<WebhookEvent> {
  const body = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  const read = headerReader(headers);
  const scheme = options.scheme ?? "any";
  const standardPresent = read("webhook-signature") !== null;
  const servicePresent = read("x-service-signature") !== null;

  if (scheme !== "service" && standardPresent) {
    await verifyStandard(body, read, secret, options);
  } else if (scheme === "standard") {
    throw new WebhookVerificationError("Missing webhook-signature header");
  }
  if (scheme !== "standard" && servicePresent) {
    await verifyService(body, read("x-service-signature")!, secret);
  } else if (scheme === "service") {
    throw new WebhookVerificationError("Missing X-Service-Signature header");
  }
  if (!standardPresent && !servicePresent) throw new WebhookVerificationError("No signature header");

  try {
    return JSON.parse(body) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The body is not JSON");
  }
}

async function verifyStandard(body: string, read: (name: string) => string | null, secret: string, options: VerifyOptions) {
  const id = read("webhook-id");
  const timestamp = read("webhook-timestamp");
  const signatures = read("webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature");
  const seconds = Number(timestamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("webhook-timestamp is outside the tolerance");
  }
  const expected = toBase64(await hmac(base64Bytes(secret.replace(/^whsec_/, "")), `${id}.${timestamp}.${body}`));
  // During a secret rotation several signatures are sent, space-separated: one match suffices.
  const valid = signatures.split(" ").some((part) => {
    const [version, signature] = part.split(",", 2);
    return version === "v1" && signature !== undefined && constantTimeEqual(signature, expected);
  });
  if (!valid) throw new WebhookVerificationError("webhook-signature does not match");
}

async function verifyService(body: string, header: string, secret: string) {
  const expected = `sha256=${toHex(await hmac(new TextEncoder().encode(secret), body))}`;
  if (!constantTimeEqual(header.trim().toLowerCase(), expected)) throw new WebhookVerificationError("X-Service-Signature does not match");
}

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  const cryptoKey = await globalThis.crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(message)));
}

function headerReader(headers: WebhookHeaders): (name: string) => string | null {
  if (typeof (headers as Headers).get === "function") return (name) => (headers as Headers).get(name);
  const lower = new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), Array.isArray(value) ? value.join(", ") : value]));
  return (name) => lower.get(name) ?? null;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64Bytes(value: string): Uint8Array {
  const binary = atob(value);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
