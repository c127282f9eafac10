// A local server speaking Vercel Blob's HTTP API, as @vercel/blob 2 uses it (its requestApi:
// `PUT /?pathname=` to store, `GET /?url=` for head, `GET /?prefix&cursor&limit` to list,
// `POST /delete` with `{ urls }`; `authorization: Bearer <token>` and `x-api-version` on each;
// errors as `{ error: { code, message } }`), for the Blob media driver's tests through
// VERCEL_BLOB_API_URL (not a mock of the SDK: the SDK and browsers talk HTTP to it). It checks
// what Blob checks: the read-write token; a client token's HMAC (signed with the read-write token,
// as generateClientTokenFromReadWriteToken signs it), its pathname, expiry, size limit and
// content types; no overwrite unless allowed. Objects are served from the URLs it hands out, with
// CORS open as Blob's API is to browsers.
import { createHmac, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Stored = { bytes: Buffer; contentType: string; uploadedAt: Date; etag: string; cacheControl: string };
type ClientPayload = { pathname?: string; validUntil?: number; maximumSizeInBytes?: number; allowedContentTypes?: string[]; allowOverwrite?: boolean };
type Auth = { kind: "rw" } | { kind: "client"; payload: ClientPayload };

export type BlobTestServer = {
  apiUrl: string;
  token: string;
  /** The variables that point a server at this store. */
  env: Record<string, string>;
  pathnames(): string[];
  /** Every request the API received (method and pathname/query), for assertions. */
  requests: string[];
  stop(): Promise<void>;
};

class BlobApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, PUT, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Expose-Headers": "*",
  "Access-Control-Max-Age": "600",
};

