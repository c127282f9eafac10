// Single sign-on's configuration (ACCOUNTS.md "Single sign-on", docs/single-sign-on.md): a
// provider is on only with its whole set of variables; half a set is refused by the start check
// and by the read, with the same words; the buttons' names; what counts as a verified address.
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifiedEmailOf } from "../../lib/auth/sso-claims";
import { configuredSsoProviders } from "../../lib/auth/sso-providers";
import { env } from "../../lib/env";
import { checkEnvironment } from "../../lib/env-check";

const NAMES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME", "GITHUB_ID", "GITHUB_SECRET", "GITHUB_URL", "GITHUB_API_URL"];

function stub(vars: Record<string, string>): void {
  for (const name of NAMES) vi.stubEnv(name, vars[name] ?? "");
}

describe("single sign-on configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("nothing configured: no provider, no button", () => {
    stub({});
    expect(env.oidc).toBeUndefined();
    expect(env.github).toBeUndefined();
    expect(configuredSsoProviders()).toEqual([]);
  });

  it("OpenID Connect needs issuer, client id and secret together; OIDC_NAME names the button (default SSO)", () => {
    stub({ OIDC_ISSUER: "https://id.example.com/realms/inkbase/", OIDC_CLIENT_ID: "inkbase" });
    expect(checkEnvironment("server", process.env).problems).toEqual(["OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (docs/single-sign-on.md); OIDC_CLIENT_SECRET is not set."]);
    expect(() => env.oidc).toThrow(/OIDC_CLIENT_SECRET is not set/);

    stub({ OIDC_ISSUER: "https://id.example.com/realms/inkbase/", OIDC_CLIENT_ID: "inkbase", OIDC_CLIENT_SECRET: "s" });
    expect(env.oidc).toEqual({ issuer: "https://id.example.com/realms/inkbase", clientId: "inkbase", clientSecret: "s", name: "SSO" });
    expect(configuredSsoProviders()).toEqual([{ id: "oidc", label: "Continue with SSO" }]);
    stub({ OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", OIDC_NAME: "Google" });
    expect(configuredSsoProviders()).toEqual([{ id: "oidc", label: "Continue with Google" }]);

    expect(checkEnvironment("server", { OIDC_ISSUER: "id.example.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s" }).problems).toEqual(['OIDC_ISSUER="id.example.com" must be an absolute http(s) URL.']);
  });

  it("GitHub needs id and secret together; Enterprise Server through GITHUB_URL and GITHUB_API_URL", () => {
    stub({ GITHUB_SECRET: "s" });
    expect(checkEnvironment("server", process.env).problems).toEqual(["GITHUB_ID and GITHUB_SECRET must be set together (docs/single-sign-on.md); GITHUB_ID is not set."]);
    stub({ GITHUB_ID: "id", GITHUB_SECRET: "s" });
    expect(env.github).toEqual({ clientId: "id", clientSecret: "s", url: "https://github.com", apiUrl: "https://api.github.com" });
    stub({ GITHUB_ID: "id", GITHUB_SECRET: "s", GITHUB_URL: "https://ghe.example.com/", GITHUB_API_URL: "https://ghe.example.com/api/v3" });
    expect(env.github).toMatchObject({ url: "https://ghe.example.com", apiUrl: "https://ghe.example.com/api/v3" });
    stub({ GITHUB_ID: "id", GITHUB_SECRET: "s", OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", OIDC_NAME: "Acme" });
    expect(configuredSsoProviders().map((provider) => provider.label)).toEqual(["Continue with Acme", "Continue with GitHub"]);
  });
});

describe("the provider's verified address", () => {
  it("is the email only when email_verified is true (or the string some providers send)", () => {
    expect(verifiedEmailOf({ email: "Ada@Example.com", email_verified: true })).toBe("ada@example.com");
    expect(verifiedEmailOf({ email: "ada@example.com", email_verified: "true" })).toBe("ada@example.com");
    expect(verifiedEmailOf({ email: "ada@example.com", email_verified: false })).toBeNull();
    expect(verifiedEmailOf({ email: "ada@example.com" })).toBeNull();
    expect(verifiedEmailOf({ email_verified: true })).toBeNull();
    expect(verifiedEmailOf(undefined)).toBeNull();
  });
});
