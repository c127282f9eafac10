// The account mails of ACCOUNTS.md, each as one call: the words, and links absolute on
// PUBLIC_BASE_URL. (Invitations, TEAMS.md, are composed by the teams code with the same layout.)
import { env } from "../env";
import type { MailKind } from "./enqueue-mail";
import type { MailMessage } from "./mail-message";
import { renderMail } from "./render-mail";

export type AccountMail =
  | { kind: "verify_email"; to: string; username: string; token: string }
  | { kind: "reset_password"; to: string; username: string; token: string }
  | { kind: "confirm_email"; to: string; username: string; token: string }
  | { kind: "email_changed"; to: string; username: string; newEmail: string }
  | { kind: "password_changed"; to: string; username: string };

const link = (path: string, token: string) => `${env.publicBaseUrl}${path}?token=${encodeURIComponent(token)}`;

export function accountMail(mail: AccountMail): MailMessage & { kind: MailKind } {
  const hello = `Hello ${mail.username},`;
  const notYou = "If you did not ask for this, you can ignore this mail.";
  switch (mail.kind) {
    case "verify_email":
      return {
        kind: mail.kind,
        ...renderMail({
          to: mail.to,
          subject: "Verify your email address",
          paragraphs: [hello, "Confirm that this is your email address to publish posts and create API keys on Inkbase. The link works for 24 hours."],
          action: { label: "Verify email address", url: link("/verify-email", mail.token) },
          footer: notYou,
        }),
      };
    case "reset_password":
      return {
        kind: mail.kind,
        ...renderMail({
          to: mail.to,
          subject: "Reset your Inkbase password",
          paragraphs: [hello, "Someone asked to reset the password of your Inkbase account. The link works for 1 hour, once; a newer link replaces it."],
          action: { label: "Set a new password", url: link("/reset-password", mail.token) },
          footer: `${notYou} Your password stays as it is.`,
        }),
      };
    case "confirm_email":
      return {
        kind: mail.kind,
        ...renderMail({
          to: mail.to,
          subject: "Confirm your new email address",
          paragraphs: [hello, `Confirm that ${mail.to} is the new email address of your Inkbase account. Until you do, your account keeps its current address. The link works for 24 hours.`],
          action: { label: "Confirm email address", url: link("/confirm-email", mail.token) },
          footer: notYou,
        }),
      };
    case "email_changed":
      return {
        kind: mail.kind,
        ...renderMail({
          to: mail.to,
          subject: "Your Inkbase email address was changed",
          paragraphs: [hello, `The email address of your Inkbase account is now ${mail.newEmail}. Mail about your account goes there from now on.`],
          footer: `If you did not make this change, reset your password at ${env.publicBaseUrl}/forgot-password and contact the administrator of this Inkbase.`,
        }),
      };
    case "password_changed":
      return {
        kind: mail.kind,
        ...renderMail({
          to: mail.to,
          subject: "Your Inkbase password was changed",
          paragraphs: [hello, "The password of your Inkbase account was just changed. Sessions signed in elsewhere were signed out."],
          footer: `If you did not make this change, reset your password at ${env.publicBaseUrl}/forgot-password right away.`,
        }),
      };
  }
}
