// RFC 7240 `Prefer: return=representation`: the client asks for a fuller response body than the
// contract's minimal one (e.g. per-item results of a bulk call). Without it bodies stay exactly
// as SPEC describes them.
export function wantsRepresentation(req: Request): boolean {
  const prefer = req.headers.get("prefer");
  if (!prefer) return false;
  return prefer
    .split(",")
    .some((preference) => preference.trim().toLowerCase().replace(/\s+/g, "") === "return=representation");
}
