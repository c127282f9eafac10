// The one choice of how a mail leaves: SMTP when SMTP_URL is set (read on each call), else the log.
import { env } from "../env";
import { writeMailToLog } from "./log-transport";
import type { MailMessage } from "./mail-message";

export async function sendMail(message: MailMessage): Promise<void> {
  const url = env.smtpUrl;
  if (!url) return writeMailToLog(message);
  const { sendViaSmtp } = await import("./smtp-transport");
  await sendViaSmtp(url, env.mailFrom, message);
}
