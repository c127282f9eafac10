// One built Vercel function, run the way Vercel's Node runtime runs it: its folder is the working
// directory, its `___next_launcher.cjs` is required once (a cold start), and each request is
// handed to the launcher's export, with Vercel's request context (waitUntil) around it. Started
// by scripts/vercel-check/start-function.ts under Node's permission model (the folder readable,
// only /tmp writable). Plain CommonJS on purpose: it runs inside that sandbox, where tsx could not
// read its own files.
//   node <permission flags> function-host.cjs <function folder> <port> <useWebApi: 0|1>
"use strict";
const http = require("node:http");
const path = require("node:path");
const { Readable } = require("node:stream");

const [dir, portArg, webApiArg] = process.argv.slice(2);
const useWebApi = webApiArg === "1";

// Vercel's runtime keeps an invocation's work alive after the answer through waitUntil; Next's
// after() (webhook deliveries) reads it from this context.
const pending = new Set();
const waitUntil = (promise) => {
  const tracked = Promise.resolve(promise)
    .catch((err) => console.error("[function-host] waitUntil task failed", err))
    .finally(() => pending.delete(tracked));
  pending.add(tracked);
};
// Vercel's cache purges (@vercel/functions' invalidateByTag and friends read them from the same
// context): printed as one JSON line each, which the check's front reads and applies to its cache.
const purgeBy = (kind) => async (tags) => {
  console.log(JSON.stringify({ purge: kind, tags: [tags].flat() }));
};
const purge = {
  invalidateByTag: purgeBy("invalidate"),
  dangerouslyDeleteByTag: purgeBy("delete"),
  invalidateBySrcImage: async () => {},
  dangerouslyDeleteBySrcImage: async () => {},
};
globalThis[Symbol.for("@vercel/request-context")] = { get: () => ({ waitUntil, purge, headers: {} }) };

process.on("unhandledRejection", (err) => console.error("[function-host] unhandled rejection", err));

const started = performance.now();
const handler = require(path.join(dir, "___next_launcher.cjs"));
const loadedMs = performance.now() - started;

function toRequest(req) {
  const url = `http://${req.headers.host ?? "localhost"}${req.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, { method: req.method, headers, body: hasBody ? Readable.toWeb(req) : undefined, duplex: "half" });
}

async function sendResponse(response, res) {
  const headers = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return res.end();
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

const server = http.createServer((req, res) => {
  const invocation = useWebApi
    ? Promise.resolve(handler(toRequest(req))).then((response) => sendResponse(response, res))
    : Promise.resolve(handler(req, res));
  invocation.catch((err) => {
    console.error("[function-host] invocation failed", err);
    if (!res.headersSent) res.writeHead(500, { "x-vercel-error": "FUNCTION_INVOCATION_FAILED" });
    res.end();
  });
});
server.listen(Number(portArg), "127.0.0.1", () => {
  // The parent reads this line: the function is up, and how long requiring it took.
  console.log(JSON.stringify({ ready: true, loadedMs: Math.round(loadedMs) }));
});

// Stopped by the check: let work handed to waitUntil finish first, as Vercel does.
process.on("SIGTERM", () => {
  server.close();
  Promise.allSettled([...pending]).then(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
});
