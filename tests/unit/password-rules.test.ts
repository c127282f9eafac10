// The password rules of ACCOUNTS.md: 10 to 256 characters, not among the 10,000 most common
// passwords of the shipped list (assets/passwords), whose origin its README names by hash.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../lib/accounts/common-passwords";
import { newPasswordSchema } from "../../lib/accounts/password-rules";
import { needsRehash } from "../../lib/auth/password";

const root = path.resolve(import.meta.dirname, "../..");
const listPath = path.join(root, "assets/passwords/10-million-password-list-top-10000.txt");

describe("the common password list", () => {
  it("holds exactly the 10,000 passwords its README names by hash", () => {
    const bytes = readFileSync(listPath);
    const lines = bytes.toString("utf8").split("\n").filter(Boolean);
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(10_000);
    const readme = readFileSync(path.join(root, "assets/passwords/README.md"), "utf8");
    expect(readme).toContain(createHash("sha256").update(bytes).digest("hex"));
  });

  it("knows the classics, as typed and in other letter case", () => {
    for (const password of ["123456", "password", "qwertyuiop", "1234567890", "Password", "QWERTYUIOP"]) expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword("Tall-Ladder-5a1c")).toBe(false);
  });
});

describe("new passwords", () => {
  const issues = (password: unknown) => {
    const result = newPasswordSchema.safeParse(password);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("need 10 to 256 characters", () => {
    expect(issues("a-b-c-d-e")).toEqual(["Password must be at least 10 characters"]);
    expect(issues("a-b-c-d-e-")).toEqual([]);
    expect(issues("x".repeat(255) + "!")).toEqual([]);
    expect(issues("x".repeat(256) + "!")).toContain("Password must be at most 256 characters");
  });

  it("may not be a common password, however long", () => {
    expect(issues("1q2w3e4r5t")[0]).toMatch(/too common/);
    expect(issues("Password12")[0]).toMatch(/too common/);
  });
});

describe("hash upgrades", () => {
  it("rehashes anything below today's cost", () => {
    expect(needsRehash("scrypt$16384$8$1$c2FsdA==$aGFzaA==")).toBe(true);
    expect(needsRehash("scrypt$32768$8$1$c2FsdA==$aGFzaA==")).toBe(false);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
  });
});
