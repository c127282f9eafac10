import { describe, expect, it } from "vitest";
import { apiKeyPrefix, generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey } from "../../lib/auth/api-key-format";

describe("API key format", () => {
  it("is ink_ plus 40 base62 characters, with a 12-character prefix and a SHA-256 hash", () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^ink_[0-9A-Za-z]{40}$/);
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("never repeats and uses the whole alphabet", () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey().key);
    expect(new Set(keys).size).toBe(200);
    const characters = new Set(keys.join("").slice(0).replaceAll("ink_", ""));
    expect(characters.size).toBe(62);
  });

  it.each(["", "ink_", `ink_${"a".repeat(39)}`, `ink_${"a".repeat(41)}`, `INK_${"a".repeat(40)}`, `ink_${"a".repeat(39)}-`, `sk_${"a".repeat(41)}`])(
    "rejects malformed key %j",
    (key) => expect(isWellFormedApiKey(key)).toBe(false),
  );

  it("compares hashes in constant time and only equal ones match", () => {
    const a = hashApiKey("ink_a");
    expect(hashesEqual(a, hashApiKey("ink_a"))).toBe(true);
    expect(hashesEqual(a, hashApiKey("ink_b"))).toBe(false);
    expect(hashesEqual(a, "abcd")).toBe(false);
    expect(apiKeyPrefix(`ink_ABCDEFGH${"x".repeat(32)}`)).toBe("ink_ABCDEFGH");
  });
});
