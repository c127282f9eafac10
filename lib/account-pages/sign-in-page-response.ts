// GET /signin: the sign-in page (DECISIONS §2: next-auth's credentials provider, fields `email`
// and `password`). While no account exists it leads to /setup (ACCOUNTS.md "First run"). The page
// says "Password changed" after a reset, "Wrong email or password." after a refused sign-in
// (next-auth sends people back with `?error=`), and links the reset page and, with open
// registration, sign-up. Each configured single sign-on provider adds a button ("Continue with
// <OIDC_NAME>", "Continue with GitHub"): a form posting to next-auth's signin/<id>, whose CSRF
// token the script fills in (ACCOUNTS.md "Single sign-on"). Errors next-auth or single sign-on
// send back as `?error=` are said in words (SIGN_IN_ERRORS).
import { hasAnyAccount } from "../accounts/has-any-account";
import { signInDestination } from "../auth/sign-in-destination";
import { configuredSsoProviders } from "../auth/sso-providers";
import { env } from "../env";
import { html, type Html } from "../public-site/html";
import { accountPageResponse } from "./account-page-document";
import { formField } from "./form-field";

const SSO_FAILED = "Single sign-on did not finish. Try again.";

/** next-auth's error codes (and ours) → what the page says. Unknown codes read as a refused password. */
const SIGN_IN_ERRORS: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  NoAccount: "No account uses this email address",
  SsoExpired: "Single sign-on timed out. Try again.",
  OAuthSignin: SSO_FAILED,
  OAuthCallback: SSO_FAILED,
  Callback: SSO_FAILED,
  AccessDenied: SSO_FAILED,
  Configuration: "Sign-in is not configured correctly on this server.",
};

function ssoButtons(callbackUrl: string): Html {
  const providers = configuredSsoProviders();
  if (providers.length === 0) return html``;
  const buttons = providers.map(
    (provider) =>
      html`<form class="sso" method="post" action="/api/auth/signin/${provider.id}" data-form="sso"><input type="hidden" name="csrfToken" value=""/><input type="hidden" name="callbackUrl" value="${callbackUrl}"/><button class="sso-button" type="submit">${provider.label}</button></form>`,
  );
  return html`<div class="sso-list">${buttons}</div><p class="divider"><span>or with your email</span></p>`;
}

export async function signInPageResponse(req: Request): Promise<Response> {
  // A relative Location: the origin the browser used, whatever the server was told it is.
  if (!(await hasAnyAccount())) return new Response(null, { status: 307, headers: { Location: "/setup", "Cache-Control": "no-store" } });
  const params = new URL(req.url).searchParams;
  const callbackUrl = signInDestination(params.get("callbackUrl"));
  const error = params.get("error");
  const main = html`<h1>Sign in</h1>${
    params.get("passwordChanged") ? html`<p role="status" class="notice"><strong>Password changed</strong>. Sign in with your new password.</p>` : ""
  }${error ? html`<p role="alert" class="error">${SIGN_IN_ERRORS[error] ?? SIGN_IN_ERRORS.CredentialsSignin}</p>` : ""}${ssoButtons(callbackUrl)}<form class="form" aria-label="Sign in" data-form="sign-in" data-callback="${callbackUrl}" novalidate>${formField({
    id: "email",
    name: "email",
    label: "Email",
    type: "email",
    autocomplete: "email",
  })}${formField({ id: "password", name: "password", label: "Password", type: "password", autocomplete: "current-password" })}<p role="alert" class="error" data-form-error hidden></p><button class="submit" type="submit">Sign in</button></form><noscript><p class="error">Signing in needs JavaScript.</p></noscript><p class="links"><a href="/forgot-password">Forgot password?</a>${
    env.registration === "open" ? html`<a href="/signup">Create an account</a>` : ""
  }</p>`;
  return accountPageResponse({ title: "Sign in", main, script: true });
}
