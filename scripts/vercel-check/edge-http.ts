// The front's plumbing (edge-front.ts): reading a request body under Vercel's limit, passing a
// request to a function's process, and writing a response back.
import http from "node:http";

/** The whole body, or "too large" as soon as it passes `limit` bytes (declared or sent). */
export async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined | "too large"> {
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    req.resume();
    return "too large";
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      return "too large";
    }
    chunks.push(chunk);
  }
  return size === 0 && req.method !== "POST" && req.method !== "PUT" && req.method !== "PATCH" ? undefined : Buffer.concat(chunks);
}

export function invokeFunction(base: string, method: string, url: string, headers: Headers, body: Buffer | undefined): Promise<Response> {
  const target = new URL(url, base);
  const plain: http.OutgoingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (name === "content-length" || name === "connection" || name === "transfer-encoding") return;
    plain[name] = name === "set-cookie" ? headers.getSetCookie() : value;
  });
  if (body) plain["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(target, { method, headers: plain }, (incoming) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) for (const one of [value].flat()) if (one !== undefined) responseHeaders.append(name, one);
      const status = incoming.statusCode ?? 502;
      const noBody = method === "HEAD" || status === 204 || status === 304;
      const stream = noBody
        ? null
        : new ReadableStream<Uint8Array>({
            start(controller) {
              incoming.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
              incoming.on("end", () => controller.close());
              incoming.on("error", (err) => controller.error(err));
            },
          });
      if (noBody) incoming.resume();
      resolve(new Response(stream, { status, statusText: incoming.statusMessage, headers: responseHeaders }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Writes `response`, with the routes' headers where the function did not set its own. */
export async function sendResponse(res: http.ServerResponse, response: Response, routeHeaders: Headers, status?: number): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  routeHeaders.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length" && name !== "transfer-encoding" && name !== "connection") headers[name] = value;
  });
  const cookies = [...routeHeaders.getSetCookie(), ...response.headers.getSetCookie()];
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(status ?? response.status, headers);
  if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}
