// The single sign-on providers this deployment has (ACCOUNTS.md "Single sign-on"), from the
// environment (lib/env.ts): the sign-in page shows a button for each, next-auth gets their
// configurations (auth-options.ts), and the next-auth route lets through only their ids.
import { env } from "../env";

export const SSO_PROVIDER_IDS = ["oidc", "github"] as const;
export type SsoProviderId = (typeof SSO_PROVIDER_IDS)[number];

export type SsoProvider = { id: SsoProviderId; /** The button's accessible name. */ label: string };

export function configuredSsoProviders(): SsoProvider[] {
  const providers: SsoProvider[] = [];
  const oidc = env.oidc;
  if (oidc) providers.push({ id: "oidc", label: `Continue with ${oidc.name}` });
  if (env.github) providers.push({ id: "github", label: "Continue with GitHub" });
  return providers;
}

export function isConfiguredSsoProvider(id: string | undefined): id is SsoProviderId {
  return configuredSsoProviders().some((provider) => provider.id === id);
}
