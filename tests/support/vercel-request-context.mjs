// Stands in for the part of Vercel's runtime that @vercel/functions talks to, so tests can watch
// the purges the app asks for through the real code path (our code → @vercel/functions'
// invalidateByTag → the request context). Loaded into a test server with `node --import`: every
// request the server receives runs inside a context, kept per request with AsyncLocalStorage as
// Vercel's own is, at globalThis[Symbol.for("@vercel/request-context")].get(), with `headers`,
// `waitUntil` and a `purge` API. Each purge call is appended as one JSON line to
// INKBASE_TEST_PURGE_LOG: its kind, its tags, the request that caused it (its method, path and
// `x-test-request` header), and whether that request's answer had already been sent.
import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import http from "node:http";

const log = process.env.INKBASE_TEST_PURGE_LOG;
if (!log) throw new Error("vercel-request-context.mjs needs INKBASE_TEST_PURGE_LOG");

const contexts = new AsyncLocalStorage();
globalThis[Symbol.for("@vercel/request-context")] = { get: () => contexts.getStore() };

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event !== "request") return emit.call(this, event, ...args);
  const [req, res] = args;
  const request = { method: req.method, path: req.url, id: req.headers["x-test-request"] ?? null };
  const record = (kind, tags) => {
    appendFileSync(log, `${JSON.stringify({ kind, tags: [].concat(tags), request, answered: res.writableFinished, at: Date.now() })}\n`);
    return Promise.resolve();
  };
  const context = {
    headers: req.headers,
    waitUntil: (promise) => {
      promise?.catch?.(() => {});
    },
    purge: {
      invalidateByTag: (tags) => record("invalidateByTag", tags),
      dangerouslyDeleteByTag: (tags) => record("dangerouslyDeleteByTag", tags),
      invalidateBySrcImage: (src) => record("invalidateBySrcImage", src),
      dangerouslyDeleteBySrcImage: (src) => record("dangerouslyDeleteBySrcImage", src),
    },
  };
  return contexts.run(context, () => emit.call(this, event, ...args));
};
