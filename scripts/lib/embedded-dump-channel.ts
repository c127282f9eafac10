// PGlite's own dump (`dumpDataDir`) runs only in the process that holds the data directory (the
// server's launcher), so `admin backup` asks that process for it over this channel: an HTTP
// listener on 127.0.0.1 announced in `embedded.json` with a random token. It exposes nothing the
// database socket beside it does not (that one answers anyone local as `postgres`); the token only
// keeps a stray local request from costing a dump. The dump is taken under PGlite's query lock:
// one instant of a single-session database, crash-consistent like a file-system snapshot (a
// transaction open at that instant is rolled back when the copy starts). It is built in memory
// (PGlite builds the tar as one Blob, about 40 MB for a fresh database) and then streamed.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { PGlite } from "@electric-sql/pglite";

export type DumpChannel = { port: number; token: string };

/** Streams a tar of the data directory (uncompressed: the backup zip compresses it). */
export async function dumpDataDir(db: PGlite): Promise<Readable> {
  const blob = await db.dumpDataDir("none");
  return Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>);
}

export async function serveDumps(db: PGlite): Promise<DumpChannel & { close(): Promise<void> }> {
  const token = randomBytes(24).toString("hex");
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/dump" || req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(404).end();
      return;
    }
    dumpDataDir(db).then(
      (tar) => {
        res.writeHead(200, { "Content-Type": "application/x-tar" });
        // A dump that breaks off mid-way cuts the response short: the reader sees an error.
        tar.once("error", () => res.destroy());
        tar.pipe(res);
      },
      (error: unknown) => res.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function requestDump(channel: DumpChannel): Promise<Readable> {
  const res = await fetch(`http://127.0.0.1:${channel.port}/dump`, { method: "POST", headers: { Authorization: `Bearer ${channel.token}` } });
  if (!res.ok || !res.body) throw new Error(`The embedded database's server refused the dump (HTTP ${res.status}: ${await res.text()})`);
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}
