// GET /invite/<token> (TEAMS.md "Invitations"), a light account page like /signin and /signup:
// - a dead link: "Invitation expired" or "Invitation no longer valid" (410);
// - signed out: "Sign in" (coming back here) or the account form with the email fixed to the
//   invited address, which works even with REGISTRATION=invite and verifies the address;
// - signed in as the invited address: "Join <project>" (POST /api/invitations/accept);
// - signed in as someone else: "This invitation is for another email address".
// public/account-forms.js submits the forms and opens the project's dashboard afterwards.
import { sessionAccount } from "../auth/session-account";
import { ApiError } from "../http/api-error";
import { findUsableInvitation, type UsableInvitation } from "../members/find-invitation";
import { html, trustedHtml } from "../public-site/html";
import { accountPageResponse } from "./account-page-document";
import { formField, PASSWORD_HINT } from "./form-field";

export async function invitePageResponse(token: string): Promise<Response> {
  let invitation: UsableInvitation;
  try {
    invitation = await findUsableInvitation(token);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 410) throw err;
    const message = String(err.body.error);
    return accountPageResponse({ title: message, status: 410, main: html`<h1>${message}</h1><p>Ask whoever invited you for a new link.</p><p class="links"><a href="/signin">Sign in</a></p>` });
  }
  const project = invitation.project.displayName ?? invitation.project.username;
  const next = `/dashboard?project=${encodeURIComponent(invitation.project.username)}`;
  const intro = html`<p>You are invited to <strong>${project}</strong> as ${invitation.role}.</p>`;
  const account = await sessionAccount().catch(() => null);
  if (account) {
    if (account.email.toLowerCase() !== invitation.email.toLowerCase()) {
      return accountPageResponse({
        title: "Invitation",
        status: 403,
        main: html`<h1>Join ${project}</h1>${intro}<p role="alert" class="error">This invitation is for another email address</p><p>Sign in as ${invitation.email} to accept it.</p>`,
      });
    }
    const join = html`<form class="form" aria-label="Join ${project}" data-form="accept" data-invitation="${token}" data-next="${next}" novalidate><p role="alert" class="error" data-form-error hidden></p><button class="submit" type="submit">Join ${project}</button></form>`;
    return accountPageResponse({ title: `Join ${project}`, main: html`<h1>Join ${project}</h1>${intro}${join}`, script: true });
  }
  const signIn = `/signin?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`;
  const form = html`<form class="form" aria-label="Create account" data-form="invite" data-invitation="${token}" data-next="${next}" novalidate>${formField({
    id: "new-username",
    name: "username",
    label: "Username",
    autocomplete: "username",
    hint: "Your own blog's address: lowercase letters, digits and hyphens.",
    attributes: trustedHtml(' spellcheck="false" autocapitalize="none"'),
  })}${formField({ id: "new-email", name: "email", label: "Email", type: "email", autocomplete: "email", attributes: html` readonly value="${invitation.email}"` })}${formField({
    id: "new-password",
    name: "password",
    label: "Password",
    type: "password",
    autocomplete: "new-password",
    hint: PASSWORD_HINT,
    attributes: trustedHtml(' minlength="10"'),
  })}<p role="alert" class="error" data-form-error hidden></p><button class="submit" type="submit">Create account</button></form>`;
  const main = html`<h1>Join ${project}</h1>${intro}<p class="links"><span>Have an account? <a href="${signIn}">Sign in</a></span></p><h2>Create account</h2>${form}`;
  return accountPageResponse({ title: `Join ${project}`, main, script: true });
}
