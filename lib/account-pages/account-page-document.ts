// The signed-out pages that must stay light (ACCOUNTS.md: sign-in, sign-up and setup ship at most
// 60 KB of JavaScript, gzip; bench/accounts). A React page of this app brings about 130 KB of
// runtime before any code of its own, so these three are route handlers that write finished
// HTML, like the public blog (lib/public-site), with the site's stylesheet and one small script
// (public/account-forms.js, a few KB) that submits their forms through our API and next-auth.
import { html, HTML_CONTENT_TYPE, htmlText, type Html } from "../public-site/html";
import { publicStylesheet } from "../public-site/stylesheet";
import { ACCOUNT_FORM_CSS } from "./account-form-css";

export const ACCOUNT_FORMS_SCRIPT = "/account-forms.js";

export function accountPageResponse(options: { title: string; main: Html; status?: number; script?: boolean }): Response {
  const head = html`<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="robots" content="noindex"/><meta name="referrer" content="strict-origin-when-cross-origin"/><link rel="stylesheet" href="${publicStylesheet().href}"/><style>${ACCOUNT_FORM_CSS}</style><title>${options.title} · Inkbase</title><link rel="icon" href="/favicon.svg"/>${options.script ? html`<script src="${ACCOUNT_FORMS_SCRIPT}" defer></script>` : ""}`;
  const body = html`<header class="site-header"><nav class="site-nav" aria-label="Inkbase"><a class="site-brand" href="/">Inkbase</a><a href="/dashboard">Dashboard</a></nav></header><main class="site-main site-main-narrow">${options.main}</main>`;
  const document = `<!DOCTYPE html>${htmlText(html`<html lang="en"><head>${head}</head><body>${body}</body></html>`)}`;
  return new Response(document, { status: options.status ?? 200, headers: { "Content-Type": HTML_CONTENT_TYPE, "Cache-Control": "no-store" } });
}
