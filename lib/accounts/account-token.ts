// Single-use links (ACCOUNTS.md "Verification and recovery"): 32 random bytes (256 bits) as
// base64url, in the mail only; the database keeps the SHA-256. Lifetimes per kind.
import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "../http/api-error";

export type AccountTokenKind = "verify_email" | "reset_password" | "confirm_email";

const HOUR = 60 * 60_000;

export const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  verify_email: 24 * HOUR,
  reset_password: HOUR,
  confirm_email: 24 * HOUR,
};

export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashAccountToken(token) };
}

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Every bad, used, expired or voided link answers the same. */
export const invalidLink = () => new ApiError(400, { error: "Invalid or expired link" });

/** A token as sent: anything but a plausible string is a bad link, never a 400 of another shape. */
export function tokenOf(body: unknown): string {
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (typeof token !== "string" || token.length === 0 || token.length > 200) throw invalidLink();
  return token;
}
