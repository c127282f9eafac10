// next-auth's configuration of the OpenID Connect provider (ACCOUNTS.md "Single sign-on"): issuer
// discovery, the authorization code flow with PKCE (and state), client_secret_basic at the token
// endpoint, scopes `openid email profile`. Callback: <origin>/api/auth/callback/oidc.
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { ssoClaims } from "./sso-claims";

export type OidcClaims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown; preferred_username?: unknown; picture?: unknown };

export function oidcProviderConfig(options: { issuer: string; clientId: string; clientSecret: string; name: string }): OAuthConfig<OidcClaims> {
  return {
    id: "oidc",
    name: options.name,
    type: "oauth",
    wellKnown: `${options.issuer}/.well-known/openid-configuration`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    checks: ["pkce", "state"],
    idToken: true,
    userinfo: {
      // The ID token's claims, then the userinfo endpoint's over them: providers that follow the
      // core spec strictly (oidc-provider among them) put email and email_verified only in
      // userinfo when an access token is issued; others (Google) put them in the ID token.
      // userinfo must speak of the ID token's subject (OpenID Connect Core 5.3.2).
      async request({ client, tokens }) {
        // At run time `tokens` is openid-client's TokenSet, whose claims() are the ID token's,
        // checked by openid-client (signature, issuer, audience, expiry) before this runs.
        const claims = (tokens as unknown as { claims(): Record<string, unknown> }).claims();
        if (!client.issuer.metadata.userinfo_endpoint || !tokens.access_token) return claims as Profile;
        const userinfo = (await client.userinfo(tokens.access_token)) as Record<string, unknown>;
        if (userinfo.sub !== claims.sub) throw new Error("userinfo's sub is not the ID token's");
        return { ...claims, ...userinfo } as Profile;
      },
    },
    profile(profile) {
      return ssoClaims({ id: profile.sub, email: profile.email, name: profile.name ?? profile.preferred_username, image: profile.picture });
    },
  };
}
