// The public pages' HTML builder (docs/public-site.md "No JavaScript"): a tagged template that
// escapes every interpolated value unless it is already markup. The pages are route handlers that
// answer with finished HTML, so there is no React render, no hydration and no RSC payload; this is
// the whole templating layer they need. Escaping is React's (& < > " ' in text and attributes
// alike), so markup that used to come out of React comes out the same.

export const HTML_CONTENT_TYPE = "text/html; charset=utf-8";

const MARKUP = Symbol("inkbase.html");

/** A piece of HTML that is already safe to send (built by `html`, or trusted via `trustedHtml`). */
export type Html = { readonly [MARKUP]: string };

/** What a template may interpolate: text (escaped), markup (as is), lists of either, or nothing. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** Markup from a source that already made it safe: the sanitized content render, JSON-LD. */
export function trustedHtml(markup: string): Html {
  return { [MARKUP]: markup };
}

function write(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(write).join("");
  return (value as Html)[MARKUP];
}

/** html`<p class="x">${text}</p>`: the literal parts as written, every value escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += write(values[i]) + strings[i + 1];
  return { [MARKUP]: out };
}

/** The finished document's text. */
export function htmlText(markup: Html): string {
  return markup[MARKUP];
}
