// GET /choose-username (ACCOUNTS.md "Single sign-on"): the last step of a single sign-on whose
// verified address no account uses, where a new account may be made. The identity waits in its
// cookie (lib/auth/pending-sso-identity.ts); without one (never started, or past its 15 minutes)
// the page sends the person back to /signin to start again. The form ("Choose a username",
// "Continue") posts to /api/account/sso-signup through public/account-forms.js.
import type { NextRequest } from "next/server";
import { openPendingSsoIdentity, PENDING_SSO_COOKIE } from "../auth/pending-sso-identity";
import { html, trustedHtml } from "../public-site/html";
import { accountPageResponse } from "./account-page-document";
import { formField } from "./form-field";

export async function chooseUsernamePageResponse(req: NextRequest): Promise<Response> {
  const identity = await openPendingSsoIdentity(req.cookies.get(PENDING_SSO_COOKIE)?.value);
  if (!identity) return new Response(null, { status: 307, headers: { Location: "/signin?error=SsoExpired", "Cache-Control": "no-store" } });
  const main = html`<h1>Create your account</h1><p>You are signing in as <strong>${identity.verifiedEmail}</strong>. No account uses this address yet: choose the username of your new one.</p><form class="form" aria-label="Create your account" data-form="choose-username" novalidate>${formField({
    id: "choose-username",
    name: "username",
    label: "Choose a username",
    autocomplete: "username",
    hint: "Your blog's address: lowercase letters, digits and hyphens.",
    attributes: trustedHtml(' spellcheck="false" autocapitalize="none" autofocus'),
  })}<p role="alert" class="error" data-form-error hidden></p><button class="submit" type="submit">Continue</button></form><noscript><p class="error">Creating an account needs JavaScript.</p></noscript><p class="links"><a href="/signin">Cancel</a></p>`;
  return accountPageResponse({ title: "Choose a username", main, script: true });
}
