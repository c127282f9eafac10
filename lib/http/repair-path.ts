// A request path whose percent-escapes are not UTF-8 (e.g. /api/posts/by-username/%ED%A0%80)
// made Next's app-route param decoding throw, which surfaced as a bare 500. Such a path names
// nothing, like a path value with a NUL (storable-text.ts): each undecodable segment is
// re-encoded with U+FFFD for its invalid bytes, so the route answers as it does for any unknown
// name (its own 404 or format 400). Used by the server in scripts/serve.ts before Next sees it.

const decoder = new TextDecoder("utf-8", { fatal: false });

export function repairRequestUrl(url: string): string {
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  const rest = query < 0 ? "" : url.slice(query);
  let changed = false;
  const segments = pathname.split("/").map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return encodeURIComponent(decoder.decode(percentBytes(segment)));
    }
  });
  return changed ? segments.join("/") + rest : url;
}

/** The bytes a segment stands for: %XX escapes as bytes, other characters as their UTF-8. */
function percentBytes(segment: string): Uint8Array {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < segment.length; i++) {
    const escape = /^%[0-9a-fA-F]{2}/.exec(segment.slice(i, i + 3));
    if (escape) {
      bytes.push(parseInt(segment.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...encoder.encode(segment[i]));
    }
  }
  return Uint8Array.from(bytes);
}
