// A real OpenID Connect provider for the single sign-on tests (ACCOUNTS.md "Single sign-on"):
// panva's oidc-provider on a loopback port, with one confidential client for Inkbase that must
// use PKCE and client_secret_basic, its development login form (any login, any password: the
// login is the account id), consent granted without a prompt (a first-party client), and the
// people the tests add with their email and email_verified claims.
import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { freePort } from "./start-next-server";

export type IdpPerson = { email: string; email_verified: boolean; name?: string };

export type OidcIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by login (their `sub`). */
  people: Map<string, IdpPerson>;
  /** Authorization requests' PKCE parameters, and token requests' Authorization header (client_secret_basic). */
  authorizationRequests: { codeChallengeMethod: string | null; scope: string | null }[];
  tokenRequests: { authorization: string | null }[];
  close(): Promise<void>;
};

export async function startOidcIdp(options: { redirectUris: string[] }): Promise<OidcIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "inkbase-tests";
  const clientSecret = randomBytes(24).toString("hex");
  const people = new Map<string, IdpPerson>();
  const authorizationRequests: OidcIdp["authorizationRequests"] = [];
  const tokenRequests: OidcIdp["tokenRequests"] = [];

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    // Lifetimes of its own (the defaults print a notice each).
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    // Cookie signing keys of the provider's own (fixed here: the provider lives for one test file).
    cookies: { keys: [randomBytes(16).toString("hex")] },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    // A first-party client: the scopes it asks for are granted without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/auth" && url.searchParams.has("client_id")) {
      authorizationRequests.push({ codeChallengeMethod: url.searchParams.get("code_challenge_method"), scope: url.searchParams.get("scope") });
    }
    if (url.pathname === "/token") tokenRequests.push({ authorization: req.headers.authorization ?? null });
    void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    authorizationRequests,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
