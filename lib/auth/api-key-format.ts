// API key format (DECISIONS §2): `ink_` + 40 base62 characters. Only the SHA-256 hash is stored;
// the prefix (`ink_` + first 8 characters) is kept so the dashboard can name a key again.
import { createHash, timingSafeEqual } from "node:crypto";
import { randomId } from "../random-id";

const KEY_PATTERN = /^ink_[0-9A-Za-z]{40}$/;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = randomId("ink", 40);
  return { key, prefix: apiKeyPrefix(key), hash: hashApiKey(key) };
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, 12);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
