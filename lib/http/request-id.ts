import { randomUUID } from "node:crypto";

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's or proxy's X-Request-Id when it looks sane, so logs line up across hops. */
export function requestIdFor(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}
