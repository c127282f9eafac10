// Preview-link tokens (TEAMS.md "Preview links"): 32 random bytes (256 bits) as base64url, in the
// URL only; the database keeps the SHA-256 (hex), as for API keys and account links.
import { createHash, randomBytes } from "node:crypto";
import { env } from "../env";

/** The token's shape, checked before hashing: anything else cannot be a link we made. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newPreviewToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashPreviewToken(token) };
}

export function hashPreviewToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isPreviewTokenShape(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function previewUrl(token: string): string {
  return `${env.publicBaseUrl}/preview/${token}`;
}
