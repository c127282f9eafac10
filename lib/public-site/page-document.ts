// A whole public page: doctype, <head> and body, as text. No script but JSON-LD is ever written:
// tests/api/public-site-no-script.test.ts fails if one appears.
import { html, htmlText, type Html } from "./html";
import { pageHead, type PageHead } from "./page-head";
import { publicStylesheet } from "./stylesheet";

/** `head` is the page's metadata, or markup already built for it (the 404 page's). */
export function pageDocument(head: PageHead | Html, body: Html): string {
  const stylesheet = publicStylesheet().href;
  const headMarkup = "title" in head ? pageHead(head, stylesheet) : head;
  return `<!DOCTYPE html>${htmlText(html`<html lang="en"><head>${headMarkup}</head><body>${body}</body></html>`)}`;
}
