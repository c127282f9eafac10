// The forms of the light account pages (account-page-document.ts): what
// components/site/sign-in.module.css gives the React pages, as plain classes on the site's tokens
// (app/globals.css, light and dark). Written into each page: about 1 KB.
import { trustedHtml } from "../public-site/html";

export const ACCOUNT_FORM_CSS = trustedHtml(
  [
    ".form{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);padding:var(--space-6);display:grid;gap:var(--space-4)}",
    ".field{display:grid;gap:var(--space-1)}",
    ".label{font-weight:600;font-size:var(--font-size-sm)}",
    ".input{font:inherit;padding:.55rem .7rem;border:1px solid var(--color-border-strong);border-radius:var(--radius-md);background:var(--color-surface);color:var(--color-text);width:100%}",
    ".input[aria-invalid=true]{border-color:var(--color-danger)}",
    ".hint{margin:0;font-size:var(--font-size-sm);color:var(--color-text-muted)}",
    ".field-error{margin:0;font-size:var(--font-size-sm);color:var(--color-danger)}",
    ".submit{font:inherit;font-weight:600;padding:.6rem 1rem;border-radius:var(--radius-md);border:1px solid var(--color-accent);background:var(--color-accent);color:var(--color-accent-contrast);cursor:pointer}",
    ".submit:disabled{opacity:.65;cursor:wait}",
    ".error{color:var(--color-danger);margin:0}",
    ".notice{margin:0;padding:var(--space-3) var(--space-4);border-radius:var(--radius-md);background:var(--color-success-soft);color:var(--color-success)}",
    ".links{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-4);font-size:var(--font-size-sm)}",
    ".sso-list{display:grid;gap:var(--space-2)}",
    ".sso{margin:0}",
    ".sso-button{font:inherit;font-weight:600;width:100%;padding:.6rem 1rem;border-radius:var(--radius-md);border:1px solid var(--color-border-strong);background:var(--color-surface);color:var(--color-text);cursor:pointer}",
    ".sso-button:disabled{opacity:.65;cursor:wait}",
    ".divider{display:flex;align-items:center;gap:var(--space-3);margin:0;color:var(--color-text-muted);font-size:var(--font-size-sm)}",
    ".divider::before,.divider::after{content:\"\";flex:1;border-top:1px solid var(--color-border)}",
    "[hidden]{display:none!important}",
  ].join(""),
);
