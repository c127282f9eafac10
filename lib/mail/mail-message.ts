// What every mail is made of, whichever transport sends it (lib/mail/send-mail.ts).
export type MailMessage = {
  to: string;
  subject: string;
  /** Plain text; every link written out whole. */
  text: string;
  html: string;
};
