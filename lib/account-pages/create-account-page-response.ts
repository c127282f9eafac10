// GET /setup and GET /signup (ACCOUNTS.md): the form that makes an account through
// POST /api/account/setup or /signup, then signs it in (public/account-forms.js).
// - /setup: only while the database holds no account; a 404 once any exists.
// - /signup: the form with REGISTRATION=open; otherwise "Sign-up is by invitation only" and a
//   link to sign in. While no account exists it sends people to /setup, as /signin does: the
//   first account is made there (lib/accounts/sign-up.ts).
import { hasAnyAccount } from "../accounts/has-any-account";
import { env } from "../env";
import { html, trustedHtml } from "../public-site/html";
import { notFoundPage } from "../public-site/not-found-page";
import { accountPageResponse } from "./account-page-document";
import { formField, PASSWORD_HINT } from "./form-field";

function accountForm(kind: "setup" | "signup") {
  return html`<form class="form" aria-label="${kind === "setup" ? "Set up Inkbase" : "Create account"}" data-form="${kind}" novalidate>${
    kind === "setup"
      ? formField({ id: "setup-code", name: "code", label: "Setup code", autocomplete: "off", hint: "Printed in the server's log when it starts, or the SETUP_CODE you set.", attributes: trustedHtml(' spellcheck="false" autocapitalize="characters"') })
      : ""
  }${formField({ id: "new-username", name: "username", label: "Username", autocomplete: "username", hint: "Your blog's address: lowercase letters, digits and hyphens.", attributes: trustedHtml(' spellcheck="false" autocapitalize="none"') })}${formField({
    id: "new-email",
    name: "email",
    label: "Email",
    type: "email",
    autocomplete: "email",
  })}${formField({ id: "new-password", name: "password", label: "Password", type: "password", autocomplete: "new-password", hint: PASSWORD_HINT, attributes: trustedHtml(' minlength="10"') })}<p role="alert" class="error" data-form-error hidden></p><button class="submit" type="submit">Create account</button></form><noscript><p class="error">Creating an account needs JavaScript.</p></noscript>`;
}

export async function setupPageResponse(): Promise<Response> {
  if (await hasAnyAccount()) return notFoundPage();
  const main = html`<h1>Set up Inkbase</h1><p>Create the first account. It gets the Pro plan and can publish at once.</p>${accountForm("setup")}`;
  return accountPageResponse({ title: "Set up Inkbase", main, script: true });
}

export async function signUpPageResponse(): Promise<Response> {
  if (!(await hasAnyAccount())) return new Response(null, { status: 307, headers: { Location: "/setup", "Cache-Control": "no-store" } });
  const signIn = html`<p class="links"><span>Have an account? <a href="/signin">Sign in</a></span></p>`;
  if (env.registration !== "open") {
    return accountPageResponse({ title: "Create account", main: html`<h1>Create account</h1><p>Sign-up is by invitation only</p>${signIn}` });
  }
  return accountPageResponse({ title: "Create account", main: html`<h1>Create account</h1>${accountForm("signup")}${signIn}`, script: true });
}
