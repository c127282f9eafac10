// The public site's 404 page (unknown usernames, reserved names, unknown slugs and tags, posts
// readers may not see, pages past the end): a real 404 with Inkbase's own header, as the React
// not-found page looked, and never cached. Its text is in the HTML itself; the React version
// streamed it in its RSC payload, so without JavaScript a reader saw a blank page.
import { html, HTML_CONTENT_TYPE } from "./html";
import { pageDocument } from "./page-document";
import { SITE_DESCRIPTION, SITE_NAME } from "./site-metadata";
import { publicStylesheet } from "./stylesheet";

export function notFoundPage(): Response {
  const head = html`<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="robots" content="noindex"/><link rel="stylesheet" href="${publicStylesheet().href}"/><title>${SITE_NAME}</title><meta name="description" content="${SITE_DESCRIPTION}"/><link rel="icon" href="/favicon.svg"/>`;
  const body = html`<header class="site-header"><nav class="site-nav" aria-label="Inkbase"><a class="site-brand" href="/">Inkbase</a><a href="/dashboard">Dashboard</a></nav></header><main class="site-main"><h1>Page not found</h1><p>There is no blog or post at this address. It may have been unpublished or moved.</p><p><a href="/">Go to Inkbase</a></p></main>`;
  return new Response(pageDocument(head, body), { status: 404, headers: { "Content-Type": HTML_CONTENT_TYPE, "Cache-Control": "no-store" } });
}
