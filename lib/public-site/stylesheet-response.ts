// GET /assets/blog-<hash>.css: the public pages' stylesheet (lib/public-site/stylesheet.ts). The
// current hash is kept for a year (the URL changes with the content). Another hash is a page
// rendered by an older or newer deploy while instances roll over: it gets today's styles, cached
// only briefly, rather than an unstyled page.
import { etagMatches } from "../http/conditional-json";
import { notFoundText } from "./not-found";
import { publicStylesheet } from "./stylesheet";

const IMMUTABLE = "public, max-age=31536000, immutable";
const BRIEF = "public, max-age=60";

export function stylesheetResponse(req: Request, file: string): Response {
  if (!/^blog-[A-Za-z0-9_-]{1,64}\.css$/.test(file)) return notFoundText();
  const sheet = publicStylesheet();
  const current = `/assets/${file}` === sheet.href;
  const etag = `"${sheet.hash}"`;
  const headers = { ETag: etag, "Cache-Control": current ? IMMUTABLE : BRIEF };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(sheet.css, { headers: { ...headers, "Content-Type": "text/css; charset=utf-8" } });
}
