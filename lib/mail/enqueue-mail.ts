// A mail joins the queue in the transaction of the change that causes it (ACCOUNTS.md "E-mail"):
// a change that commits always has its mail; a rolled-back one never sends one. The caller sends
// the returned id after the commit (send-mails-after-response.ts); the cron tick sends whatever
// that run did not (an SMTP outage, a restart).
import type { Tx } from "../db";
import type { MailMessage } from "./mail-message";

export type MailKind = "verify_email" | "reset_password" | "confirm_email" | "email_changed" | "password_changed" | "invitation";

export async function enqueueMail(tx: Tx, mail: MailMessage & { kind: MailKind; userId: string | null }): Promise<string> {
  const row = await tx.mail.create({
    data: { kind: mail.kind, userId: mail.userId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
    select: { id: true },
  });
  return row.id;
}
