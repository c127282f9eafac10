// Test-only stand-in for Upstash's REST API in front of a real Redis, so @upstash/ratelimit runs
// against something real (no Upstash-compatible server exists on npm).
//   POST /            one command as a JSON array       -> { result } or HTTP 400 { error }
//   POST /pipeline    array of commands, run in order   -> [{ result } | { error }, ...]
//   POST /multi-exec  array of commands, MULTI/EXEC     -> [{ result } | { error }, ...]
// Bearer token auth (401 otherwise). With `Upstash-Encoding: base64` bulk strings come back
// base64-encoded, as the @upstash/redis client asks for by default.
//
// Standalone: `tsx tests/support/upstash-shim.ts --port 8079 --token X [--redis-url URL] [--host H]`
// prints {"url":...,"token":...} and serves until killed (docker-compose.yml runs it this way,
// on --host 0.0.0.0, for the instances' shared rate limits).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";

type Reply = { result: unknown } | { error: string };

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

// Redis 7.0 refuses the `#!lua flags=allow-key-locking` first line of Upstash's scripts. We run
// them without it and remember original hash -> stripped hash, because clients EVALSHA by the
// hash of the script text they hold.
class ScriptTable {
  private readonly strippedHash = new Map<string, string>();

  strip(script: string): string {
    if (!script.startsWith("#!")) return script;
    const newline = script.indexOf("\n");
    const stripped = newline === -1 ? "" : script.slice(newline + 1);
    this.strippedHash.set(sha1(script), sha1(stripped));
    return stripped;
  }

  resolve(hash: string): string {
    return this.strippedHash.get(hash.toLowerCase()) ?? hash;
  }
}

function toArg(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Rewrites script commands for Redis 7.0; returns the hash to report for SCRIPT LOAD. */
function prepare(command: string[], scripts: ScriptTable): { args: string[]; loadHash?: string } {
  const args = [...command];
  const name = (args[0] ?? "").toUpperCase();
  const sub = (args[1] ?? "").toUpperCase();
  if ((name === "EVAL" || name === "EVAL_RO") && args[1] !== undefined) {
    args[1] = scripts.strip(args[1]);
  } else if ((name === "EVALSHA" || name === "EVALSHA_RO") && args[1] !== undefined) {
    args[1] = scripts.resolve(args[1]);
  } else if (name === "SCRIPT" && sub === "LOAD" && args[2] !== undefined) {
    const loadHash = sha1(args[2]);
    args[2] = scripts.strip(args[2]);
    return { args, loadHash };
  } else if (name === "SCRIPT" && sub === "EXISTS") {
    for (let i = 2; i < args.length; i++) args[i] = scripts.resolve(args[i]!);
  }
  return { args };
}

function encode(value: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(value)) {
    // Upstash leaves the "OK" status reply unencoded; the client special-cases it too.
    if (!base64 || value.equals(Buffer.from("OK"))) return value.toString("utf8");
    return value.toString("base64");
  }
  if (Array.isArray(value)) return value.map((item) => encode(item, base64));
  if (value instanceof Error) return value.message;
  // ioredis turns some replies (HGETALL) into objects; Upstash returns the flat array.
  if (typeof value === "object" && value !== null) {
    return encode(Object.entries(value).flat(), base64);
  }
  return value;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function isCommand(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startUpstashShim(
  opts: { redisUrl?: string; token?: string; port?: number; host?: string } = {},
): Promise<{ url: string; token: string; close(): Promise<void> }> {
  const token = opts.token ?? randomBytes(16).toString("hex");
  const redis = new Redis(opts.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379", {
    maxRetriesPerRequest: 1,
  });
  const scripts = new ScriptTable();

  async function run(command: unknown[], base64: boolean): Promise<Reply> {
    const { args, loadHash } = prepare(command.map(toArg), scripts);
    try {
      const result = await redis.callBuffer(args[0]!, ...args.slice(1));
      return { result: encode(loadHash === undefined ? result : Buffer.from(loadHash), base64) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function multiExec(commands: unknown[][], base64: boolean): Promise<Reply[]> {
    const multi = redis.multi();
    const loadHashes = commands.map((command) => {
      const { args, loadHash } = prepare(command.map(toArg), scripts);
      multi.callBuffer(args[0]!, ...args.slice(1));
      return loadHash;
    });
    const results = (await multi.exec()) ?? [];
    return results.map(([error, result], i): Reply =>
      error
        ? { error: error.message }
        : { result: encode(loadHashes[i] === undefined ? result : Buffer.from(loadHashes[i]), base64) },
    );
  }

  const server = createServer(async (req, res) => {
    try {
      if (req.headers.authorization !== `Bearer ${token}`) {
        return send(res, 401, { error: "Unauthorized" });
      }
      if (req.method !== "POST") return send(res, 405, { error: "Method not allowed" });
      const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
      const path = new URL(req.url ?? "/", "http://shim").pathname.replace(/\/+$/, "") || "/";
      const body = await readJson(req);

      if (path === "/") {
        if (!isCommand(body)) return send(res, 400, { error: "ERR expected a command array" });
        const reply = await run(body, base64);
        return send(res, "error" in reply ? 400 : 200, reply);
      }
      if (path === "/pipeline" || path === "/multi-exec") {
        if (!Array.isArray(body) || !body.every(isCommand)) {
          return send(res, 400, { error: "ERR expected an array of command arrays" });
        }
        const commands = body as unknown[][];
        if (path === "/multi-exec") return send(res, 200, await multiExec(commands, base64));
        const replies: Reply[] = [];
        for (const command of commands) replies.push(await run(command, base64));
        return send(res, 200, replies);
      }
      return send(res, 404, { error: `Unknown path ${path}` });
    } catch (error) {
      send(res, 400, { error: `ERR ${error instanceof Error ? error.message : String(error)}` });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      // The Upstash client keeps connections alive; without this, close() would wait on them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = argValue("--port");
  const shim = await startUpstashShim({
    port: port === undefined ? undefined : Number(port),
    token: argValue("--token"),
    redisUrl: argValue("--redis-url"),
    host: argValue("--host"),
  });
  console.log(JSON.stringify({ url: shim.url, token: shim.token }));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void shim.close().finally(() => process.exit(0)));
  }
}
