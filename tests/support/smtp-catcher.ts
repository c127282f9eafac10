// A real SMTP server on 127.0.0.1 for the account tests (smtp-server, the nodemailer authors'
// server), with every message parsed by mailparser: recipient, subject, the text and HTML bodies
// and the links in them. It can refuse mail (`refuse(true)`: every DATA is answered 451, a
// temporary failure) or be stopped (connection refused on the same port) to play an outage.
import type { AddressInfo, Socket } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string; from: string; subject: string; text: string; html: string; links: string[]; receivedAt: number };

export type SmtpCatcher = {
  /** smtp://user:pass@127.0.0.1:<port>, as SMTP_URL. */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Answers every DATA with 451 (a temporary failure) while on. */
  refuse(on: boolean): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The first mail (new since `after` mails) to `to` whose subject matches, waiting up to timeoutMs. */
  waitFor(match: { to: string; subject?: RegExp }, options?: { timeoutMs?: number; after?: number }): Promise<CaughtMail>;
  /** Mails to `to` so far. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
};

const LINK = /https?:\/\/[^\s<>"]+/g;

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusing = false;
  let port = 0;
  const sockets = new Set<Socket>();
  let server: SMTPServer;

  const create = () => {
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        if (refusing) {
          stream.resume();
          stream.on("end", () => {
            const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
          });
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
            const text = parsed.text ?? "";
            const html = typeof parsed.html === "string" ? parsed.html : "";
            mails.push({ to, from: parsed.from?.text ?? "", subject: parsed.subject ?? "", text, html, links: [...new Set(text.match(LINK) ?? [])], receivedAt: Date.now() });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    server.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  create();
  await listen();

  const matches = (mail: CaughtMail, match: { to: string; subject?: RegExp }) =>
    mail.to.toLowerCase().includes(match.to.toLowerCase()) && (!match.subject || match.subject.test(mail.subject));

  return {
    get url() {
      return `smtp://tester:secret@127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    mails,
    refuse(on) {
      refusing = on;
    },
    stop,
    async start() {
      create();
      await listen();
    },
    async waitFor(match, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      for (;;) {
        const found = mails.slice(options.after ?? 0).find((mail) => matches(mail, match));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${match.to}${match.subject ? ` matching ${match.subject}` : ""}; caught: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    to(address) {
      return mails.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
    },
    close: stop,
  };
}
