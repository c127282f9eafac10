// The request's fingerprint for Idempotency-Key: SHA-256 over the method, the path with its query
// and the raw body bytes, whatever the body is (JSON, multipart, binary).
//
// - `buffered`, for routes whose body the wrapper parses as JSON anyway: the bytes are read once,
//   hashed, and handed on as the text the wrapper parses (no second read, no new request).
// - `streamed`, for every other route (uploads: multipart or raw bytes, possibly large): the body
//   is hashed as it streams past while the handler reads it as it always would (req.formData(),
//   req.body, …), and nothing is kept in memory for the hash. Whatever the handler leaves unread
//   (a 403 before the body is read, an upload refused halfway) is read and discarded when the
//   digest is asked for, so the fingerprint is always of the whole request.
import { createHash } from "node:crypto";
import { NextRequest } from "next/server";

export type FingerprintedRequest = {
  /** What the route runs with: the request itself, or one whose body stream feeds the hash. */
  req: NextRequest;
  /** The body as text, when it was read here (`buffered`). */
  text?: string;
  /** Reads whatever is left of the body, then gives the hex digest. */
  digest(): Promise<string>;
};

export async function fingerprintRequest(req: NextRequest, mode: "buffered" | "streamed"): Promise<FingerprintedRequest> {
  const hash = createHash("sha256").update(`${req.method}\n${req.nextUrl.pathname}${req.nextUrl.search}\n`);
  const source = req.body;
  if (!source) return { req, digest: async () => hash.digest("hex") };
  if (mode === "buffered") {
    const bytes = new Uint8Array(await req.arrayBuffer());
    const digest = hash.update(bytes).digest("hex");
    return { req, text: new TextDecoder().decode(bytes), digest: async () => digest };
  }

  const reader = source.getReader();
  let ended = false;
  // Reads happen one at a time, whether the handler's stream or the final drain asks.
  let turn: Promise<unknown> = Promise.resolve();
  const readChunk = (): Promise<Uint8Array | null> => {
    const read = turn.then(async () => {
      if (ended) return null;
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        return null;
      }
      hash.update(value);
      return value;
    });
    turn = read.catch(() => undefined);
    return read;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await readChunk();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      // A handler that stops reading leaves the rest to digest(), which still needs it.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  let digest: Promise<string> | undefined;
  let wrapped: NextRequest | undefined;
  return {
    // Made on first use: a replay only needs the digest.
    get req() {
      return (wrapped ??= new NextRequest(req, { body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]));
    },
    digest: () =>
      (digest ??= (async () => {
        while ((await readChunk()) !== null);
        return hash.digest("hex");
      })()),
  };
}
