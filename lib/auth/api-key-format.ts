// API key format (DECISIONS §2): `ink_` + 40 base62 characters. Only the SHA-256 hash is stored;
// the prefix (`ink_` + first 8 characters) is kept so the dashboard can name a key again.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = /^ink_[0-9A-Za-z]{40}$/;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  let secret = "";
  // randomInt draws without modulo bias, so every character is uniform over base62.
  for (let i = 0; i < 40; i++) secret += BASE62[randomInt(62)];
  const key = `ink_${secret}`;
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
