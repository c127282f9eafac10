// Links and image sources on the public pages come from the post (cover image, co-author URLs),
// which the API only accepts as http(s) URLs. A value that reached the database some other way is
// still never written into an attribute unless it is http(s) or a path of this site.
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null;
}
