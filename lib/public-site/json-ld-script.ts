import { trustedHtml, type Html } from "./html";

/**
 * Structured data as the API returns it. `<` is escaped so no string in the post (a title with
 * `</script>`) can end the script element early; JSON.parse reads the same value back.
 */
export function jsonLdScript(data: unknown): Html {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return trustedHtml(`<script type="application/ld+json">${json}</script>`);
}
