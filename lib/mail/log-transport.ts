// Without SMTP_URL a mail is written to the server log instead of sent, as one line with its
// recipient, subject and links, so `npm start` needs no mail server and a person can still follow
// a verification or reset link. The log is then the mailbox: this is the one place a link's token
// is written anywhere but the mail itself.
import { logger } from "../log/logger";
import type { MailMessage } from "./mail-message";

const LINK = /https?:\/\/[^\s<>"]+/g;

export function linksOf(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

export function writeMailToLog(message: MailMessage): void {
  const links = linksOf(message.text);
  // warn: a deployment logging at warn must still show the mails it could not send.
  logger().warn(
    { mail: { to: message.to, subject: message.subject, links } },
    `mail not sent (SMTP_URL is not set): to ${message.to}, "${message.subject}"${links.length ? `, ${links.join(" ")}` : ""}`,
  );
}
