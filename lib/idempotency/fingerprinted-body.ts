// The request's fingerprint for Idempotency-Key: SHA-256 over the method, the path with its query
// and the raw body bytes, whatever the body is (JSON, multipart, binary). The body is hashed as it
// streams past: the handler reads it as it always would (req.text(), req.formData(), req.body),
// and nothing is kept in memory for the hash. Whatever the handler leaves unread (a 403 before the
// body is parsed, an upload refused halfway) is read and discarded when the digest is asked for,
// so the fingerprint is always of the whole request.
import { createHash } from "node:crypto";

export type FingerprintedBody = {
  /** What the handler reads in place of the original body (null for a request without one). */
  body: ReadableStream<Uint8Array> | null;
  /** Reads whatever is left of the body, then gives the hex digest. */
  digest(): Promise<string>;
};

export function fingerprintedBody(req: Request): FingerprintedBody {
  const url = new URL(req.url);
  const hash = createHash("sha256").update(`${req.method}\n${url.pathname}${url.search}\n`);
  const source = req.body;
  if (!source) return { body: null, digest: async () => hash.digest("hex") };

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
  return {
    body,
    digest: () =>
      (digest ??= (async () => {
        while ((await readChunk()) !== null);
        return hash.digest("hex");
      })()),
  };
}
