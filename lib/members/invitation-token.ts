// Invitation links carry 256 random bits; only their SHA-256 is stored (TEAMS.md: ≥ 128 bits,
// stored hashed), so a database read never yields a working link.
import { createHash, randomBytes } from "node:crypto";
import { env } from "../env";

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function invitationUrl(token: string): string {
  return `${env.publicBaseUrl}/invite/${token}`;
}
