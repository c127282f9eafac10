// next-auth's configuration of GitHub sign-in (ACCOUNTS.md "Single sign-on"): an OAuth app's
// authorization code flow with state, scopes `read:user user:email`. Callback:
// <origin>/api/auth/callback/github. GitHub's /user shows only a public address, verified or
// not, so the address is read from /user/emails: the primary one, and only when GitHub has
// verified it (`email_verified`, as OpenID Connect names it, for sso-claims.ts).
// GITHUB_URL / GITHUB_API_URL point it at GitHub Enterprise Server (and the tests' fake GitHub).
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { ssoClaims } from "./sso-claims";

type GitHubUser = { id: number | string; login?: string; name?: string | null; avatar_url?: string | null; email: string | null; email_verified: boolean };
type GitHubEmail = { email: string; primary: boolean; verified: boolean };

export function gitHubProviderConfig(options: { clientId: string; clientSecret: string; url: string; apiUrl: string }): OAuthConfig<GitHubUser> {
  const get = async <T>(path: string, accessToken: string): Promise<T> => {
    const res = await fetch(`${options.apiUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/vnd.github+json", "User-Agent": "Inkbase", "X-GitHub-Api-Version": "2022-11-28" },
    });
    if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: `${options.url}/login/oauth`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorization: { url: `${options.url}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${options.url}/login/oauth/access_token`,
    checks: ["state"],
    userinfo: {
      url: `${options.apiUrl}/user`,
      async request({ tokens }) {
        const accessToken = tokens.access_token ?? "";
        const [user, emails] = await Promise.all([get<Omit<GitHubUser, "email" | "email_verified">>("/user", accessToken), get<GitHubEmail[]>("/user/emails", accessToken)]);
        const primary = emails.find((entry) => entry.primary && entry.verified);
        return { ...user, email: primary?.email ?? null, email_verified: Boolean(primary) } as Profile;
      },
    },
    profile(profile) {
      return ssoClaims({ id: profile.id, email: profile.email, name: profile.name ?? profile.login, image: profile.avatar_url });
    },
  };
}
