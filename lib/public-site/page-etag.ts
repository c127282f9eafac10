// Strong ETags of the public pages (PUBLIC-SITE.md "Caching"). A page shows what the API read
// behind it serves, so its tag is that read's tag (same keys: the post, its neighbours, its
// authors, the page of the list) plus what only pages depend on: which page it is and the build
// (a new deploy changes markup and script URLs, so tags from an older build must not match).
import { strongEtag } from "../posts/public-http";

// Inlined at build time by next.config.mjs; "dev" under `next dev`.
const BUILD_STAMP = process.env.INKBASE_BUILD_STAMP ?? "dev";

export function pageEtag(kind: string, parts: unknown): string {
  return strongEtag(["page", kind, BUILD_STAMP, parts]);
}
