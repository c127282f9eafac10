// The document is the same for the life of a process (routes are fixed at build): build it once.
import { buildDocument } from "./build-document";

let document: ReturnType<typeof buildDocument> | undefined;

export function openApiDocument() {
  document ??= buildDocument().catch((err) => {
    document = undefined;
    throw err;
  });
  return document;
}