export async function startBlobServer(): Promise<BlobTestServer> {
  const storeId = randomBytes(8).toString("hex");
  const token = `vercel_blob_rw_${storeId}_${randomBytes(16).toString("hex")}`;
  const objects = new Map<string, Stored>();
  const requests: string[] = [];
  let origin = "";
  const objectUrl = (pathname: string) => `${origin}/objects/${storeId}/${pathname}`;
  const describe = (pathname: string, stored: Stored) => ({
    url: objectUrl(pathname),
    downloadUrl: `${objectUrl(pathname)}?download=1`,
    pathname,
    size: stored.bytes.length,
    contentType: stored.contentType,
    contentDisposition: `inline; filename="${pathname.split("/").pop()}"`,
    cacheControl: stored.cacheControl,
    uploadedAt: stored.uploadedAt.toISOString(),
    etag: stored.etag,
  });
  const pathnameOf = (urlOrPathname: string) => (/^https?:\/\//.test(urlOrPathname) ? new URL(urlOrPathname).pathname.replace(`/objects/${storeId}/`, "") : urlOrPathname);

  function authenticate(req: IncomingMessage): Auth {
    const header = req.headers.authorization ?? "";
    const bearer = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (bearer === token) return { kind: "rw" };
    const client = /^vercel_blob_client_([^_]+)_(.+)$/.exec(bearer);
    if (client && client[1] === storeId) {
      const [securedKey, payload] = Buffer.from(client[2], "base64").toString().split(".");
      const expected = createHmac("sha256", token).update(payload ?? "").digest("hex");
      if (securedKey && payload && securedKey.length === expected.length && timingSafeEqual(Buffer.from(securedKey), Buffer.from(expected))) {
        return { kind: "client", payload: JSON.parse(Buffer.from(payload, "base64").toString()) as ClientPayload };
      }
    }
    throw new BlobApiError(403, "forbidden", "Access denied, please provide a valid token for this resource.");
  }

  function store(req: IncomingMessage, auth: Auth, pathname: string, body: Buffer): Stored & { pathname: string } {
    const contentType = String(req.headers["x-content-type"] ?? "application/octet-stream");
    let allowOverwrite = req.headers["x-allow-overwrite"] === "1";
    if (auth.kind === "client") {
      const { payload } = auth;
      if (payload.pathname !== pathname) throw new BlobApiError(400, "bad_request", `"pathname" does not match the token payload`);
      if (!payload.validUntil || payload.validUntil < Date.now()) throw new BlobApiError(400, "bad_request", "Token expired");
      if (payload.maximumSizeInBytes !== undefined && body.length > payload.maximumSizeInBytes) {
        throw new BlobApiError(400, "bad_request", `File size is too large: the file length cannot be greater than ${payload.maximumSizeInBytes} bytes`);
      }
      const allowed = payload.allowedContentTypes;
      if (allowed?.length && !allowed.some((type) => type === contentType || (type.endsWith("/*") && contentType.startsWith(type.slice(0, -1))))) {
        throw new BlobApiError(400, "bad_request", `contentType ${contentType} is not allowed`);
      }
      allowOverwrite = payload.allowOverwrite === true;
    }
    if (objects.has(pathname) && !allowOverwrite) throw new BlobApiError(400, "bad_request", "This blob already exists, use `allowOverwrite: true` if you want to overwrite it.");
    const maxAge = Number(req.headers["x-cache-control-max-age"] ?? 2_592_000);
    const stored: Stored = { bytes: body, contentType, uploadedAt: new Date(), etag: `"${createHash("md5").update(body).digest("hex")}"`, cacheControl: `public, max-age=${maxAge}` };
    objects.set(pathname, stored);
    return { ...stored, pathname };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<unknown> {
    if (!req.headers["x-api-version"]) throw new BlobApiError(400, "bad_request", "Missing x-api-version");
    const auth = authenticate(req);
    const route = url.pathname.replace(/^\/api\/blob/, "") || "/";
    if (req.method === "PUT" && route === "/") {
      const pathname = url.searchParams.get("pathname");
      if (!pathname) throw new BlobApiError(400, "bad_request", "pathname is required");
      const stored = store(req, auth, pathname, body);
      return describe(stored.pathname, stored);
    }
    if (auth.kind !== "rw") throw new BlobApiError(403, "client_token_not_allowed", "This operation is not available when using a client token.");
    if (req.method === "GET" && route === "/" && url.searchParams.has("url")) {
      const pathname = pathnameOf(url.searchParams.get("url")!);
      const stored = objects.get(pathname);
      if (!stored) throw new BlobApiError(404, "not_found", "The requested blob does not exist");
      return describe(pathname, stored);
    }
    if (req.method === "GET" && route === "/") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 1000), 1000);
      const after = url.searchParams.get("cursor") ?? "";
      const names = [...objects.keys()].filter((name) => name.startsWith(prefix) && name > after).sort();
      const page = names.slice(0, limit);
      const hasMore = names.length > limit;
      return { blobs: page.map((name) => describe(name, objects.get(name)!)), cursor: hasMore ? page.at(-1) : undefined, hasMore };
    }
    if (req.method === "POST" && route === "/delete") {
      const { urls } = JSON.parse(body.toString() || "{}") as { urls?: string[] };
      for (const one of urls ?? []) objects.delete(pathnameOf(one));
      return {};
    }
    throw new BlobApiError(400, "bad_request", `Unknown route ${req.method} ${route}`);
  }

  function serveObject(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const stored = objects.get(decodeURIComponent(url.pathname.slice(`/objects/${storeId}/`.length)));
    if (!stored) {
      res.writeHead(404, { ...CORS, "Content-Type": "text/plain" }).end("The page could not be found\n");
      return;
    }
    res.writeHead(200, { ...CORS, "Content-Type": stored.contentType, "Content-Length": String(stored.bytes.length), ETag: stored.etag, "Cache-Control": stored.cacheControl, "Last-Modified": stored.uploadedAt.toUTCString() });
    res.end(req.method === "HEAD" ? undefined : stored.bytes);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === "OPTIONS") {
      // A wildcard does not cover Authorization in a preflight: name what the browser asks for.
      res.writeHead(204, { ...CORS, "Access-Control-Allow-Headers": String(req.headers["access-control-request-headers"] ?? "*") }).end();
      return;
    }
    if (url.pathname.startsWith(`/objects/${storeId}/`) && (req.method === "GET" || req.method === "HEAD")) {
      serveObject(req, res, url);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const answer = await api(req, res, url, Buffer.concat(chunks));
      res.writeHead(200, { ...CORS, "Content-Type": "application/json" }).end(JSON.stringify(answer));
    } catch (err) {
      const failure = err instanceof BlobApiError ? err : new BlobApiError(500, "internal_server_error", String(err));
      res.writeHead(failure.status, { ...CORS, "Content-Type": "application/json" }).end(JSON.stringify({ error: { code: failure.code, message: failure.message } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}/api/blob`;
  return {
    apiUrl,
    token,
    env: { MEDIA_STORAGE: "vercel-blob", BLOB_READ_WRITE_TOKEN: token, VERCEL_BLOB_API_URL: apiUrl, VERCEL_BLOB_RETRIES: "0" },
    pathnames: () => [...objects.keys()].sort(),
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
