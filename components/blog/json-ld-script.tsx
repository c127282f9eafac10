/**
 * Structured data as the API returns it. `<` is escaped so no string in the post (a title with
 * `</script>`) can end the script element early; JSON.parse reads the same value back.
 */
export function JsonLdScript({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
