// The entry listing's 200 answer. With full=1 each entry's `data` is the JSON text PostgreSQL
// returned (jsonb's own output, valid JSON), written into the body as is: parsing 50 documents
// only to serialise them again was most of the published listing's work (issue 27). Key order
// is that of every other entry answer: id, version, title, summary, slug, tag?, data, updatedAt.
import type { EntryList } from "./list-entries";

export function entryListResponse(list: EntryList): Response {
  const { entries, dataTexts, ...rest } = list;
  const items = entries.map((entry, index) => {
    if (!dataTexts) return JSON.stringify(entry);
    const { updatedAt, ...head } = entry;
    const open = JSON.stringify(head);
    return `${open.slice(0, -1)},"data":${dataTexts[index]},"updatedAt":${JSON.stringify(updatedAt)}}`;
  });
  const tail = JSON.stringify(rest).slice(1); // `"pageInfo":…}` (and `includes` when asked)
  return new Response(`{"entries":[${items.join(",")}],${tail}`, { headers: { "content-type": "application/json" } });
}
