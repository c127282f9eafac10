// GET /signin: the sign-in page (DECISIONS §2: next-auth's credentials provider, fields `email`
// and `password`). While no account exists it leads to /setup (ACCOUNTS.md "First run"). The page
// says "Password changed" after a reset, "Wrong email or password." after a refused sign-in
// (next-auth sends people back with `?error=`), and links the reset page and, with open
// registration, sign-up. Single sign-on adds its buttons here (ACCOUNTS.md "Single sign-on").
import { hasAnyAccount } from "../accounts/has-any-account";
import { signInDestination } from "../auth/sign-in-destination";
import { env } from "../env";
import { html } from "../public-site/html";
import { accountPageResponse } from "./account-page-document";
import { formField } from "./form-field";

export async function signInPageResponse(req: Request): Promise<Response> {
  // A relative Location: the origin the browser used, whatever the server was told it is.
  if (!(await hasAnyAccount())) return new Response(null, { status: 307, headers: { Location: "/setup", "Cache-Control": "no-store" } });
  const params = new URL(req.url).searchParams;
  const callbackUrl = signInDestination(params.get("callbackUrl"));
  const main = html`<h1>Sign in</h1>${
    params.get("passwordChanged") ? html`<p role="status" class="notice"><strong>Password changed</strong>. Sign in with your new password.</p>` : ""
  }${params.get("error") ? html`<p role="alert" class="error">Wrong email or password.</p>` : ""}<form class="form" aria-label="Sign in" data-form="sign-in" data-callback="${callbackUrl}" novalidate>${formField({
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
