// What next-auth keeps of a provider's profile (its `user`): strings or null, never whatever
// shape a provider sent.
export type SsoUser = { id: string; email: string | null; name: string | null; image: string | null };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

export function ssoClaims(profile: { id: unknown; email: unknown; name: unknown; image: unknown }): SsoUser {
  return { id: String(profile.id), email: text(profile.email)?.toLowerCase() ?? null, name: text(profile.name), image: text(profile.image) };
}

/**
 * The provider's verified address, or null (ACCOUNTS.md: only a verified email links or makes an
 * account). OpenID Connect's `email_verified` claim; for GitHub, github-provider-config.ts sets
 * it for the primary verified address. Some providers send the claim as the string "true".
 */
export function verifiedEmailOf(profile: Record<string, unknown> | undefined): string | null {
  if (!profile) return null;
  const verified = profile.email_verified === true || profile.email_verified === "true";
  return verified ? (text(profile.email)?.toLowerCase() ?? null) : null;
}
