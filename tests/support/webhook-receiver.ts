// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request (raw body and
// headers, as a receiver would verify them) and answers as the test says: a status, a delay
// (for timeouts), or nothing at all while stopped (connection refused on the same port).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: Record<string, string>; body: string; json: { id: string; type: string; data: Record<string, unknown> } & Record<string, unknown> };

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Status (default 200), body and delay of the next responses. */
  respond(options: { status?: number; body?: string; delayMs?: number; headers?: Record<string, string> }): void;
  /** Closes the port (connection refused) until start() listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` requests have arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = "/hook"): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let reply: { status: number; body: string; delayMs: number; headers: Record<string, string> } = { status: 200, body: "ok", delayMs: 0, headers: {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(", ") : (value ?? "");
      received.push({ headers, body, json: JSON.parse(body) });
      const { status, body: answer, delayMs, headers: extra } = reply;
      const send = () => {
        if (!res.destroyed) res.writeHead(status, { "Content-Type": "text/plain", ...extra }).end(answer);
      };
      if (delayMs) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    respond(options) {
      reply = { status: options.status ?? 200, body: options.body ?? "ok", delayMs: options.delayMs ?? 0, headers: options.headers ?? {} };
    },
    stop,
    start: () => new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    }),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.slice(0, count);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
