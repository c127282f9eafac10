// Next passes a page's searchParams as `string | string[] | undefined` per name (a name given
// twice is an array). The dashboard's filters and pages read the first value, trimmed; blank is
// absent.
export function one(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}
