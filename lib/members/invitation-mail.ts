// The invitation mail (ACCOUNTS.md "E-mail", TEAMS.md "Invitations"), in the account mails' layout.
import type { MailKind } from "../mail/enqueue-mail";
import type { MailMessage } from "../mail/mail-message";
import { renderMail } from "../mail/render-mail";

export function invitationMail(options: { to: string; project: string; invitedBy: string; role: string; url: string }): MailMessage & { kind: MailKind } {
  return {
    kind: "invitation",
    ...renderMail({
      to: options.to,
      subject: `${options.invitedBy} invited you to ${options.project} on Inkbase`,
      paragraphs: [`Hello,`, `${options.invitedBy} invited you to join ${options.project} on Inkbase as ${options.role}. The link works for 7 days, once.`],
      action: { label: `Join ${options.project}`, url: options.url },
      footer: "If you did not expect this invitation, you can ignore this mail.",
    }),
  };
}
