// SMTP through nodemailer, one pooled-less transport per SMTP_URL (kept while the URL stays the
// same). Loaded on the first mail only: a deployment that sends none never loads nodemailer.
// smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS from the first byte.
import type { Transporter } from "nodemailer";
import type { MailMessage } from "./mail-message";

// A dead or silent server must not hold a tick (or the work after a response) for minutes:
// nodemailer's defaults are 2 minutes to connect and 10 minutes of socket silence.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

const transports = new Map<string, Promise<Transporter>>();

async function transportFor(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    transport = import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    );
    transports.set(url, transport);
  }
  return transport;
}

export async function sendViaSmtp(url: string, from: string, message: MailMessage): Promise<void> {
  const transport = await transportFor(url);
  await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
}
