// One person as a single sign-on provider knows them (ACCOUNTS.md "Single sign-on"): the provider
// and its id for them, and the address the provider has verified, if any (lib/auth/sso-claims.ts).
import { z } from "zod";
import { SSO_PROVIDER_IDS } from "../auth/sso-providers";

export const ssoIdentitySchema = z.object({
  provider: z.enum(SSO_PROVIDER_IDS),
  providerAccountId: z.string().min(1).max(255),
  verifiedEmail: z.string().max(254).nullable(),
  name: z.string().max(200).nullable(),
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

/** An identity whose address is known to be verified: the only kind that makes an account. */
export type VerifiedSsoIdentity = SsoIdentity & { verifiedEmail: string };
