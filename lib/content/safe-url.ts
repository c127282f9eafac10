// The one URL policy for rendered content: which URLs may appear as a link target or an image
// source in HTML and Markdown output. Anything else is dropped by sanitizeDocument.
//
// - Links: http, https, mailto, tel, and relative URLs. Images: http, https, relative, and
//   base64 `data:image/(png|gif|jpeg|webp)` (not svg, which can carry script).
// - Browsers ignore tabs and newlines inside a URL and trim control characters and spaces
//   around it ("java\tscript:" is javascript:), so the scheme is judged after doing the same.
// - The result is also made safe for Markdown, whose renderers decode character references in
//   link destinations ("javascript&#58;…" would come back as javascript:) and end a destination
//   at whitespace or an unbalanced ")": those characters are percent-encoded.
export type UrlKind = "link" | "image";

const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/]+=*$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const MAX_LENGTH = 8192;
// Characters that end or alter a Markdown link destination or title, or an HTML attribute.
const ENCODE: Record<string, string> = {
  " ": "%20",
  '"': "%22",
  "'": "%27",
  "(": "%28",
  ")": "%29",
  "<": "%3C",
  ">": "%3E",
  "\\": "%5C",
  "`": "%60",
};

export function safeUrl(value: unknown, kind: UrlKind): string | null {
  if (typeof value !== "string") return null;
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  if (url === "" || url.length > MAX_LENGTH) return null;
  if (/[\u0000-\u001f\u007f]/.test(url)) return null;

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === "data") return kind === "image" && DATA_IMAGE.test(url) ? url : null;
  if (scheme !== undefined) {
    const allowed = kind === "link" ? LINK_SCHEMES : IMAGE_SCHEMES;
    if (!allowed.has(scheme)) return null;
    if ((scheme === "http" || scheme === "https") && !URL.canParse(url)) return null;
  }
  return url
    .replace(/[ "'()<>\\`]/g, (char) => ENCODE[char])
    .replace(/&(?=#|[a-z][a-z0-9]*;)/gi, "%26");
}
