// The document is the same for the life of a process (routes are fixed at build): build it once.
import { buildDocument, type RouteIndexEntry } from "./build-document";

let document: ReturnType<typeof buildDocument> | undefined;

export function openApiDocument(routes: RouteIndexEntry[]) {
  document ??= buildDocument(routes).catch((err) => {
    document = undefined;
    throw err;
  });
  return document;
}
